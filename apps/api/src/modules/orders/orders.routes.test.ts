import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSOCIATION_NAME_JA,
  officeOrderSchema,
  orderResponseSchema,
  ordersResponseSchema,
  tKeyResponseSchema,
  formsJa,
} from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { DEMO_INVOICE_REGISTRATION_NUMBER } from '../../config.ts';
import { SUBJECT_PREFIX } from '../../lib/mail-templates/layout.ts';
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
        // A qualified invoice: the issuer's registration number, the rate and the tax of that rate.
        expect(text).toContain(`登録番号 ${DEMO_INVOICE_REGISTRATION_NUMBER}`);
        expect(text).toContain('10%対象 ¥3,300-（内消費税等 ¥300-）');
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
      expect(errors.full_name).toEqual([formsJa.payment.fullNameRequired]);
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
      const mail = mails.find(
        (m) => m.subject === `${SUBJECT_PREFIX}お振込み期限を過ぎたため、お申込みを取り消しました`,
      );
      expect(mail?.textBody).toContain(String(order.id).padStart(10, '0'));
      expect(mail?.textBody).toContain('8,000円');
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
          formsJa.payment.methodNotAccepted,
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
      expect(body.meta.message).toBe(formsJa.payment.registrationNotRefundable);
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe(3);
    });
  });
  describe('shop orders: the office prepares and ships them', () => {
    const delivery = {
      postal_code: '1000001',
      address: '東京都千代田区千代田1-1 MELSビル3階',
      customer_name: '配送 太郎',
      phone: '090-1234-5678',
    };
    const officeList = z.object({ data: z.array(officeOrderSchema) });

    /** A shop order paid by card through the sandbox (two of the product, with a chosen colour). */
    async function payShop(member: Member) {
      const tKey = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
          object_type: 4,
          meta: {
            products: [
              {
                id: world.product.id,
                quantity: 2,
                attributes: [{ id: 1, attribute: 'カラー', value: 'ネイビー' }],
              },
            ],
          },
          ...delivery,
        }),
        200,
        tKeyResponseSchema,
      ).data.t_key;
      const intent = await createIntent(ctx.app, member.token, { object_type: 4, t_key: tKey });
      expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
      return expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          object_type: 4,
          payment_intent_id: intent.paymentIntentId,
          t_key: tKey,
        }),
        200,
        orderResponseSchema,
      ).data;
    }

    const shopList = async () =>
      expectBody(
        await call(ctx.app, office, 'GET', '/api/v1/office/orders?kind=shop&limit=100'),
        200,
        officeList,
      ).data;
    const shippedMails = async (email: string) =>
      (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter(
        (m) => m.subject === `${SUBJECT_PREFIX}ご注文の商品を発送しました`,
      );

    const toShip = async () =>
      (
        (await call(ctx.app, office, 'GET', '/api/v1/office/dashboard')).json() as {
          data: { shop_orders_to_ship: number };
        }
      ).data.shop_orders_to_ship;

    it('lists paid and preparing shop orders, oldest first, with the delivery address and lines', async () => {
      const member = await newMember(ctx.app);
      const countBefore = await toShip();
      const first = await payShop(member);
      ctx.clock.advance(60_000);
      const second = await payShop(member);
      const course = await payCourse(member);
      expect(first).toMatchObject({ object_type: 4, status: 3, amount: 3000 });
      expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${second.id}/prepare-shipping`),
        200,
        orderResponseSchema,
      );
      const list = await shopList();
      expect(list.every((o) => o.object_type === 4 && (o.status === 3 || o.status === 4))).toBe(true);
      const ids = list.map((o) => o.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toContain(first.id);
      expect(ids).not.toContain(course.id);
      expect(list.find((o) => o.id === first.id)).toMatchObject({
        status: 3,
        status_name: '決済完了',
        amount: 3000,
        user: { id: member.id },
        postal_code: '1000001',
        address: delivery.address,
        customer_name: '配送 太郎',
        phone: '090-1234-5678',
        lines: [
          { name: world.product.name, quantity: 2, attributes: [{ attribute: 'カラー', value: 'ネイビー' }] },
        ],
      });
      expect(list.find((o) => o.id === second.id)).toMatchObject({ status: 4, status_name: '発送準備中' });
      // the dashboard counts both (paid, and being prepared); a course fee is not counted
      expect(await toShip()).toBe(countBefore + 2);
      // other kinds carry the new fields too (no address for a course fee; its one line)
      const paid = expectBody(
        await call(ctx.app, office, 'GET', '/api/v1/office/orders?kind=paid&limit=100'),
        200,
        officeList,
      ).data;
      expect(paid.find((o) => o.id === course.id)).toMatchObject({
        postal_code: null,
        address: null,
        customer_name: null,
        phone: null,
        lines: [{ name: `${world.paidCourse.name} 登録料`, quantity: 1, attributes: [] }],
      });
      expect(paid.map((o) => o.id)).not.toContain(second.id);
      expectError(
        await call(ctx.app, member.token, 'GET', '/api/v1/office/orders?kind=shop'),
        403,
        'FORBIDDEN',
      );
    });

    it('prepare → 4, ship → 5 with a mail to the customer; the history shows 発送済み; audited', async () => {
      const member = await newMember(ctx.app);
      const order = await payShop(member);
      const url = (action: string) => `/api/v1/office/orders/${order.id}/${action}`;
      expectError(await call(ctx.app, member.token, 'POST', url('prepare-shipping')), 403, 'FORBIDDEN');
      expectError(await call(ctx.app, null, 'POST', url('prepare-shipping')), 401, 'UNAUTHORIZED');
      expectError(await call(ctx.app, member.token, 'POST', url('ship')), 403, 'FORBIDDEN');
      expectError(await call(ctx.app, null, 'POST', url('ship')), 401, 'UNAUTHORIZED');
      const prepared = expectBody(
        await call(ctx.app, office, 'POST', url('prepare-shipping')),
        200,
        orderResponseSchema,
      );
      expect(prepared.data).toMatchObject({ id: order.id, status: 4, status_name: '発送準備中' });
      // being prepared: no second prepare, no refund (refunds are for status 3 only)
      const again = expectError(
        await call(ctx.app, office, 'POST', url('prepare-shipping')),
        409,
        'NOT_SHIPPABLE',
      );
      expect(again.meta.message).toBe(formsJa.payment.notShippable);
      expectError(await call(ctx.app, office, 'POST', url('refund')), 409, 'NOT_REFUNDABLE');
      expect(await shippedMails(member.email)).toEqual([]);

      const shipped = expectBody(await call(ctx.app, office, 'POST', url('ship')), 200, orderResponseSchema);
      expect(shipped.data).toMatchObject({ id: order.id, status: 5, status_name: '発送済み' });
      const twice = expectError(await call(ctx.app, office, 'POST', url('ship')), 409, 'NOT_SHIPPABLE');
      expect(twice.meta.message).toBe('この注文は発送できる状態ではありません。');
      expectError(await call(ctx.app, office, 'POST', url('prepare-shipping')), 409, 'NOT_SHIPPABLE');
      expect((await shopList()).map((o) => o.id)).not.toContain(order.id);

      const mails = await shippedMails(member.email);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.textBody ?? '';
      expect(mails[0]?.subject).toBe('【母体救命 MELS】ご注文の商品を発送しました');
      expect(text).toContain('山田 花子 様');
      expect(text).toContain(`注文番号：${String(order.id).padStart(10, '0')}`);
      expect(text).toContain(`・${world.product.name} × 2（カラー: ネイビー）`);
      expect(text).toContain('〒100-0001');
      expect(text).toContain(delivery.address);
      expect(text).toContain('配送 太郎 様');

      const history = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/users/orders'),
        200,
        ordersResponseSchema,
      );
      expect(history.data.find((o) => o.id === order.id)).toMatchObject({
        status: 5,
        status_name: '発送済み',
      });
      // the receipt of a shipped order stays available
      const receiptAnswer = await call(
        ctx.app,
        member.token,
        'POST',
        `/api/v1/users/orders/${order.id}/invoice`,
        {
          full_name: '山田 花子',
        },
      );
      expect(receiptAnswer.statusCode, receiptAnswer.body).toBe(200);
      const audit = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, order.id)));
      expect(audit.map((a) => a.action).sort()).toEqual(['order.prepare-shipping', 'order.ship']);
    });

    it('a paid shop order can be shipped without preparing first', async () => {
      const member = await newMember(ctx.app);
      const order = await payShop(member);
      const shipped = expectBody(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/ship`),
        200,
        orderResponseSchema,
      );
      expect(shipped.data.status).toBe(5);
      expect(await shippedMails(member.email)).toHaveLength(1);
    });

    it('refuses other orders (409, no mail) and unknown ones (404)', async () => {
      const member = await newMember(ctx.app);
      const course = await payCourse(member);
      for (const action of ['prepare-shipping', 'ship']) {
        const body = expectError(
          await call(ctx.app, office, 'POST', `/api/v1/office/orders/${course.id}/${action}`),
          409,
          'NOT_SHIPPABLE',
        );
        expect(body.meta.message).toBe(formsJa.payment.notShippable);
        expectNotFound(await call(ctx.app, office, 'POST', `/api/v1/office/orders/99999999/${action}`));
      }
      const pending = await offline(member, 2);
      expectError(
        await call(ctx.app, office, 'POST', `/api/v1/office/orders/${pending.id}/ship`),
        409,
        'NOT_SHIPPABLE',
      );
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, course.id));
      expect(row?.status).toBe(3);
      expect(await shippedMails(member.email)).toEqual([]);
    });
  });
});
