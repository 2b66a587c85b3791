import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { OBJECT_TYPE, ORDER_STATUS, type OrderView } from '@mels/domain';
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
  /** paidBefore: the purchase was paid already (another tab, a second charge refunded): that message. */
  | { kind: 'complete'; paidBefore?: string }
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

/** Stripe's code for confirming an intent that is no longer waiting for a card (paid or cancelled). */
export const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

/** Thrown by a card confirmation that met an intent in an unexpected state. */
export class UnexpectedStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedStateError';
  }
}

/** The server's answers for a purchase that is paid already (decision 017): never a second charge. */
const PAID_BEFORE = ['ALREADY_PAID', 'DUPLICATE_CHARGE_REFUNDED'];

const isUnexpectedState = (error: unknown) =>
  error instanceof UnexpectedStateError ||
  (error instanceof ApiRequestError && error.code === UNEXPECTED_STATE);

/**
 * The steps every card payment shares, whichever gateway confirms the card:
 * create-order-transaction → create-payment-intent (both reused on a retry) → [the gateway confirms]
 * → a random 3–5 s wait → create-payment-order. 400 FREE_ORDER hands over to the free path,
 * NG_PENDING_PAYMENT shows the processing page, a system-check error its own page.
 * The server keeps one open intent per purchase (decision 017), so a second tab gets the first
 * tab's intent and t_key. An intent in an unexpected state (paid in another tab, or cancelled) is
 * recorded when it was paid (the 'already paid' outcome, never a second charge); otherwise a new
 * intent is asked for and the card confirmed once more. ALREADY_PAID and DUPLICATE_CHARGE_REFUNDED
 * show the 'already paid' outcome. Shop orders (spec 000 §8): a 400 on create-payment-order is
 * retried without the key.
 */
export function usePaymentFlow({ target, onComplete, onFree }: PaymentFlowProps) {
  const { t } = useI18n();
  const [phase, setPhase] = useState<PaymentPhase>({ kind: 'form' });
  const tKey = useRef<string | null>(null);
  const intent = useRef<PaymentIntent | null>(null);
  const isShop = target.object_type === OBJECT_TYPE.shopOrder;

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'FREE_ORDER' && onFree) {
      onFree();
      return;
    }
    if (error instanceof ApiRequestError && PAID_BEFORE.includes(error.code ?? '')) {
      // A second charge refunded: the server's words say so; else the outcome's own (ja/en).
      const paidBefore =
        error.code === 'DUPLICATE_CHARGE_REFUNDED' ? error.message : t.payments.outcome.alreadyPaidBody;
      setPhase({ kind: 'complete', paidBefore });
      onComplete?.();
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
    // Another tab's open intent of the same purchase comes with its own transaction.
    tKey.current = intent.current.t_key;
    return intent.current;
  };

  /** A failed authentication or a declined card at Stripe leaves the intent unusable. */
  const dropIntent = () => {
    intent.current = null;
  };

  const finish = (order: OrderView, paidBefore?: string) => {
    if (order.status === ORDER_STATUS.complete) {
      setPhase(paidBefore ? { kind: 'complete', paidBefore } : { kind: 'complete' });
      onComplete?.();
    } else setPhase({ kind: 'processing' });
  };

  const recordOrder = async (paid: PaymentIntent): Promise<OrderView> => {
    if (!isShop) return createPaymentOrder(target, paid);
    try {
      return await createPaymentOrder(target, paid, true);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400)
        return createPaymentOrder(target, paid, false);
      throw error;
    }
  };

  const record = async (paid: PaymentIntent) => {
    setPhase({ kind: 'recording' });
    await paymentOrderDelay();
    finish(await recordOrder(paid));
  };

  /**
   * Confirms the card on the current intent. When the intent is in an unexpected state: if it was
   * paid after all (another tab), its order is recorded, the 'already paid' outcome shown and null
   * answered; otherwise a new intent is asked for and the card is confirmed once more.
   */
  const confirmIntent = async <R,>(
    confirm: (current: PaymentIntent) => Promise<R>,
  ): Promise<{ intent: PaymentIntent; result: R } | null> => {
    const current = await prepareIntent();
    try {
      return { intent: current, result: await confirm(current) };
    } catch (error) {
      if (!isUnexpectedState(error)) throw error;
      try {
        finish(await createPaymentOrder(target, current), t.payments.outcome.alreadyPaidBody);
        return null;
      } catch (recordError) {
        if (!(recordError instanceof ApiRequestError) || recordError.status !== 402) throw recordError;
      }
      tKey.current = null;
      intent.current = null;
      const fresh = await prepareIntent();
      return { intent: fresh, result: await confirm(fresh) };
    }
  };

  return { phase, setPhase, fail, prepareIntent, confirmIntent, dropIntent, record };
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
  if (phase.kind === 'complete' && phase.paidBefore)
    return (
      <PaymentOutcome tone="complete" title={m.outcome.alreadyPaidTitle} message={phase.paidBefore}>
        {completeActions}
      </PaymentOutcome>
    );
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
