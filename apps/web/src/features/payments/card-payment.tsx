import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CARD_BRAND_LABELS, cardBrand, normalizeEmail } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  paymentConfigQuery,
  sandboxAuthenticate,
  sandboxConfirm,
  type PaymentIntent,
} from './api/payment-calls.ts';
import { cardResolver, confirmBody, formatCardNumber, formatExpiry, type CardValues } from './card-fields.ts';
import classes from './card-payment.module.css';
import {
  PaymentFlowOutcome,
  PaymentWorking,
  PayRow,
  usePaymentFlow,
  type PaymentFlowProps,
} from './payment-flow.tsx';
import { useLocalizedResolver } from '../../lib/messages.ts';

const StripeCardPayment = lazy(() => import('./stripe-card-payment.tsx'));

/**
 * The card payment: Stripe Elements when the server's gateway is Stripe (Stripe.js loaded only
 * then, in its own chunk), else the built-in sandbox's card form.
 */
export function CardPayment(props: PaymentFlowProps) {
  const config = useQuery(paymentConfigQuery);
  const { user, isLoadingUser } = useAuth();
  // The receipt address starts as the member's own on every payment page (issue 13 §6); the form
  // is made once the member is known, so that the default is there from the start.
  if (config.isPending || isLoadingUser) return <PaymentWorking />;
  if (config.isError) return <QueryError error={config.error} onRetry={() => void config.refetch()} />;
  const withEmail = { ...props, defaultEmail: props.defaultEmail || user?.email || '' };
  if (config.data.gateway === 'stripe')
    return (
      <Suspense fallback={<PaymentWorking />}>
        <StripeCardPayment {...withEmail} publicKey={config.data.publicKey} />
      </Suspense>
    );
  return <SandboxCardPayment {...withEmail} />;
}

/**
 * The built-in (sandbox) gateway: a test-environment banner, the card form, the sandbox's own
 * 3-D Secure step; sandbox/confirm stands where Stripe.js confirms the card.
 */
function SandboxCardPayment(props: PaymentFlowProps) {
  const { amount, defaultEmail = '', completeActions } = props;
  const { t, f } = useI18n();
  const m = t.payments;
  const { phase, setPhase, fail, confirmIntent, dropIntent, record } = usePaymentFlow(props);
  const form = useForm<CardValues>({
    resolver: useLocalizedResolver(cardResolver),
    defaultValues: { number: '', expiry: '', cvc: '', email: defaultEmail },
  });
  const number = useWatch({ control: form.control, name: 'number' });
  const brand = cardBrand(number);

  const pay = async (values: CardValues) => {
    setPhase({ kind: 'working' });
    try {
      const confirmed = await confirmIntent((current) =>
        sandboxConfirm({ ...confirmBody(values), client_secret: current.clientSecret }),
      );
      if (!confirmed) return;
      if (confirmed.result.status === 'requires_action')
        setPhase({ kind: 'authenticate', intent: confirmed.intent });
      else await record(confirmed.intent);
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
      dropIntent();
      fail(error);
    }
  };

  const outcome = (
    <PaymentFlowOutcome
      phase={phase}
      onBack={() => setPhase({ kind: 'form' })}
      completeActions={completeActions}
    />
  );
  if (
    phase.kind === 'complete' ||
    phase.kind === 'processing' ||
    phase.kind === 'system' ||
    phase.kind === 'failed'
  )
    return outcome;

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
        <PaymentWorking />
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
              <PayRow amount={amount} />
            </Stack>
          </fieldset>
        </form>
      )}
    </Paper>
  );
}
