/** Payments: carts and fees, card payments through the gateway, offline and free orders (zod-free; schemas in payments.ts). */
import { CARD_ERROR_CODES } from '../error-codes.ts';
import { routeTable as r } from './route-table.ts';

/** What a payable object may answer when it cannot be paid (payableAmount) or is already paid (assertNotPaid). */
const notPayable = {
  404: ['NOT_FOUND'],
  409: ['ALREADY_PAID', 'NG_PENDING_PAYMENT', 'ALREADY_CLAIMED', 'NOT_AWAITING_PAYMENT'],
} as const;

export const paymentsRoutes = {
  payments: r({
    config: {
      method: 'GET',
      path: '/payments/config',
      auth: 'public',
      summary: 'Which gateway takes cards, and its publishable key (for Stripe.js)',
    },
    checkProductOrder: {
      method: 'POST',
      path: '/payments/check-product-order',
      auth: 'user',
      summary:
        'Whether the user may buy (a cart, a fee): canBuy, the messages and their codes (CART_EMPTY, PRODUCT_*, ALREADY_PAID, NG_PENDING_PAYMENT …), the amount',
      dataCodes: [
        'CART_EMPTY',
        'PRODUCT_MISSING',
        'PRODUCT_INACTIVE',
        'PRODUCT_ONCE_PER_USER',
        'PRODUCT_COURSE_ONLY',
        'PRODUCT_OUT_OF_STOCK',
        'ALREADY_PAID',
        'NG_PENDING_PAYMENT',
        'ALREADY_CLAIMED',
        'NOT_AWAITING_PAYMENT',
        'NOT_FOUND',
        'VALIDATION_ERROR',
      ],
    },
    createOrderTransaction: {
      method: 'POST',
      path: '/payments/create-order-transaction',
      auth: 'user',
      summary: 'Open (or reuse) the transaction of a purchase: its key (t_key)',
      errors: {
        400: ['CART_EMPTY', 'PRODUCT_MISSING', 'PRODUCT_INACTIVE'],
        404: ['NOT_FOUND'],
        409: [
          'ALREADY_CLAIMED',
          'NOT_AWAITING_PAYMENT',
          'PRODUCT_OUT_OF_STOCK',
          'PRODUCT_ONCE_PER_USER',
          'PRODUCT_COURSE_ONLY',
        ],
      },
    },
    transaction: {
      method: 'GET',
      path: '/payments/transactions/:t_key',
      auth: 'user',
      summary: "One of the user's transactions",
      errors: { 404: ['NOT_FOUND'] },
    },
    createPaymentIntent: {
      method: 'POST',
      path: '/payments/stripe/create-payment-intent',
      auth: 'user',
      summary: 'Create (or reuse) the card payment of a transaction at the gateway',
      errors: {
        ...notPayable,
        400: ['FREE_ORDER', 'CART_EMPTY', 'PRODUCT_MISSING', 'PRODUCT_INACTIVE'],
        409: [...notPayable[409], 'PRODUCT_OUT_OF_STOCK', 'PRODUCT_ONCE_PER_USER', 'PRODUCT_COURSE_ONLY'],
      },
    },
    createPaymentOrder: {
      method: 'POST',
      path: '/payments/stripe/create-payment-order',
      auth: 'user',
      accepted: true,
      summary:
        'Record the order of a confirmed card payment (202 while the gateway still processes it; a second charge is refunded)',
      errors: {
        400: ['TRANSACTION_MISMATCH'],
        402: ['REQUIRES_ACTION', 'PAYMENT_NOT_COMPLETED'],
        404: ['NOT_FOUND'],
        409: [
          'AMOUNT_MISMATCH',
          'DUPLICATE_CHARGE_REFUNDED',
          'ALREADY_PAID',
          'PRODUCT_OUT_OF_STOCK',
          'PRODUCT_ONCE_PER_USER',
          'PRODUCT_INACTIVE',
        ],
      },
    },
    createOfflineOrder: {
      method: 'POST',
      path: '/payments/create-offline-order',
      auth: 'user',
      summary: 'Pay by bank transfer or on site: the order awaits the payment',
      errors: { ...notPayable, 400: ['FREE_ORDER'] },
    },
    createFreeOrder: {
      method: 'POST',
      path: '/courses/order-course/create',
      auth: 'user',
      summary: 'Register for a free course or session: a 0-yen order',
      errors: { ...notPayable, 400: ['NOT_FREE'] },
    },
    checkPayment: {
      method: 'POST',
      path: '/trainings/:id/enrollments/check-payment',
      auth: 'user',
      summary: "The state of the user's order for a course registration (object type 1) or a session fee (2)",
      errors: { 404: ['NOT_FOUND'] },
    },
    checkRequestPayment: {
      method: 'POST',
      path: '/certificates/basic_instructor_course/request/:id/check-payment',
      auth: 'user',
      summary: "The state of the user's order for an instructor certification request's fee",
      errors: { 404: ['NOT_FOUND'] },
    },
    duplicateCharges: {
      method: 'GET',
      path: '/office/payments/duplicate-charges',
      auth: 'office',
      list: true,
      tags: ['office'],
      summary: 'Second charges for purchases already paid, refunded automatically (newest first)',
    },
    webhook: {
      method: 'POST',
      path: '/payments/stripe/webhook',
      auth: 'public',
      summary:
        "Stripe's events (payment_intent.succeeded / payment_failed), signed: the raw body and the Stripe-Signature header",
      errors: { 400: ['WEBHOOK_SIGNATURE'], 404: ['NOT_FOUND'] },
    },
    sandboxConfirm: {
      method: 'POST',
      path: '/payments/sandbox/confirm',
      auth: 'public',
      summary: 'The built-in gateway only: confirm a card payment (what Stripe.js does)',
      errors: {
        400: ['payment_intent_unexpected_state'],
        402: CARD_ERROR_CODES.filter((code) => code !== 'payment_intent_unexpected_state'),
        404: ['NOT_FOUND'],
      },
    },
    sandboxAuthenticate: {
      method: 'POST',
      path: '/payments/sandbox/intents/:id/authenticate',
      auth: 'public',
      summary: "The built-in gateway only: the 3-D Secure page's answer",
      errors: { 402: ['authentication_failed'], 404: ['NOT_FOUND'] },
    },
  }),
};
