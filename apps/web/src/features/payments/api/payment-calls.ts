import { api, type CartProduct, type Output } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

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
  /** An instructor certification request (5) or renewal (7): the request paid for. */
  request_id?: number;
};

/** The identifying fields every payment call carries (a claim's code only when there is one). */
const targetBody = (target: PaymentTarget) => ({
  object_type: target.object_type,
  object_id: target.object_id ?? null,
  training_id: target.training_id ?? null,
  ...(target.attendance_code ? { attendance_code: target.attendance_code } : {}),
  ...(target.certificate_code ? { certificate_code: target.certificate_code } : {}),
  ...(target.request_id ? { request_id: target.request_id } : {}),
});

/** GET /trainings/{id}?user_type=…: the session, its course and the course price. */
export const trainingQuery = (id: number, userType: number) =>
  queryOptions({
    queryKey: ['trainings', id, userType],
    queryFn: () => call(api.trainings.detail, { params: { id }, query: { user_type: userType } }),
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
      ...(target.request_id ? [target.request_id] : []),
    ],
    queryFn: () =>
      call(api.payments.checkProductOrder, { body: { ...targetBody(target), products: target.products } }),
  });

/** POST /payments/create-order-transaction: answers t_key. */
export const createOrderTransaction = (target: PaymentTarget) =>
  call(api.payments.createOrderTransaction, {
    body: {
      ...targetBody(target),
      meta: { products: target.products ?? [] },
      ...target.delivery,
    },
  });

/** The card payment the gateway opened for a transaction. */
export type PaymentIntent = Output<typeof api.payments.createPaymentIntent>;

/** POST /payments/stripe/create-payment-intent */
export const createPaymentIntent = (target: PaymentTarget, tKey: string) =>
  call(api.payments.createPaymentIntent, { body: { ...targetBody(target), t_key: tKey } });

/** POST /payments/sandbox/confirm: what Stripe.js does with the card, for the built-in gateway. */
export const sandboxConfirm = (body: {
  client_secret: string;
  number: string;
  exp_month: number | null;
  exp_year: number | null;
  cvc: string;
  email: string;
}) => call(api.payments.sandboxConfirm, { body });

/** POST /payments/sandbox/intents/{id}/authenticate: the answer of the 3-D Secure step. */
export const sandboxAuthenticate = (intentId: string, clientSecret: string, approve: boolean) =>
  call(api.payments.sandboxAuthenticate, {
    params: { id: intentId },
    body: { client_secret: clientSecret, approve },
  });

/**
 * POST /payments/stripe/create-payment-order (after the 3–5 s wait); 202 while still processing.
 * With withKey the transaction key goes too (shop orders), and a stale one is answered 400.
 */
export const createPaymentOrder = (target: PaymentTarget, intent: PaymentIntent, withKey = false) =>
  call(api.payments.createPaymentOrder, {
    body: {
      ...targetBody(target),
      payment_intent_id: intent.paymentIntentId,
      client_secret: intent.clientSecret,
      ...(withKey ? { t_key: intent.t_key } : {}),
    },
  });

/** POST /courses/order-course/create: a free registration. */
export const createFreeOrder = (target: PaymentTarget) =>
  call(api.payments.createFreeOrder, { body: targetBody(target) });

/** GET /payments/config: the gateway that takes cards (sandbox or stripe) and its publishable key. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => call(api.payments.config),
  staleTime: Infinity,
});
