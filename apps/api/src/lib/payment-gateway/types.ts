import type { CardErrorCode, IntentStatus } from '@mels/domain';

export type GatewayName = 'sandbox' | 'stripe';

/** A PaymentIntent as both adapters show it (Stripe's fields we use). */
export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message of the last failed attempt (Japanese for the sandbox). */
  lastError: string | null;
};

export type CreateIntentInput = {
  amount: number;
  currency: 'jpy';
  metadata: Record<string, string>;
  idempotencyKey: string;
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; email: string };

export type ConfirmResult = {
  intent: PaymentIntent;
  brand: string;
  last4: string;
  /** Set when the card was declined: code (card_declined…) and the provider's message. */
  error: { code: CardErrorCode; message: string } | null;
};

export type PaymentGateway = {
  readonly name: GatewayName;
  readonly publishableKey: string;
  createIntent: (input: CreateIntentInput) => Promise<PaymentIntent>;
  /** null when the gateway does not know the id. */
  retrieveIntent: (id: string) => Promise<PaymentIntent | null>;
  cancelIntent: (id: string) => Promise<PaymentIntent>;
  /** Returns the money of a succeeded intent (all of it); the key makes a retry a no-op. */
  refund: (input: {
    intentId: string;
    amount: number;
    idempotencyKey: string;
  }) => Promise<{ id: string; status: string }>;
  /** Sandbox only: what Stripe.js does in the browser (confirmCardPayment). */
  confirmCard?: (clientSecret: string, card: CardInput) => Promise<ConfirmResult>;
  /** Sandbox only: the answer of the 3-D Secure page. */
  authenticate?: (id: string, clientSecret: string, approve: boolean) => Promise<PaymentIntent>;
  /**
   * Stripe only: verifies a webhook's signature over the raw body and returns the event
   * (throws when the signature is wrong).
   */
  parseWebhook?: (rawBody: Buffer, signature: string) => { type: string; intent: PaymentIntent | null };
};
