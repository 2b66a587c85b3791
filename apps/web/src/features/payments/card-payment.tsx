import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CARD_BRAND_LABELS, cardBrand, normalizeEmail } from '@mels/domain';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  createOrderTransaction,
  createPaymentIntent,
  createPaymentOrder,
  sandboxAuthenticate,
  sandboxConfirm,
  type PaymentIntent,
  type PaymentTarget,
} from './api/payment-calls.ts';
import { cardResolver, confirmBody, formatCardNumber, formatExpiry, type CardValues } from './card-fields.ts';
import classes from './card-payment.module.css';
import { paymentFailure, paymentOrderDelay } from './payment-errors.ts';
import { PaymentOutcome, ProcessingOutcome, SystemErrorOutcome } from './payment-outcome.tsx';

type Phase =
  | { kind: 'form' }
  | { kind: 'working' }
  | { kind: 'authenticate'; intent: PaymentIntent }
  | { kind: 'recording' }
  | { kind: 'complete' }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string }
  | { kind: 'system'; message: string };

/**
 * The card payment of the built-in (sandbox) gateway: a test-environment banner, the card form,
 * the sandbox's own 3-D Secure step, a random 3–5 s wait, then the order is recorded.
 * create-order-transaction → create-payment-intent → sandbox/confirm → (authenticate) → create-payment-order.
 * An amount under 50 yen (400 FREE_ORDER) hands over to the free path through onFree.
 */
export function CardPayment({
  target,
  amount,
  defaultEmail = '',
  onComplete,
  onFree,
  completeActions,
}: {
  target: PaymentTarget;
  amount: number;
  defaultEmail?: string;
  onComplete?: () => void;
  onFree?: () => void;
  completeActions?: ReactNode;
}) {
  const { t, f } = useI18n();
  const m = t.payments;
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const tKey = useRef<string | null>(null);
  const intent = useRef<PaymentIntent | null>(null);
  const form = useForm<CardValues>({
    resolver: cardResolver,
    defaultValues: { number: '', expiry: '', cvc: '', email: defaultEmail },
  });
  const number = useWatch({ control: form.control, name: 'number' });
  const brand = cardBrand(number);

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

  const record = async (paid: PaymentIntent) => {
    setPhase({ kind: 'recording' });
    await paymentOrderDelay();
    const order = await createPaymentOrder(target, paid);
    if (order.status === 3) {
      setPhase({ kind: 'complete' });
      onComplete?.();
    } else setPhase({ kind: 'processing' });
  };

  const pay = async (values: CardValues) => {
    setPhase({ kind: 'working' });
    try {
      tKey.current ??= (await createOrderTransaction(target)).t_key;
      intent.current ??= await createPaymentIntent(target, tKey.current);
      const current = intent.current;
      const confirmed = await sandboxConfirm({ ...confirmBody(values), client_secret: current.clientSecret });
      if (confirmed.status === 'requires_action') setPhase({ kind: 'authenticate', intent: current });
      else await record(current);
    } catch (error) {
      fail(error);
    }
  };

  const authenticate = async (current: PaymentIntent, approve: boolean) => {
    setPhase({ kind: 'working' });
    try {
      await sandboxAuthenticate(current.paymentIntentId, current.clientSecret, approve);
      await record(current);
    } catch (error) {
      // A denied authentication leaves the intent unusable: the next attempt makes a new one.
      intent.current = null;
      fail(error);
    }
  };

  const backToForm = () => setPhase({ kind: 'form' });

  if (phase.kind === 'complete')
    return (
      <PaymentOutcome tone="complete" title={m.outcome.completeTitle} message={m.outcome.completeBody}>
        {completeActions}
      </PaymentOutcome>
    );
  if (phase.kind === 'processing') return <ProcessingOutcome onBack={backToForm} />;
  if (phase.kind === 'system') return <SystemErrorOutcome message={phase.message} onBack={backToForm} />;
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
        <Button onClick={backToForm}>{m.outcome.retry}</Button>
      </PaymentOutcome>
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.card}>
      <div className={classes.banner} role="note">
        <span className={classes.bannerLabel}>{m.card.sandboxBanner}</span>
        <Text size="sm" component="span">
          {m.card.sandboxNote}
        </Text>
      </div>
      {phase.kind === 'authenticate' ? (
        <section aria-labelledby="secure-title" className={classes.secure}>
          <Stack gap="md">
            <Title order={2} fz={20} id="secure-title">
              {m.secure.title}
            </Title>
            <Text>{m.secure.body}</Text>
            <Text fw={700}>{f(m.secure.detail, formatYen(amount))}</Text>
            <Group gap="sm">
              <Button onClick={() => void authenticate(phase.intent, true)}>{m.secure.approve}</Button>
              <Button variant="default" onClick={() => void authenticate(phase.intent, false)}>
                {m.secure.deny}
              </Button>
            </Group>
          </Stack>
        </section>
      ) : phase.kind === 'recording' || phase.kind === 'working' ? (
        <Group gap="sm" py="xl" justify="center" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>{m.card.paying}</Text>
        </Group>
      ) : (
        <form noValidate onSubmit={(event) => void form.handleSubmit(pay)(event)}>
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>{m.card.legend}</legend>
            <Stack gap="md">
              <Text size="xs" c="dimmed">
                {m.card.acceptedBrands}
              </Text>
              <TextInput
                label={m.card.number}
                required
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                {...form.register('number', {
                  onChange: (e: { target: HTMLInputElement }) =>
                    form.setValue('number', formatCardNumber(e.target.value), {
                      shouldValidate: form.formState.isSubmitted,
                    }),
                })}
                rightSectionWidth={brand === 'unknown' ? undefined : 150}
                rightSection={
                  brand === 'unknown' ? null : (
                    <Badge
                      variant="light"
                      data-testid="card-brand"
                      aria-label={f(m.card.brand, CARD_BRAND_LABELS[brand])}
                    >
                      {CARD_BRAND_LABELS[brand]}
                    </Badge>
                  )
                }
                error={form.formState.errors.number?.message}
              />
              <div className={classes.row}>
                <TextInput
                  label={m.card.expiry}
                  required
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  {...form.register('expiry', {
                    onChange: (e: { target: HTMLInputElement }) =>
                      form.setValue('expiry', formatExpiry(e.target.value), {
                        shouldValidate: form.formState.isSubmitted,
                      }),
                  })}
                  error={form.formState.errors.expiry?.message}
                />
                <TextInput
                  label={m.card.cvc}
                  required
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  placeholder="123"
                  {...form.register('cvc')}
                  error={form.formState.errors.cvc?.message}
                />
              </div>
              <TextInput
                label={m.card.email}
                description={m.card.emailHelp}
                type="email"
                required
                autoComplete="email"
                {...form.register('email', {
                  onBlur: (e: { target: HTMLInputElement }) =>
                    form.setValue('email', normalizeEmail(e.target.value)),
                })}
                error={form.formState.errors.email?.message}
              />
              <Group justify="space-between" align="center" wrap="wrap">
                <Text>
                  {m.card.amount}:{' '}
                  <Text component="span" fw={700} fz="lg">
                    {formatYen(amount)}
                  </Text>
                </Text>
                <Button type="submit">{f(m.card.pay, formatYen(amount))}</Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </Paper>
  );
}
