/**
 * One purchase is charged once (issue 12): two tabs, five at once, and a second charge the gateway
 * reports anyway, with the sandbox gateway on both drivers.
 */
import { OBJECT_TYPE, ORDER_STATUS, orderResponseSchema, tKeyResponseSchema } from '@mels/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import {
  duplicateCharges,
  mailOutbox,
  orders,
  sandboxPaymentIntents,
  transactions,
} from '../../db/schema.ts';
import {
  call,
  CARDS,
  confirmCard,
  enrol,
  makeWorld,
  newMember,
  officeToken,
  type IntentAnswer,
  type Member,
  type World,
} from './payments.fixtures.ts';

describe.each(drivers())('one purchase, one charge (sandbox, %s)', (driver) => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    world = await makeWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A browser tab: its own order transaction, then an intent for it (what payment-flow.tsx does). */
  async function tab(member: Member, target: Record<string, unknown>) {
    const tx = expectBody(
      await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
        ...target,
        meta: { products: [] },
      }),
      200,
      tKeyResponseSchema,
    ).data.t_key;
    const response = await call(
      ctx.app,
      member.token,
      'POST',
      '/api/v1/payments/stripe/create-payment-intent',
      {
        ...target,
        t_key: tx,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: IntentAnswer }).data;
  }

  const payOrder = (member: Member, target: Record<string, unknown>, intent: IntentAnswer) =>
    call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
      ...target,
      payment_intent_id: intent.paymentIntentId,
    });

  /** Orders of the member (purchases), and what the sandbox charged and kept. */
  async function money(member: Member) {
    const rows = await ctx.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, member.id), eq(orders.type, 1)));
    const keys = await ctx.deps.db
      .select({ tKey: transactions.tKey })
      .from(transactions)
      .where(eq(transactions.userId, member.id));
    const intents = (await ctx.deps.db.select().from(sandboxPaymentIntents)).filter((row) =>
      keys.some((k) => (row.metadata as Record<string, string>).t_key === k.tKey),
    );
    const succeeded = intents.filter((row) => row.status === 'succeeded');
    const refunded = succeeded.filter((row) => (row.metadata as Record<string, string>).refund_id);
    return {
      complete: rows.filter((row) => row.status === ORDER_STATUS.complete).length,
      orders: rows.length,
      charged: succeeded.length,
      kept: succeeded.length - refunded.length,
      keptYen: succeeded
        .filter((row) => !(row.metadata as Record<string, string>).refund_id)
        .reduce((sum, row) => sum + row.amount, 0),
      open: intents.filter((row) => row.status.startsWith('requires_')).length,
    };
  }

  it('two tabs of a session fee: the second tab gets the same intent and cannot pay it again', async () => {
    const member = await newMember(ctx.app);
    await enrol(ctx, world, member.id);
    const target = { object_type: OBJECT_TYPE.sessionFee, object_id: world.training.id };
    const first = await tab(member, target);
    const second = await tab(member, target);
    const confirmFirst = await confirmCard(ctx.app, first.clientSecret, CARDS.success);
    const confirmSecond = await confirmCard(ctx.app, second.clientSecret, CARDS.success);
    const a = await payOrder(member, target, first);
    const b = await payOrder(member, target, second);
    // a third tab after the payment: already paid
    const third = await call(
      ctx.app,
      member.token,
      'POST',
      '/api/v1/payments/stripe/create-payment-intent',
      target,
    );

    const counted = await money(member);
    console.info(
      `[double-charge ${driver}] two tabs: orders=${counted.orders} complete=${counted.complete} charged=${counted.charged} kept=${counted.kept}`,
    );
    expect(counted).toMatchObject({
      orders: 1,
      complete: 1,
      charged: 1,
      kept: 1,
      keptYen: world.training.fee,
    });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(confirmFirst.statusCode).toBe(200);
    expectError(confirmSecond, 400, 'payment_intent_unexpected_state');
    const ids = [a, b].map((r) => expectBody(r, 200, orderResponseSchema).data.id);
    expect(ids[1]).toBe(ids[0]);
    expectError(third, 409, 'ALREADY_PAID');
  });

  it('five tabs at once for one course registration fee: one intent, one order, one charge kept', async () => {
    const member = await newMember(ctx.app);
    const target = { object_type: OBJECT_TYPE.courseRegistration, object_id: world.paidCourse.id };
    const intents = await Promise.all([1, 2, 3, 4, 5].map(() => tab(member, target)));
    const confirms = await Promise.all(
      intents.map((intent) => confirmCard(ctx.app, intent.clientSecret, CARDS.success)),
    );
    const recorded = await Promise.all(intents.map((intent) => payOrder(member, target, intent)));

    const counted = await money(member);
    console.info(
      `[double-charge ${driver}] five at once: orders=${counted.orders} complete=${counted.complete} charged=${counted.charged} kept=${counted.kept} yen=${counted.keptYen}`,
    );
    expect(counted).toMatchObject({ orders: 1, complete: 1, charged: 1, kept: 1, keptYen: 3300, open: 0 });
    expect(new Set(intents.map((intent) => intent.paymentIntentId)).size).toBe(1);
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const ids = new Set(recorded.map((r) => expectBody(r, 200, orderResponseSchema).data.id));
    expect(ids.size).toBe(1);
  });

  it('a second charge the gateway reports anyway is recorded as a duplicate, refunded, listed for the office and mailed', async () => {
    const member = await newMember(ctx.app);
    const target = { object_type: OBJECT_TYPE.courseRegistration, object_id: world.paidCourse.id };
    const first = await tab(member, target);
    const [transaction] = await ctx.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.tKey, first.t_key));
    if (!transaction) throw new Error('no transaction');
    // an intent the server did not hand out (an older tab, another instance) for the same purchase
    const stray = await ctx.deps.payments.createIntent({
      amount: 3300,
      currency: 'jpy',
      metadata: {
        t_key: first.t_key,
        user_id: String(member.id),
        object_type: String(OBJECT_TYPE.courseRegistration),
        object_id: String(world.paidCourse.id),
      },
      idempotencyKey: `stray-${member.id}`,
    });
    expect((await confirmCard(ctx.app, first.clientSecret, CARDS.success)).statusCode).toBe(200);
    expect((await confirmCard(ctx.app, stray.clientSecret, CARDS.success)).statusCode).toBe(200);
    const kept = expectBody(await payOrder(member, target, first), 200, orderResponseSchema).data;
    const strayIntent = { ...first, paymentIntentId: stray.id };
    const answers = await Promise.all([1, 2, 3].map(() => payOrder(member, target, strayIntent)));

    const counted = await money(member);
    console.info(
      `[double-charge ${driver}] second charge: orders=${counted.orders} complete=${counted.complete} charged=${counted.charged} kept=${counted.kept}`,
    );
    expect(counted).toMatchObject({ orders: 1, complete: 1, charged: 2, kept: 1, keptYen: 3300 });
    for (const answer of answers) expectError(answer, 409, 'DUPLICATE_CHARGE_REFUNDED');
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, kept.id));
    expect(order?.paymentIntentId).toBe(first.paymentIntentId);

    const office = await officeToken(ctx.app);
    const list = await call(ctx.app, office, 'GET', '/api/v1/office/payments/duplicate-charges');
    expect(list.statusCode, list.body).toBe(200);
    const lines = (list.json() as { data: Array<Record<string, unknown>> }).data.filter(
      (line) => line.payment_intent_id === stray.id,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: 3300, kept_order_id: kept.id, refund_status: 'succeeded' });
    // a member cannot read the office list
    expectError(
      await call(ctx.app, member.token, 'GET', '/api/v1/office/payments/duplicate-charges'),
      403,
      'FORBIDDEN',
    );

    const mails = await ctx.deps.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, [member.email]));
    const refundMails = mails.filter((m) => m.subject.includes('返金'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.textBody).toContain('¥3,300');
  });
  it('choosing a bank transfer cancels the open card intent: the card can no longer be charged', async () => {
    const member = await newMember(ctx.app);
    await enrol(ctx, world, member.id);
    const target = { object_type: OBJECT_TYPE.sessionFee, object_id: world.training.id };
    const card = await tab(member, target);
    const transfer = await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
      ...target,
      payment_method_id: 2,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expectError(
      await confirmCard(ctx.app, card.clientSecret, CARDS.success),
      400,
      'payment_intent_unexpected_state',
    );
    const counted = await money(member);
    expect(counted).toMatchObject({ orders: 1, complete: 0, charged: 0, open: 0 });
  });
  it('a refund the gateway refuses at first is left to the job, which refunds and mails later', async () => {
    const member = await newMember(ctx.app);
    const target = { object_type: OBJECT_TYPE.courseRegistration, object_id: world.paidCourse.id };
    const first = await tab(member, target);
    const stray = await ctx.deps.payments.createIntent({
      amount: 3300,
      currency: 'jpy',
      metadata: {
        t_key: first.t_key,
        user_id: String(member.id),
        object_type: String(OBJECT_TYPE.courseRegistration),
        object_id: String(world.paidCourse.id),
      },
      idempotencyKey: `stray-job-${member.id}`,
    });
    await confirmCard(ctx.app, first.clientSecret, CARDS.success);
    await confirmCard(ctx.app, stray.clientSecret, CARDS.success);
    expectBody(await payOrder(member, target, first), 200, orderResponseSchema);
    const refund = ctx.deps.payments.refund;
    ctx.deps.payments.refund = () => Promise.reject(new Error('gateway unreachable'));
    try {
      expectError(
        await payOrder(member, target, { ...first, paymentIntentId: stray.id }),
        409,
        'DUPLICATE_CHARGE_REFUNDED',
      );
    } finally {
      ctx.deps.payments.refund = refund;
    }
    const [waiting] = await ctx.deps.db
      .select()
      .from(duplicateCharges)
      .where(eq(duplicateCharges.intentId, stray.id));
    expect(waiting).toMatchObject({ refundStatus: 'waiting', mailedAt: null });
    expect((await money(member)).kept).toBe(2);

    ctx.clock.advance(5 * 60_000 + 1000);
    await ctx.deps.jobs.runOnce();
    const [done] = await ctx.deps.db
      .select()
      .from(duplicateCharges)
      .where(eq(duplicateCharges.intentId, stray.id));
    expect(done?.refundStatus).toBe('succeeded');
    expect(done?.mailedAt).not.toBeNull();
    expect(await money(member)).toMatchObject({ orders: 1, charged: 2, kept: 1 });
  });
});
