import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  createOrderTransaction,
  createPaymentIntent,
  createPaymentOrder,
  type PaymentIntent,
  type PaymentTarget,
} from './api/payment-calls.ts';
import { paymentFailure, paymentOrderDelay } from './payment-errors.ts';
import { PaymentOutcome, ProcessingOutcome, SystemErrorOutcome } from './payment-outcome.tsx';

export type PaymentPhase =
  | { kind: 'form' }
  | { kind: 'working' }
  | { kind: 'authenticate'; intent: PaymentIntent }
  | { kind: 'recording' }
  | { kind: 'complete' }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string }
  | { kind: 'system'; message: string };

export type PaymentFlowProps = {
  target: PaymentTarget;
  amount: number;
  defaultEmail?: string;
  onComplete?: () => void;
  onFree?: () => void;
  completeActions?: ReactNode;
};

/**
 * The steps every card payment shares, whichever gateway confirms the card:
 * create-order-transaction → create-payment-intent (both reused on a retry) → [the gateway confirms]
 * → a random 3–5 s wait → create-payment-order. 400 FREE_ORDER hands over to the free path,
 * NG_PENDING_PAYMENT shows the processing page, a system-check error its own page.
 */
export function usePaymentFlow({ target, onComplete, onFree }: PaymentFlowProps) {
  const { t } = useI18n();
  const [phase, setPhase] = useState<PaymentPhase>({ kind: 'form' });
  const tKey = useRef<string | null>(null);
  const intent = useRef<PaymentIntent | null>(null);

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'FREE_ORDER' && onFree) {
      onFree();
      return;
    }
    if (error instanceof ApiRequestError && error.code === 'NG_PENDING_PAYMENT') {
      setPhase({ kind: 'processing' });
      return;
    }
    const failure = paymentFailure(error, t.errors.generic);
    setPhase(
      failure.systemError
        ? { kind: 'system', message: failure.message }
        : { kind: 'failed', message: failure.message },
    );
  };

  /** The order transaction and the intent, made once and reused until the intent is dropped. */
  const prepareIntent = async (): Promise<PaymentIntent> => {
    tKey.current ??= (await createOrderTransaction(target)).t_key;
    intent.current ??= await createPaymentIntent(target, tKey.current);
    return intent.current;
  };

  /** A failed authentication or a declined card at Stripe leaves the intent unusable. */
  const dropIntent = () => {
    intent.current = null;
  };

  const record = async (paid: PaymentIntent) => {
    setPhase({ kind: 'recording' });
    await paymentOrderDelay();
    const order = await createPaymentOrder(target, paid);
    if (order.status === 3) {
      setPhase({ kind: 'complete' });
      onComplete?.();
    } else setPhase({ kind: 'processing' });
  };

  return { phase, setPhase, fail, prepareIntent, dropIntent, record };
}

/** The pages that replace the form once a payment has an outcome; null while the form is shown. */
export function PaymentFlowOutcome({
  phase,
  onBack,
  completeActions,
}: {
  phase: PaymentPhase;
  onBack: () => void;
  completeActions?: ReactNode;
}) {
  const { t } = useI18n();
  const m = t.payments;
  if (phase.kind === 'complete')
    return (
      <PaymentOutcome tone="complete" title={m.outcome.completeTitle} message={m.outcome.completeBody}>
        {completeActions}
      </PaymentOutcome>
    );
  if (phase.kind === 'processing') return <ProcessingOutcome onBack={onBack} />;
  if (phase.kind === 'system') return <SystemErrorOutcome message={phase.message} onBack={onBack} />;
  if (phase.kind === 'failed')
    return (
      <PaymentOutcome
        tone="failed"
        title={m.outcome.failedTitle}
        message={
          <Stack gap={4}>
            <Text size="sm" fw={700} data-testid="payment-error">
              {phase.message}
            </Text>
            <Text size="sm">{m.outcome.failedBody}</Text>
          </Stack>
        }
      >
        <Button onClick={onBack}>{m.outcome.retry}</Button>
      </PaymentOutcome>
    );
  return null;
}

/** The busy line while the gateway or the server works. */
export function PaymentWorking() {
  const { t } = useI18n();
  return (
    <Group gap="sm" py="xl" justify="center" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text>{t.payments.card.paying}</Text>
    </Group>
  );
}

/** The amount and the pay button at the foot of a card form. */
export function PayRow({ amount, disabled = false }: { amount: number; disabled?: boolean }) {
  const { t, f } = useI18n();
  const m = t.payments.card;
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Text>
        {m.amount}:{' '}
        <Text component="span" fw={700} fz="lg">
          {formatYen(amount)}
        </Text>
      </Text>
      <Button type="submit" disabled={disabled}>
        {f(m.pay, formatYen(amount))}
      </Button>
    </Group>
  );
}
