import { contracts, paginate, PAYMENT_MESSAGES } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../lib/errors.ts';
import { SandboxCardError, UNEXPECTED_STATE } from '../../lib/payment-gateway/sandbox.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { orderView } from '../orders/index.ts';
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
import { presentPaymentStatus } from './payments.presenter.ts';
import { subscribeRequestPayments, subscribeRequestRefunds } from './request-payments.ts';

const { payments } = contracts;

export function registerPayments(app: FastifyInstance) {
  const deps = app.deps;
  subscribeRequestPayments(deps);
  subscribeRequestRefunds(deps);
  deps.jobs.register(REFUND_DUPLICATE_JOB, refundDuplicateJob(deps));
  const present = (order: Order) => orderView(deps.db, order);
  const statusOf = async (order: Order | null) =>
    presentPaymentStatus(order, order ? await present(order) : null);

  contractRoute(app, payments.config, async () => ({
    data: { gateway: deps.payments.name, publicKey: deps.payments.publishableKey },
  }));

  contractRoute(app, payments.checkProductOrder, async (request) => ({
    data: await checkProductOrder(deps, currentUser(request).id, request.body),
  }));

  contractRoute(app, payments.createOrderTransaction, async (request) => ({
    data: { t_key: await createOrderTransaction(deps, currentUser(request).id, request.body) },
  }));

  contractRoute(app, payments.transaction, async (request) => ({
    data: await getTransaction(deps, currentUser(request).id, request.params.t_key),
  }));

  contractRoute(app, payments.createPaymentIntent, async (request) => ({
    data: await createPaymentIntent(deps, currentUser(request).id, request.body),
  }));

  contractRoute(app, payments.createPaymentOrder, async (request, reply) => {
    const { order, pending } = await createPaymentOrder(deps, currentUser(request).id, request.body);
    if (pending) reply.code(202);
    return { data: await present(order) };
  });

  contractRoute(app, payments.createOfflineOrder, async (request) => ({
    data: await present(await createOfflineOrder(deps, currentUser(request).id, request.body)),
  }));

  contractRoute(app, payments.createFreeOrder, async (request) => ({
    data: await present(await createFreeOrder(deps, currentUser(request).id, request.body)),
  }));

  contractRoute(app, payments.checkPayment, async (request) => ({
    data: await statusOf(await checkPayment(deps, currentUser(request).id, request.body)),
  }));

  contractRoute(app, payments.checkRequestPayment, async (request) => ({
    data: await statusOf(
      await checkRequestPayment(deps, currentUser(request).id, request.params.id, request.body),
    ),
  }));

  contractRoute(app, payments.duplicateCharges, async (request) => {
    const { page, limit } = request.query;
    const { data, total } = await officeDuplicateCharges(deps, page, limit);
    return { data, pagination: paginate(page, limit, total) };
  });

  // ── sandbox: what Stripe.js and the 3-D Secure page do, for the built-in gateway only ──
  const sandboxOnly = async () => {
    if (deps.payments.name !== 'sandbox' || !deps.payments.confirmCard)
      throw notFound(PAYMENT_MESSAGES.sandboxOnly);
  };
  contractRoute(
    app,
    payments.sandboxConfirm,
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
    { preHandler: sandboxOnly },
  );
  contractRoute(
    app,
    payments.sandboxAuthenticate,
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
    { preHandler: sandboxOnly },
  );

  // ── Stripe webhook: the raw body is needed for the signature ──
  void app.register(async (scope) => {
    // This scope only: the app's own JSON parser (if any) gives way to the raw body.
    if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    contractRoute(scope, payments.webhook, async (request) => {
      const parse = deps.payments.parseWebhook;
      if (!parse) throw notFound();
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        // The scope's parser hands over the raw bytes (the contract declares no JSON body).
        event = parse(request.body as unknown as Buffer, typeof signature === 'string' ? signature : '');
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook signature rejected');
        throw new ApiError(400, 'WEBHOOK_SIGNATURE', PAYMENT_MESSAGES.webhookSignature);
      }
      await handleWebhookIntent(deps, event.type, event.intent, request.log);
      return { data: { received: true as const } };
    });
  });
}
