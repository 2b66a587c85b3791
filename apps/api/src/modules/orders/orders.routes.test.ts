import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSOCIATION_NAME_JA,
  orderResponseSchema,
  ordersResponseSchema,
  PAYMENT_MESSAGES,
} from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { auditEvents, jobs, mailOutbox, orders, sandboxPaymentIntents } from '../../db/schema.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  enrol,
  makeWorld,
  newMember,
  officeToken,
  setPaymentMethods,
  type Member,
  type World,
} from '../payments/payments.fixtures.ts';

const DAY = 24 * 3600 * 1000;

describe.each(drivers())('orders, receipts and office actions (%s)', (driver) => {
  let ctx: TestContext;
  let world: World;
  let office: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    world = await makeWorld(ctx);
    office = await officeToken(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function payCourse(member: Member) {
    const body = { object_type: 1, object_id: world.paidCourse.id };
    const intent = await createIntent(ctx.app, member.token, body);
    expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    const response = await call(
      ctx.app,
      member.token,
      'POST',
      '/api/v1/payments/stripe/create-payment-order',
      { ...body, payment_intent_id: intent.paymentIntentId },
    );
    return expectBody(response, 200, orderResponseSchema).data;
  }

  async function offline(member: Member, method: 2 | 3) {
    await enrol(ctx, world, member.id);
    const response = await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
      object_type: 2,
      object_id: world.training.id,
      payment_method_id: method,
    });
    return expectBody(response, 200, orderResponseSchema).data;
  }

  describe('GET /api/v1/users/orders', () => {
    it('lists the user own orders, newest first, with status names, course and items', async () => {
      const member = await newMember(ctx.app);
      const paid = await payCourse(member);
      ctx.clock.advance(60_000);
      const transfer = await offline(member, 2);
      const body = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/users/orders?limit=10'),
        200,
        ordersResponseSchema,
      );
      expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 10, total: 2 });
      expect(body.data.map((o) => o.id)).toEqual([transfer.id, paid.id]);
      expect(body.data[1]).toMatchObject({
        price: 3300,
        status: 3,
        status_name: '決済完了',
        type: 1,
        course: { name: world.paidCourse.name },
      });
      expect(body.data[0]).toMatchObject({
        price: 8000,
        status: 0,
        status_name: '決済中',
        payment_method_name: '銀行振込',
        training: { id: world.training.id },
      });
      expect(body.data[1]?.username).toBe('山田 花子');
      const other = await newMember(ctx.app);
      const none = expectBody(
        await call(ctx.app, other.token, 'GET', '/api/v1/users/orders'),
        200,
        ordersResponseSchema,
      );
      expect(none.data).toEqual([]);
      expectError(await call(ctx.app, null, 'GET', '/api/v1/users/orders'), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/users/orders/{id}/invoice', () => {
    it('answers the receipt PDF: name 様, amount, association, small, named receipt_<10 digits>', async () => {
      const member = await newMember(ctx.app);
      const order = await payCourse(member);
      const response = await call(ctx.app, member.token, 'POST', `/api/v1/users/orders/${order.id}/invoice`, {
        full_name: '山田 花子',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="receipt_${String(order.id).padStart(10, '0')}.pdf"`,
      );
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(200 * 1024);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-receipt-'));
      try {
        const file = path.join(dir, 'receipt.pdf');
        fs.writeFileSync(file, pdf);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toContain('領収書');
        expect(text).toContain('山田 花子 様');
        expect(text).toContain('¥3,300-');
        expect(text).toContain(ASSOCIATION_NAME_JA);
        expect(text).toContain('麹町4-1-5');
        expect(text).toContain(`${world.paidCourse.name} 登録料`);
        expect(text).toContain('2026年11月22日');
        expect(text).toContain('電子的に発行');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('needs the full name; another user gets 404; an unpaid order has no receipt', async () => {
      const member = await newMember(ctx.app);
      const order = await payCourse(member);
      const errors = expectValidationError(
        await call(ctx.app, member.token, 'POST', `/api/v1/users/orders/${order.id}/invoice`, {
          full_name: ' ',
        }),
        ['full_name'],
      );
      expect(errors.full_name).toEqual([PAYMENT_MESSAGES.fullNameRequired]);
      const other = await newMember(ctx.app);
      expectNotFound(
        await call(ctx.app, other.token, 'POST', `/api/v1/users/orders/${order.id}/invoice`, {
          full_name: '他人',
        }),
      );
      const pending = await offline(other, 3);
      expectError(
        await call(ctx.app, other.token, 'POST', `/api/v1/users/orders/${pending.id}/invoice`, {
          full_name: '他人',
        }),
        409,
        'RECEIPT_NOT_AVAILABLE',
      );
    });
  });

  describe('bank transfer and pay on site', () => {
    it('an unpaid transfer is cancelled by the job after 7 days and the user is mailed', async () => {
      const member = await newMember(ctx.app);
      const order = await offline(member, 2);
      expect(order).toMatchObject({ status: 0, payment_method_id: 2 });
      expect(new Date(order.due_at ?? '').getTime() - ctx.clock.now().getTime()).toBe(7 * DAY);
      // the same request again: the same order, one job
      const again = await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
        object_type: 2,
        object_id: world.training.id,
        payment_method_id: 2,
      });
      expect(expectBody(again, 200, orderResponseSchema).data.id).toBe(order.id);
      const jobRows = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `cancel-unpaid-transfer:${order.id}`));
      expect(jobRows).toHaveLength(1);

      ctx.clock.advance(6 * DAY);
      await ctx.deps.jobs.runOnce();
      const [still] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(still?.status).toBe(0);

      ctx.clock.advance(DAY + 1000);
      expect(await ctx.deps.jobs.runOnce()).toBeGreaterThanOrEqual(1);
      const [cancelled] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(cancelled?.status).toBe(6);
      const [job] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `cancel-unpaid-transfer:${order.id}`));
      expect(job?.status).toBe('done');
      const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
      const mail = mails.find((m) => m.subject === PAYMENT_MESSAGES.transferCancelledSubject);
      expect(mail?.textBody).toContain(String(order.id).padStart(10, '0'));
      expect(mail?.textBody).toContain('¥8,000');
      // the office can no longer confirm it
      expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/confirm-transfer`),
        409,
        'CONFLICT',
      );
    });

    it('a failing job is retried with backoff, its state in the table', async () => {
      ctx.deps.jobs.register('always-fails', async () => {
        throw new Error('boom');
      });
      const [row] = await ctx.deps.db
        .insert(jobs)
        .values({ kind: 'always-fails', runAt: ctx.clock.now() })
        .returning();
      await ctx.deps.jobs.runOnce();
      const [after] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, row?.id ?? 0));
      expect(after).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });
      expect(after!.runAt.getTime()).toBe(ctx.clock.now().getTime() + 60_000);
      expect(await ctx.deps.jobs.runOnce()).toBe(0);
      await ctx.deps.db
        .update(jobs)
        .set({ status: 'done' })
        .where(eq(jobs.id, row?.id ?? 0));
    });

    it('only the methods the session accepts', async () => {
      const member = await newMember(ctx.app);
      await enrol(ctx, world, member.id);
      await setPaymentMethods(ctx, world.training.id, [1]);
      try {
        const response = await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
          object_type: 2,
          object_id: world.training.id,
          payment_method_id: 2,
        });
        expect(expectError(response, 400, 'VALIDATION_ERROR').meta.message).toBe(
          PAYMENT_MESSAGES.methodNotAccepted,
        );
      } finally {
        await setPaymentMethods(ctx, world.training.id, [1, 2, 3]);
      }
    });

    it('the office confirms a transfer: complete, the job does nothing, audited', async () => {
      const member = await newMember(ctx.app);
      const order = await offline(member, 2);
      expectError(
        await call(ctx.app, member.token, 'POST', `/api/v1/office/orders/${order.id}/confirm-transfer`),
        403,
        'FORBIDDEN',
      );
      const done = expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/confirm-transfer`),
        200,
        orderResponseSchema,
      );
      expect(done.data.status).toBe(3);
      const [job] = await ctx.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `cancel-unpaid-transfer:${order.id}`));
      expect(job?.status).toBe('done');
      const audit = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, order.id)));
      expect(audit.map((a) => a.action)).toEqual(['order.confirm-transfer']);
    });

    it('pay on site: payable at the venue, the office marks it paid', async () => {
      const member = await newMember(ctx.app);
      const order = await offline(member, 3);
      expect(order).toMatchObject({
        status: 0,
        payment_method_id: 3,
        payment_method_name: '現地払い',
        due_at: null,
      });
      expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/confirm-transfer`),
        409,
        'CONFLICT',
      );
      const paid = expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/mark-paid`),
        200,
        orderResponseSchema,
      );
      expect(paid.data).toMatchObject({ status: 3 });
      expect(paid.data.paid_at).not.toBeNull();
      expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/mark-paid`),
        409,
        'CONFLICT',
      );
      expectNotFound(await call(ctx.app, office, 'POST', '/api/v1/office/orders/99999999/mark-paid'));
    });
  });

  describe('refunds', () => {
    it('a session fee is refunded as a type 2 entry; the original shows refunded', async () => {
      const member = await newMember(ctx.app);
      const order = await offline(member, 3);
      await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/mark-paid`);
      const refund = expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`),
        200,
        orderResponseSchema,
      );
      expect(refund.data).toMatchObject({ type: 2, refund_of_id: order.id, amount: 8000, status: 2 });
      const list = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/users/orders'),
        200,
        ordersResponseSchema,
      );
      expect(list.data.find((o) => o.id === order.id)?.status).toBe(2);
      expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`),
        409,
        'NOT_REFUNDABLE',
      );
      const audit = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, order.id)));
      expect(audit.map((a) => a.action).sort()).toEqual(['order.mark-paid', 'order.refund']);
    });

    it('a card payment is refunded at the gateway too', async () => {
      const member = await newMember(ctx.app);
      await enrol(ctx, world, member.id);
      const body = { object_type: 2, object_id: world.training.id };
      const intent = await createIntent(ctx.app, member.token, body);
      await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      const order = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...body,
          payment_intent_id: intent.paymentIntentId,
        }),
        200,
        orderResponseSchema,
      ).data;
      const refund = expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`),
        200,
        orderResponseSchema,
      );
      expect(refund.data).toMatchObject({ type: 2, refund_of_id: order.id, amount: 8000 });
      const [sandboxIntent] = await ctx.deps.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      expect(sandboxIntent?.metadata).toMatchObject({ refunded_amount: '8000' });
      const [audit] = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.refund'), eq(auditEvents.entityId, order.id)));
      expect(audit?.data).toMatchObject({ gatewayRefund: { status: 'succeeded' } });
    });

    it('a course registration fee is not refundable (409, Japanese message)', async () => {
      const member = await newMember(ctx.app);
      const order = await payCourse(member);
      const body = expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`),
        409,
        'NOT_REFUNDABLE',
      );
      expect(body.meta.message).toBe(PAYMENT_MESSAGES.registrationNotRefundable);
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe(3);
    });
  });
});
