import { PAYMENT_MESSAGES, type IntentStatus } from '@mels/domain';
import Stripe from 'stripe';
import type { PaymentGateway, PaymentIntent } from './types.ts';

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Tests point the SDK at a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

function present(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    lastError: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe through its SDK; the browser confirms the card with Stripe.js (locale ja). */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          payment_method_types: ['card'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return present(intent);
    },
    async retrieveIntent(id) {
      try {
        return present(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null;
        throw error;
      }
    },
    async cancelIntent(id) {
      return present(await stripe.paymentIntents.cancel(id));
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amount },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new Error(PAYMENT_MESSAGES.webhookSignature);
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { object?: string };
      const intent = object.object === 'payment_intent' ? present(object as Stripe.PaymentIntent) : null;
      return { type: event.type, intent };
    },
  };
}
