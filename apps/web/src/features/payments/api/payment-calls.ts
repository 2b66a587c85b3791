import type { OrderView, PaymentConfig, TrainingDetail } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** What is paid for: object_type and object_id (plus the session, when there is one). */
export type PaymentTarget = { object_type: number; object_id: number; training_id?: number | null };

/** GET /trainings/{id}?user_type=…: the session, its course and the course price. */
export const trainingQuery = (id: number, userType: number) =>
  queryOptions({
    queryKey: ['trainings', id, userType],
    queryFn: () => apiData<TrainingDetail>(`/trainings/${id}`, { query: { user_type: userType } }),
  });

/** POST /payments/check-product-order: can it be bought, and the server's amount. */
export const checkProductOrderQuery = (target: PaymentTarget) =>
  queryOptions({
    queryKey: ['payments', 'check', target.object_type, target.object_id],
    queryFn: () =>
      apiData<{ canBuy: boolean; messages: string[]; amount: number }>('/payments/check-product-order', {
        method: 'POST',
        body: target,
      }),
  });

/** POST /payments/create-order-transaction: answers t_key. */
export const createOrderTransaction = (target: PaymentTarget) =>
  apiData<{ t_key: string }>('/payments/create-order-transaction', {
    method: 'POST',
    body: {
      object_type: target.object_type,
      object_id: target.object_id,
      training_id: target.training_id ?? null,
      meta: { products: [] },
    },
  });

export type PaymentIntent = {
  clientSecret: string;
  publicKey: string;
  paymentIntentId: string;
  amount: number;
  t_key: string;
  gateway: 'sandbox' | 'stripe';
};

/** POST /payments/stripe/create-payment-intent */
export const createPaymentIntent = (target: PaymentTarget, tKey: string) =>
  apiData<PaymentIntent>('/payments/stripe/create-payment-intent', {
    method: 'POST',
    body: { ...target, t_key: tKey },
  });

export type SandboxConfirmResult = {
  id: string;
  status: string;
  brand: string;
  last4: string;
  next_action: { type: 'sandbox_authenticate'; url: string } | null;
};

/** POST /payments/sandbox/confirm: what Stripe.js does with the card, for the built-in gateway. */
export const sandboxConfirm = (body: {
  client_secret: string;
  number: string;
  exp_month: number | null;
  exp_year: number | null;
  cvc: string;
  email: string;
}) => apiData<SandboxConfirmResult>('/payments/sandbox/confirm', { method: 'POST', body });

/** POST /payments/sandbox/intents/{id}/authenticate: the answer of the 3-D Secure step. */
export const sandboxAuthenticate = (intentId: string, clientSecret: string, approve: boolean) =>
  apiData<SandboxConfirmResult>(`/payments/sandbox/intents/${encodeURIComponent(intentId)}/authenticate`, {
    method: 'POST',
    body: { client_secret: clientSecret, approve },
  });

/** POST /payments/stripe/create-payment-order (after the 3–5 s wait); 202 while still processing. */
export const createPaymentOrder = (target: PaymentTarget, intent: PaymentIntent) =>
  apiData<OrderView>('/payments/stripe/create-payment-order', {
    method: 'POST',
    body: { ...target, payment_intent_id: intent.paymentIntentId, client_secret: intent.clientSecret },
  });

/** POST /courses/order-course/create: a free registration. */
export const createFreeOrder = (target: PaymentTarget) =>
  apiData<OrderView>('/courses/order-course/create', { method: 'POST', body: target });

/** GET /payments/config: the gateway that takes cards (sandbox or stripe) and its publishable key. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => apiData<PaymentConfig>('/payments/config'),
  staleTime: Infinity,
});
