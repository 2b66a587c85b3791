import {
  checkPaymentSchema,
  checkProductOrderResponseSchema,
  checkProductOrderSchema,
  paymentConfigResponseSchema,
  createOrderTransactionSchema,
  createPaymentIntentSchema,
  createPaymentOrderSchema,
  duplicateChargesResponseSchema,
  errorBodySchema,
  freeOrderSchema,
  idParamSchema,
  intentIdParamSchema,
  offlineOrderSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  pageQuerySchema,
  paginate,
  PAYMENT_MESSAGES,
  paymentIntentResponseSchema,
  sandboxAuthenticateSchema,
  sandboxConfirmResponseSchema,
  sandboxConfirmSchema,
  tKeyParamSchema,
  tKeyResponseSchema,
  transactionResponseSchema,
  ORDER_STATUS,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../lib/errors.ts';
import { SandboxCardError, UNEXPECTED_STATE } from '../../lib/payment-gateway/sandbox.ts';
import { currentUser, requireOffice, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import { presentOrder, orderExtras } from '../orders/index.ts';
import {
  checkPayment,
  checkRequestPayment,
  checkProductOrder,
  createFreeOrder,
  createOfflineOrder,
  createOrderTransaction,
  createPaymentIntent,
  createPaymentOrder,
  getTransaction,
  handleWebhookIntent,
  type Order,
} from './payments.service.ts';
import { officeDuplicateCharges, REFUND_DUPLICATE_JOB, refundDuplicateJob } from './duplicate-charges.ts';
import { subscribeRequestPayments } from './request-payments.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export function registerPayments(app: FastifyInstance) {
  const r = typed(app);
  const deps = app.deps;
  subscribeRequestPayments(deps);
  deps.jobs.register(REFUND_DUPLICATE_JOB, refundDuplicateJob(deps));
  const present = async (order: Order) => {
    const extras = await orderExtras(deps.db, [order]);
    return presentOrder(
      order,
      extras.get(order.id) ?? { items: [], course: null, training: null, username: '' },
    );
  };
  const statusOf = async (order: Order | null) => {
    if (!order) return { status: null, status_name: null, state: 'none' as const, order: null };
    const view = await present(order);
    const state =
      order.status === ORDER_STATUS.complete
        ? ('complete' as const)
        : order.status === ORDER_STATUS.inPayment
          ? order.paymentIntentId
            ? ('K' as const)
            : ('pending' as const)
          : ('failed' as const);
    return { status: order.status, status_name: view.status_name, state, order: view };
  };

  r.get(
    '/payments/config',
    { schema: { tags: ['payments'], response: { 200: paymentConfigResponseSchema } } },
    () => ({ data: { gateway: deps.payments.name, publicKey: deps.payments.publishableKey } }),
  );

  r.post(
    '/payments/check-product-order',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: checkProductOrderSchema,
        response: { 200: checkProductOrderResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await checkProductOrder(deps, currentUser(request).id, request.body) }),
  );

  r.post(
    '/payments/create-order-transaction',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: createOrderTransactionSchema,
        response: { 200: tKeyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: { t_key: await createOrderTransaction(deps, currentUser(request).id, request.body) },
    }),
  );

  r.get(
    '/payments/transactions/:t_key',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        params: tKeyParamSchema,
        response: { 200: transactionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getTransaction(deps, currentUser(request).id, request.params.t_key) }),
  );

  r.post(
    '/payments/stripe/create-payment-intent',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await createPaymentIntent(deps, currentUser(request).id, request.body) }),
  );

  r.post(
    '/payments/stripe/create-payment-order',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: createPaymentOrderSchema,
        response: { 200: orderResponseSchema, 202: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, pending } = await createPaymentOrder(deps, currentUser(request).id, request.body);
      return reply.status(pending ? 202 : 200).send({ data: await present(order) });
    },
  );

  r.post(
    '/payments/create-offline-order',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: offlineOrderSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await present(await createOfflineOrder(deps, currentUser(request).id, request.body)),
    }),
  );

  r.post(
    '/courses/order-course/create',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        body: freeOrderSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await present(await createFreeOrder(deps, currentUser(request).id, request.body)),
    }),
  );

  r.post(
    '/trainings/:id/enrollments/check-payment',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        params: idParamSchema,
        body: checkPaymentSchema,
        response: { 200: orderStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await statusOf(await checkPayment(deps, currentUser(request).id, request.body)),
    }),
  );

  r.post(
    '/certificates/basic_instructor_course/request/:id/check-payment',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        params: idParamSchema,
        body: checkPaymentSchema,
        response: { 200: orderStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await statusOf(
        await checkRequestPayment(deps, currentUser(request).id, request.params.id, request.body),
      ),
    }),
  );

  r.get(
    '/office/payments/duplicate-charges',
    {
      preHandler: requireOffice,
      schema: {
        tags: ['office'],
        summary: 'Second charges for purchases already paid, refunded automatically (newest first)',
        querystring: pageQuerySchema,
        response: { 200: duplicateChargesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await officeDuplicateCharges(deps, page, limit);
      return { data, pagination: paginate(page, limit, total) };
    },
  );

  // ── sandbox: what Stripe.js and the 3-D Secure page do, for the built-in gateway only ──
  const sandboxOnly = async () => {
    if (deps.payments.name !== 'sandbox' || !deps.payments.confirmCard)
      throw notFound(PAYMENT_MESSAGES.sandboxOnly);
  };
  r.post(
    '/payments/sandbox/confirm',
    {
      preHandler: sandboxOnly,
      schema: {
        tags: ['payments'],
        body: sandboxConfirmSchema,
        response: { 200: sandboxConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const confirm = deps.payments.confirmCard;
      if (!confirm) throw notFound(PAYMENT_MESSAGES.sandboxOnly);
      let result;
      try {
        result = await confirm(body.client_secret, {
          number: body.number.replace(/[\s-]/g, ''),
          expMonth: body.exp_month ?? 0,
          expYear: body.exp_year ?? 0,
          cvc: body.cvc,
          email: body.email,
        });
      } catch (error) {
        if (error instanceof SandboxCardError) throw notFound(error.message);
        throw error;
      }
      if (result.error)
        throw new ApiError(
          result.error.code === UNEXPECTED_STATE ? 400 : 402,
          result.error.code,
          result.error.message,
        );
      const intent = result.intent;
      return {
        data: {
          id: intent.id,
          status: intent.status,
          brand: result.brand,
          last4: result.last4,
          next_action:
            intent.status === 'requires_action'
              ? { type: 'sandbox_authenticate' as const, url: `/payments/sandbox/authenticate/${intent.id}` }
              : null,
        },
      };
    },
  );
  r.post(
    '/payments/sandbox/intents/:id/authenticate',
    {
      preHandler: sandboxOnly,
      schema: {
        tags: ['payments'],
        params: intentIdParamSchema,
        body: sandboxAuthenticateSchema,
        response: { 200: sandboxConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const authenticate = deps.payments.authenticate;
      if (!authenticate) throw notFound(PAYMENT_MESSAGES.sandboxOnly);
      let intent;
      try {
        intent = await authenticate(request.params.id, request.body.client_secret, request.body.approve);
      } catch (error) {
        if (error instanceof SandboxCardError) throw notFound(error.message);
        throw error;
      }
      if (intent.status !== 'succeeded')
        throw new ApiError(
          402,
          'authentication_failed',
          intent.lastError ?? PAYMENT_MESSAGES.authenticationFailed,
        );
      return { data: { id: intent.id, status: intent.status, brand: '', last4: '', next_action: null } };
    },
  );

  // ── Stripe webhook: the raw body is needed for the signature ──
  void app.register(async (scope) => {
    // This scope only: the app's own JSON parser (if any) gives way to the raw body.
    if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/payments/stripe/webhook', { schema: { hide: true } }, async (request, reply) => {
      const parse = deps.payments.parseWebhook;
      if (!parse) throw notFound();
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = parse(request.body as Buffer, typeof signature === 'string' ? signature : '');
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook signature rejected');
        throw new ApiError(400, 'WEBHOOK_SIGNATURE', PAYMENT_MESSAGES.webhookSignature);
      }
      await handleWebhookIntent(deps, event.type, event.intent, request.log);
      return reply.send({ data: { received: true } });
    });
  });
}
