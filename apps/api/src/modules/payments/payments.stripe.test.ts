import { randomBytes } from 'node:crypto';
import { orderResponseSchema, orderStatusResponseSchema } from '@mels/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound } from '../../../test/http.ts';
import { startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { buildApp, type App } from '../../app.ts';
import { mailOutbox, orders } from '../../db/schema.ts';
import { createStripeGateway } from '../../lib/payment-gateway/stripe.ts';
import {
  call,
  createIntent,
  enrol,
  makeWorld,
  newMember,
  officeToken,
  type World,
} from './payments.fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_mels_portal';

describe.each(drivers())('payments with the Stripe adapter against a local stand-in (%s)', (driver) => {
  let ctx: TestContext;
  let app: App;
  let world: World;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext(driver);
    world = await makeWorld(ctx);
    const stripe = {
      secretKey: 'sk_test_mels',
      publishableKey: 'pk_test_mels',
      webhookSecret: WEBHOOK_SECRET,
    };
    app = await buildApp(
      {
        config: { ...ctx.deps.config, stripe },
        dbHandle: ctx.deps.dbHandle,
        db: ctx.deps.db,
        clock: ctx.clock,
        storage: ctx.deps.storage,
        payments: createStripeGateway({ ...stripe, host: '127.0.0.1', port: standIn.port, protocol: 'http' }),
      },
      { logger: false },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    await standIn?.close();
  });

  const courseBody = () => ({ object_type: 1, object_id: world.paidCourse.id });
  const succeed = (id: string) => {
    const intent = standIn.intents.get(id);
    if (!intent) throw new Error(`stand-in has no ${id}`);
    intent.status = 'succeeded';
    return intent;
  };
  const webhook = (payload: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const event = (type: string, object: unknown) =>
    JSON.stringify({
      id: `evt_${randomBytes(6).toString('hex')}`,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: 1,
      data: { object },
      livemode: false,
      pending_webhooks: 0,
      request: null,
    });

  it('GET /payments/config tells the browser to use Stripe.js with the publishable key', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { gateway: 'stripe', publicKey: 'pk_test_mels' } });
  });

  it('creates the intent at Stripe with the server amount and the secret key, answers the publishable key', async () => {
    const member = await newMember(app);
    const intent = await createIntent(app, member.token, { ...courseBody(), amount: 1 });
    expect(intent.publicKey).toBe('pk_test_mels');
    expect(intent.clientSecret).toMatch(/^pi_.+_secret_/);
    const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created?.body.get('amount')).toBe('3300');
    expect(created?.body.get('currency')).toBe('jpy');
    expect(created?.auth).toBe('Bearer sk_test_mels');
    expect(created?.body.get('metadata[user_id]')).toBe(String(member.id));

    // not yet paid: no order
    expectError(
      await call(app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        ...courseBody(),
        payment_intent_id: intent.paymentIntentId,
      }),
      402,
      'PAYMENT_NOT_COMPLETED',
    );
    succeed(intent.paymentIntentId);
    const order = expectBody(
      await call(app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        ...courseBody(),
        payment_intent_id: intent.paymentIntentId,
      }),
      200,
      orderResponseSchema,
    );
    expect(order.data).toMatchObject({ status: 3, amount: 3300 });
    expectNotFound(
      await call(app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        ...courseBody(),
        payment_intent_id: 'pi_unknown',
      }),
    );
  });

  it('process died after the charge: a signed payment_intent.succeeded webhook records the order once', async () => {
    const member = await newMember(app);
    const intent = await createIntent(app, member.token, courseBody());
    const paid = succeed(intent.paymentIntentId);
    const payload = event('payment_intent.succeeded', paid);

    const forged = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expectError(forged, 400, 'WEBHOOK_SIGNATURE');
    expectError(await webhook(payload, 't=1,v1=deadbeef'), 400, 'WEBHOOK_SIGNATURE');
    const tampered = JSON.stringify({
      ...JSON.parse(payload),
      type: 'payment_intent.succeeded',
      data: { object: { ...paid, amount: 1 } },
    });
    expectError(
      await webhook(tampered, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
      400,
      'WEBHOOK_SIGNATURE',
    );
    expect(await ctx.deps.db.select().from(orders).where(eq(orders.userId, member.id))).toEqual([]);

    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const ok = await webhook(payload, signature);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await webhook(payload, signature).then((r) => r.statusCode)).toBe(200);
    const rows = await ctx.deps.db.select().from(orders).where(eq(orders.userId, member.id));
    expect(rows.map((r) => [r.status, r.amount, r.paymentIntentId])).toEqual([
      [3, 3300, intent.paymentIntentId],
    ]);
    // the browser coming back later gets the same order
    const order = expectBody(
      await call(app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        ...courseBody(),
        payment_intent_id: intent.paymentIntentId,
      }),
      200,
      orderResponseSchema,
    );
    expect(order.data.id).toBe(rows[0]?.id);

    // an intent the portal did not make (another system on the same account) is acknowledged, not recorded
    const foreign = { ...paid, id: 'pi_foreign', metadata: {} };
    const foreignPayload = event('payment_intent.succeeded', foreign);
    const acknowledged = await webhook(
      foreignPayload,
      signer.webhooks.generateTestHeaderString({ payload: foreignPayload, secret: WEBHOOK_SECRET }),
    );
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(await ctx.deps.db.select().from(orders).where(eq(orders.paymentIntentId, 'pi_foreign'))).toEqual(
      [],
    );
  });

  it('process died after the charge: check-payment asks Stripe and records the order', async () => {
    const member = await newMember(app);
    const intent = await createIntent(app, member.token, courseBody());
    succeed(intent.paymentIntentId);
    const status = expectBody(
      await call(
        app,
        member.token,
        'POST',
        `/api/v1/trainings/${world.training.id}/enrollments/check-payment`,
        courseBody(),
      ),
      200,
      orderStatusResponseSchema,
    );
    expect(status.data).toMatchObject({ status: 3, state: 'complete', order: { amount: 3300 } });
  });

  it('the office refund of a card payment refunds at Stripe', async () => {
    const member = await newMember(app);
    await enrol(ctx, world, member.id);
    const body = { object_type: 2, object_id: world.training.id };
    const intent = await createIntent(app, member.token, body);
    succeed(intent.paymentIntentId);
    const order = expectBody(
      await call(app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        ...body,
        payment_intent_id: intent.paymentIntentId,
      }),
      200,
      orderResponseSchema,
    ).data;
    const office = await officeToken(app);
    const refund = expectBody(
      await call(app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`),
      200,
      orderResponseSchema,
    );
    expect(refund.data).toMatchObject({ type: 2, refund_of_id: order.id, amount: world.training.fee });
    const refundCall = standIn.requests.find(
      (r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === intent.paymentIntentId,
    );
    expect(refundCall?.body.get('amount')).toBe(String(world.training.fee));
  });

  describe('one purchase, one charge (issue 12)', () => {
    /** What Stripe.js does in the browser: confirms the card at Stripe with the client secret. */
    const confirmAtStripe = (intent: { paymentIntentId: string; clientSecret: string }) =>
      fetch(`http://127.0.0.1:${standIn.port}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: 'Bearer pk_test_mels',
        },
        body: new URLSearchParams({
          client_secret: intent.clientSecret,
          'payment_method_data[card][number]': '4242424242424242',
        }).toString(),
      });
    /** Stripe delivers the event of an intent five times at once (retries, several endpoints). */
    const deliverFiveTimes = async (id: string) => {
      const intent = standIn.intents.get(id);
      if (!intent) throw new Error(`stand-in has no ${id}`);
      const payload = event('payment_intent.succeeded', intent);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(payload, signature)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    };
    const tab = async (member: { token: string }) => {
      const tKey = (
        (
          await call(app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
            ...courseBody(),
            meta: { products: [] },
          })
        ).json() as { data: { t_key: string } }
      ).data.t_key;
      return createIntent(app, member.token, { ...courseBody(), t_key: tKey });
    };
    /** The member's charges at the stand-in: succeeded, and refunded (one refund per intent at most). */
    const charges = (userId: number) => {
      const succeeded = [...standIn.intents.values()].filter(
        (intent) => intent.metadata.user_id === String(userId) && intent.status === 'succeeded',
      );
      const refunds = [...standIn.refunds.values()].filter((refund) =>
        succeeded.some((intent) => intent.id === refund.payment_intent),
      );
      return { succeeded: succeeded.length, refunds: refunds.length };
    };

    it('five tabs at once, each confirmed at Stripe, each webhook delivered five times: one order, one charge', async () => {
      const member = await newMember(app);
      const intents = await Promise.all([1, 2, 3, 4, 5].map(() => tab(member)));
      const confirmed = await Promise.all(intents.map((intent) => confirmAtStripe(intent)));
      const paidIds = [
        ...new Set(
          intents.filter((_, i) => confirmed[i]?.status === 200).map((intent) => intent.paymentIntentId),
        ),
      ];
      await Promise.all(paidIds.map((id) => deliverFiveTimes(id)));
      const rows = await ctx.deps.db.select().from(orders).where(eq(orders.userId, member.id));
      const counted = charges(member.id);
      console.info(
        `[double-charge stripe ${driver}] five at once: orders=${rows.length} charged=${counted.succeeded} refunded=${counted.refunds}`,
      );
      expect(rows.map((r) => [r.status, r.amount])).toEqual([[3, 3300]]);
      expect(counted.succeeded - counted.refunds).toBe(1);
      expect(new Set(intents.map((intent) => intent.paymentIntentId)).size).toBe(1);
    });

    it('a second successful charge reported by the webhook (five times) is refunded once at Stripe, listed and mailed', async () => {
      const member = await newMember(app);
      const first = await tab(member);
      // an intent the server did not hand out (an older tab, another instance), for the same purchase
      const created = await fetch(`http://127.0.0.1:${standIn.port}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: 'Bearer sk_test_mels',
        },
        body: new URLSearchParams({
          amount: '3300',
          currency: 'jpy',
          'metadata[t_key]': first.t_key,
          'metadata[user_id]': String(member.id),
          'metadata[object_type]': '1',
          'metadata[object_id]': String(world.paidCourse.id),
        }).toString(),
      });
      const stray = (await created.json()) as { id: string };
      succeed(first.paymentIntentId);
      succeed(stray.id);
      await Promise.all([deliverFiveTimes(first.paymentIntentId), deliverFiveTimes(stray.id)]);

      const rows = await ctx.deps.db.select().from(orders).where(eq(orders.userId, member.id));
      const counted = charges(member.id);
      console.info(
        `[double-charge stripe ${driver}] second charge, webhooks x5: orders=${rows.length} charged=${counted.succeeded} refunded=${counted.refunds}`,
      );
      expect(rows.map((r) => [r.type, r.status, r.amount])).toEqual([[1, 3, 3300]]);
      expect(counted).toEqual({ succeeded: 2, refunds: 1 });
      const refunded = [...standIn.refunds.values()].find((refund) =>
        [first.paymentIntentId, stray.id].includes(refund.payment_intent),
      );
      expect(refunded?.payment_intent).not.toBe(rows[0]?.paymentIntentId);
      expect(refunded?.amount).toBe(3300);

      const office = await officeToken(app);
      const list = await call(app, office, 'GET', '/api/v1/office/payments/duplicate-charges');
      expect(list.statusCode, list.body).toBe(200);
      const lines = (list.json() as { data: Array<Record<string, unknown>> }).data.filter(
        (line) => line.user_id === member.id,
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        amount: 3300,
        refund_status: 'succeeded',
        kept_order_id: rows[0]?.id,
      });
      const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
      expect(mails.filter((m) => m.subject.includes('返金'))).toHaveLength(1);
    });
  });

  it('has no sandbox card endpoints', async () => {
    expectNotFound(
      await app.inject({
        method: 'POST',
        url: '/api/v1/payments/sandbox/confirm',
        payload: {
          client_secret: 'x',
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2030,
          cvc: '123',
          email: 'a@example.jp',
        },
      }),
    );
  });
});
