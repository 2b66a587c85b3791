import { Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { normalizeEmail, PAYMENT_MESSAGES } from '@mels/domain';
import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import classes from './card-payment.module.css';
import {
  PaymentFlowOutcome,
  PaymentWorking,
  PayRow,
  UNEXPECTED_STATE,
  UnexpectedStateError,
  usePaymentFlow,
  type PaymentFlowProps,
} from './payment-flow.tsx';
import { useMessage } from '../../lib/messages.ts';

/** One Stripe object per publishable key and locale (Stripe asks to share it). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publicKey: string, locale: 'ja' | 'en') {
  const key = `${publicKey}|${locale}`;
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(publicKey, { locale });
    stripes.set(key, stripe);
  }
  return stripe;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Card payment through Stripe: Stripe.js (loaded from js.stripe.com, locale ja) mounts the Card
 * Element, so the card number never touches this app; confirmCardPayment runs 3-D Secure itself.
 * The order is then recorded by the server after it has checked the intent with Stripe.
 */
export default function StripeCardPayment(props: PaymentFlowProps & { publicKey: string }) {
  const { amount, defaultEmail = '', completeActions, publicKey } = props;
  const { t, lang } = useI18n();
  const text = useMessage();
  const m = t.payments;
  const { phase, setPhase, fail, confirmIntent, dropIntent, record } = usePaymentFlow(props);
  const mountPoint = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  const stripe = useRef<Stripe | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const showForm = phase.kind === 'form' || phase.kind === 'working' || phase.kind === 'recording';

  useEffect(() => {
    if (!showForm) return;
    let cancelled = false;
    stripeFor(publicKey, lang === 'en' ? 'en' : 'ja')
      .then((loaded) => {
        if (cancelled) return;
        if (!loaded || !mountPoint.current) {
          setLoadFailed(true);
          return;
        }
        stripe.current = loaded;
        const element = loaded.elements({ locale: lang === 'en' ? 'en' : 'ja' }).create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#6b7280' } } },
        });
        element.on('ready', () => setReady(true));
        element.on('change', (event) => {
          setCardError(event.error?.message ?? null);
          setCardComplete(event.complete);
        });
        element.mount(mountPoint.current);
        card.current = element;
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
      setReady(false);
    };
  }, [publicKey, lang, showForm]);

  const pay = async () => {
    const address = normalizeEmail(email);
    const emailMessage = !address
      ? PAYMENT_MESSAGES.emailRequired
      : EMAIL.test(address)
        ? null
        : PAYMENT_MESSAGES.emailFormat;
    setEmailError(emailMessage && text(emailMessage));
    if (!cardComplete) setCardError((current) => current ?? m.card.stripeIncomplete);
    if (emailMessage || !cardComplete || !stripe.current || !card.current) return;
    setPhase({ kind: 'working' });
    try {
      const loaded = stripe.current;
      const element = card.current;
      const confirmed = await confirmIntent(async (intent) => {
        const result = await loaded.confirmCardPayment(intent.clientSecret, {
          payment_method: { card: element, billing_details: { email: address } },
          receipt_email: address,
        });
        if (result.error?.code === UNEXPECTED_STATE)
          throw new UnexpectedStateError(result.error.message ?? t.errors.generic);
        return result;
      });
      if (!confirmed) return;
      const { intent, result } = confirmed;
      if (result.error) {
        // The provider's own message (Stripe localises it); a failed intent cannot be confirmed again.
        if (result.error.payment_intent?.status !== 'requires_payment_method') dropIntent();
        setPhase({ kind: 'failed', message: result.error.message ?? t.errors.generic });
        return;
      }
      await record(intent);
    } catch (error) {
      fail(error);
    }
  };

  if (!showForm)
    return (
      <PaymentFlowOutcome
        phase={phase}
        onBack={() => setPhase({ kind: 'form' })}
        completeActions={completeActions}
      />
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.card}>
      {phase.kind !== 'form' ? <PaymentWorking /> : null}
      <form
        noValidate
        hidden={phase.kind !== 'form'}
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{m.card.legend}</legend>
          <Stack gap="md">
            <Text size="xs" c="dimmed">
              {m.card.acceptedBrands}
            </Text>
            <Input.Wrapper
              label={m.card.stripeCard}
              required
              error={cardError ?? (loadFailed ? m.card.stripeUnavailable : undefined)}
              id="stripe-card"
            >
              <div
                ref={mountPoint}
                className={classes.stripeField}
                data-ready={ready || undefined}
                data-testid="stripe-card"
              />
            </Input.Wrapper>
            <TextInput
              label={m.card.email}
              description={m.card.emailHelp}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              onBlur={(event) => setEmail(normalizeEmail(event.currentTarget.value))}
              error={emailError}
            />
            <PayRow amount={amount} disabled={!ready} />
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
