import type { CartProduct, ErrorCode, OrderView, PaymentConfig, TrainingDetail } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** Where a shop order is sent. */
export type Delivery = { postal_code: string; address: string; customer_name: string; phone: string };

/**
 * What is paid for: object_type and object_id (plus the session, when there is one); a shop order
 * (object_type 4) is its cart's products and the delivery address instead.
 */
export type PaymentTarget = {
  object_type: number;
  object_id?: number | null;
  training_id?: number | null;
  products?: CartProduct[];
  delivery?: Delivery;
  /** A certificate of the older system (object_type 3, データ移行): the code it is claimed by. */
  attendance_code?: string;
  certificate_code?: string;
};

/** The identifying fields every payment call carries (a claim's code only when there is one). */
const targetBody = (target: PaymentTarget) => ({
  object_type: target.object_type,
  object_id: target.object_id ?? null,
  training_id: target.training_id ?? null,
  ...(target.attendance_code ? { attendance_code: target.attendance_code } : {}),
  ...(target.certificate_code ? { certificate_code: target.certificate_code } : {}),
});

/** GET /trainings/{id}?user_type=…: the session, its course and the course price. */
export const trainingQuery = (id: number, userType: number) =>
  queryOptions({
    queryKey: ['trainings', id, userType],
    queryFn: () => apiData<TrainingDetail>(`/trainings/${id}`, { query: { user_type: userType } }),
  });

/** POST /payments/check-product-order: can it be bought, and the server's amount. */
export const checkProductOrderQuery = (target: PaymentTarget) =>
  queryOptions({
    queryKey: [
      'payments',
      'check',
      target.object_type,
      target.object_id,
      ...(target.attendance_code || target.certificate_code
        ? [target.attendance_code ?? '', target.certificate_code ?? '']
        : []),
    ],
    queryFn: () =>
      apiData<{ canBuy: boolean; messages: string[]; codes: ErrorCode[]; amount: number }>(
        '/payments/check-product-order',
        {
          method: 'POST',
          body: { ...targetBody(target), products: target.products },
        },
      ),
  });

/** POST /payments/create-order-transaction: answers t_key. */
export const createOrderTransaction = (target: PaymentTarget) =>
  apiData<{ t_key: string }>('/payments/create-order-transaction', {
    method: 'POST',
    body: {
      ...targetBody(target),
      meta: { products: target.products ?? [] },
      ...target.delivery,
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
    body: { ...targetBody(target), t_key: tKey },
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

/**
 * POST /payments/stripe/create-payment-order (after the 3–5 s wait); 202 while still processing.
 * With withKey the transaction key goes too (shop orders), and a stale one is answered 400.
 */
export const createPaymentOrder = (target: PaymentTarget, intent: PaymentIntent, withKey = false) =>
  apiData<OrderView>('/payments/stripe/create-payment-order', {
    method: 'POST',
    body: {
      ...targetBody(target),
      payment_intent_id: intent.paymentIntentId,
      client_secret: intent.clientSecret,
      ...(withKey ? { t_key: intent.t_key } : {}),
    },
  });

/** POST /courses/order-course/create: a free registration. */
export const createFreeOrder = (target: PaymentTarget) =>
  apiData<OrderView>('/courses/order-course/create', { method: 'POST', body: targetBody(target) });

/** GET /payments/config: the gateway that takes cards (sandbox or stripe) and its publishable key. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => apiData<PaymentConfig>('/payments/config'),
  staleTime: Infinity,
});
