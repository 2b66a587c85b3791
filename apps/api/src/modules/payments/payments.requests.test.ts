import {
  checkProductOrderResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  tKeyResponseSchema,
  formsJa,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import {
  certificateRequests,
  certificates,
  courses,
  legacyCertificates,
  orderItems,
  orders,
  transactions,
} from '../../db/schema.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  newMember,
  officeToken,
  type Member,
} from './payments.fixtures.ts';

type Course = { id: number; name: string };

describe.each(drivers())('fees of certificates, instructor requests and renewals (%s)', (driver) => {
  let ctx: TestContext;
  let basic: Course; // prefix B, 3,300 yen: a claim costs the registration fee
  let bi: Course; // prefix BI, 5,000 yen: a BI claim is free all the same
  let instructor: Course; // 5,500 yen certification fee
  let biInstructor: Course; // 0 yen: free request
  let renewal: Course; // 5,500 yen renewal
  let cheapRenewal: Course; // 30 yen: under 50, free
  let codes = 0;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const make = async (values: typeof courses.$inferInsert): Promise<Course> => {
      const [row] = await ctx.deps.db.insert(courses).values(values).returning();
      if (!row) throw new Error('course not made');
      return { id: row.id, name: row.name };
    };
    basic = await make({ name: '修了証テストコース', price: 3300, certificatePrefix: 'B' });
    bi = await make({ name: 'BI修了証テストコース', price: 5000, certificatePrefix: 'BI' });
    instructor = await make({ name: '認定テストコース', price: 5500, certificatePrefix: 'I' });
    biInstructor = await make({ name: 'BI認定テストコース', price: 0, certificatePrefix: 'BI' });
    renewal = await make({ name: '更新テストコース', price: 5500, certificatePrefix: 'R', isRenewal: true });
    cheapRenewal = await make({
      name: '格安更新テストコース',
      price: 30,
      certificatePrefix: 'R',
      isRenewal: true,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.deps.db;
  const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));

  /** A certificate of the older system with a fresh attendance code. */
  async function legacy(courseId: number, claimedByUserId: number | null = null) {
    codes += 1;
    const attendanceCode = `A2020-${driver}-${String(codes).padStart(6, '0')}`;
    const [row] = await db()
      .insert(legacyCertificates)
      .values({
        courseId,
        attendanceCode,
        holderName: '山田 花子',
        email: `legacy${codes}@example.jp`,
        participatedDate: '2020-06-01',
        claimedByUserId,
      })
      .returning();
    if (!row) throw new Error('legacy certificate not made');
    return { id: row.id, code: attendanceCode };
  }

  /** A certificate request of the user: type 2 instructor certification, 3 renewal. */
  async function request(member: Member, courseId: number, certificateType: 2 | 3, status = 1) {
    const [row] = await db()
      .insert(certificateRequests)
      .values({
        userId: member.id,
        courseId,
        certificateType,
        status,
        // An instructor request past 0 carries its signed pledge (decision 029).
        pledgeVariant: certificateType === 2 && status > 0 ? 'doctor' : null,
        username: '山田 花子',
        email: member.email,
      })
      .returning();
    if (!row) throw new Error('request not made');
    return row.id;
  }

  const requestRow = async (id: number) =>
    (await db().select().from(certificateRequests).where(eq(certificateRequests.id, id)))[0];
  const legacyRow = async (id: number) =>
    (await db().select().from(legacyCertificates).where(eq(legacyCertificates.id, id)))[0];

  async function check(member: Member, body: Record<string, unknown>) {
    return expectBody(
      await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', body),
      200,
      checkProductOrderResponseSchema,
    ).data;
  }

  /** Intent (with a tampered amount), card 4242, create-payment-order: the order view. */
  async function payByCard(member: Member, body: Record<string, unknown>, expectedAmount: number) {
    const intent = await createIntent(ctx.app, member.token, { ...body, amount: 1 });
    expect(intent.amount).toBe(expectedAmount);
    const confirmed = await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const response = await call(
      ctx.app,
      member.token,
      'POST',
      '/api/v1/payments/stripe/create-payment-order',
      {
        ...body,
        amount: 1,
        payment_intent_id: intent.paymentIntentId,
      },
    );
    return expectBody(response, 200, orderResponseSchema).data;
  }

  const freeOrder = (member: Member, body: Record<string, unknown>) =>
    call(ctx.app, member.token, 'POST', '/api/v1/courses/order-course/create', body);

  const itemsOf = async (orderId: number) =>
    (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId))).map((item) => [
      item.name,
      item.unitPrice,
      item.quantity,
    ]);

  describe('certificate claimed by attendance code (3)', () => {
    it('costs the course registration fee; card 4242 records one order and the certificate becomes the user’s', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(basic.id);
      const body = { object_type: 3, object_id: basic.id, attendance_code: cert.code };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 3300 });

      const order = await payByCard(member, body, 3300);
      expect(order).toMatchObject({ status: 3, amount: 3300, object_type: 3, object_id: basic.id });
      expect(order.course?.name).toBe(basic.name);
      expect(await itemsOf(order.id)).toEqual([[`${basic.name} 修了証発行`, 3300, 1]]);
      const rows = await ordersOf(member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.legacyCertificateId).toBe(cert.id);
      expect((await legacyRow(cert.id))?.claimedByUserId).toBe(member.id);

      // paid: checked, and a second payment refused
      expect(await check(member, body)).toEqual({
        canBuy: false,
        messages: [formsJa.payment.alreadyPaid],
        codes: ['ALREADY_PAID'],
        amount: 3300,
      });
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
        409,
        'ALREADY_PAID',
      );
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('a BI claim is free: refused by card, completed through order-course/create once', async () => {
      const member = await newMember(ctx.app);
      const cert = await legacy(bi.id);
      const body = { object_type: 3, object_id: bi.id, attendance_code: cert.code };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 0 });
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
        400,
        'FREE_ORDER',
      );
      const order = expectBody(await freeOrder(member, body), 200, orderResponseSchema).data;
      expect(order).toMatchObject({ status: 3, amount: 0, object_type: 3, object_id: bi.id });
      expect(await itemsOf(order.id)).toEqual([[`${bi.name} 修了証発行`, 0, 1]]);
      expect((await legacyRow(cert.id))?.claimedByUserId).toBe(member.id);
      const again = expectBody(await freeOrder(member, body), 200, orderResponseSchema).data;
      expect(again.id).toBe(order.id);
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('a certificate number finds the legacy certificate as well (normalised), by card and free', async () => {
      const member = await newMember(ctx.app);
      codes += 1;
      const certificateCode = `B2020-${driver.toUpperCase()}-${String(codes).padStart(6, '0')}`;
      const [row] = await db()
        .insert(legacyCertificates)
        .values({
          courseId: basic.id,
          certificateCode,
          holderName: '山田 花子',
          email: member.email,
          participatedDate: '2020-06-01',
        })
        .returning();
      if (!row) throw new Error('legacy certificate not made');
      // typed in lower case with a full-width dash: the same code
      const typed = certificateCode.toLowerCase().replace('-', 'ー');
      const body = { object_type: 3, object_id: basic.id, certificate_code: typed };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 3300 });
      const order = await payByCard(member, body, 3300);
      expect(order).toMatchObject({ status: 3, amount: 3300, object_type: 3, object_id: basic.id });
      const [stored] = await ordersOf(member.id);
      expect(stored?.legacyCertificateId).toBe(row.id);
      const [transaction] = await db()
        .select()
        .from(transactions)
        .where(eq(transactions.id, stored?.transactionId ?? 0));
      expect(transaction?.meta).toMatchObject({
        legacyCertificateId: row.id,
        certificateCode,
        attendanceCode: null,
      });
      expect((await legacyRow(row.id))?.claimedByUserId).toBe(member.id);

      // free (BI) through order-course/create with the certificate number
      codes += 1;
      const biCode = `BI2020-${driver.toUpperCase()}-${String(codes).padStart(6, '0')}`;
      const [biRow] = await db()
        .insert(legacyCertificates)
        .values({
          courseId: bi.id,
          certificateCode: biCode,
          holderName: '山田 花子',
          email: member.email,
          participatedDate: '2020-06-01',
        })
        .returning();
      const free = expectBody(
        await freeOrder(member, { object_type: 3, object_id: bi.id, certificate_code: biCode }),
        200,
        orderResponseSchema,
      ).data;
      expect(free).toMatchObject({ status: 3, amount: 0, object_type: 3, object_id: bi.id });
      expect((await legacyRow(biRow?.id ?? 0))?.claimedByUserId).toBe(member.id);
      // a certificate number of another course is not found
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', {
          object_type: 3,
          object_id: basic.id,
          certificate_code: biCode,
        }),
        404,
        'NOT_FOUND',
      );
    });

    it('the attendance code is required and must be one of the course not claimed by someone else', async () => {
      const member = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      const intent = (body: Record<string, unknown>) =>
        call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body);

      const missing = expectValidationError(await intent({ object_type: 3, object_id: basic.id }), [
        'attendance_code',
      ]);
      expect(missing.attendance_code).toEqual([formsJa.payment.attendanceCodeRequired]);
      expectValidationError(await freeOrder(member, { object_type: 3, object_id: bi.id }), [
        'attendance_code',
      ]);

      const unknown = expectError(
        await intent({ object_type: 3, object_id: basic.id, attendance_code: 'A1999-000000' }),
        404,
        'NOT_FOUND',
      );
      expect(unknown.meta.message).toBe(formsJa.payment.attendanceCodeNotFound);
      const ofBi = await legacy(bi.id);
      expectError(
        await intent({ object_type: 3, object_id: basic.id, attendance_code: ofBi.code }),
        404,
        'NOT_FOUND',
      );
      // claimed by another user: the same 404 (whether the code exists is not told)
      const taken = await legacy(basic.id, other.id);
      const claimed = expectError(
        await intent({ object_type: 3, object_id: basic.id, attendance_code: taken.code }),
        404,
        'NOT_FOUND',
      );
      expect(claimed.meta.message).toBe(formsJa.payment.attendanceCodeNotFound);
      const takenBi = await legacy(bi.id, other.id);
      expectError(
        await freeOrder(member, { object_type: 3, object_id: bi.id, attendance_code: takenBi.code }),
        404,
        'NOT_FOUND',
      );
      expect(
        await check(member, { object_type: 3, object_id: basic.id, attendance_code: taken.code }),
      ).toEqual({
        canBuy: false,
        messages: [formsJa.payment.attendanceCodeNotFound],
        codes: ['NOT_FOUND'],
        amount: 0,
      });
      // bank transfer and pay on site are not offered for certificates
      const fresh = await legacy(basic.id);
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
          object_type: 3,
          object_id: basic.id,
          attendance_code: fresh.code,
          payment_method_id: 2,
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await ordersOf(member.id)).toEqual([]);
      expect((await legacyRow(fresh.id))?.claimedByUserId).toBeNull();
    });
  });

  describe('instructor certification request (5)', () => {
    it('costs the course price; card 4242 records one order and the request goes to processing (2)', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, instructor.id, 2, 1);
      const body = { object_type: 5, object_id: instructor.id, request_id: requestId };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 5500 });

      const order = await payByCard(member, body, 5500);
      expect(order).toMatchObject({ status: 3, amount: 5500, object_type: 5, object_id: instructor.id });
      expect(order.course?.name).toBe(instructor.name);
      expect(await itemsOf(order.id)).toEqual([[`${instructor.name} 認定申請料`, 5500, 1]]);
      const rows = await ordersOf(member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.requestId).toBe(requestId);
      expect((await requestRow(requestId))?.status).toBe(2);

      expect(await check(member, body)).toEqual({
        canBuy: false,
        messages: [formsJa.payment.alreadyPaid],
        codes: ['ALREADY_PAID'],
        amount: 5500,
      });
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
        409,
        'ALREADY_PAID',
      );
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('create-order-transaction keeps the request: the intent of its t_key pays that request', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, instructor.id, 2, 1);
      const body = { object_type: 5, object_id: instructor.id, request_id: requestId };
      const created = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
          ...body,
          meta: { amount: 1 },
        }),
        200,
        tKeyResponseSchema,
      );
      const order = await payByCard(member, { ...body, t_key: created.data.t_key }, 5500);
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row?.requestId).toBe(requestId);
      expect(row?.transactionId).not.toBeNull();
      expect((await requestRow(requestId))?.status).toBe(2);
    });

    it('a request of a 0-yen course (basic instructor) is free through order-course/create', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, biInstructor.id, 2, 1);
      const body = { object_type: 5, object_id: biInstructor.id, request_id: requestId };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 0 });
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
        400,
        'FREE_ORDER',
      );
      const order = expectBody(await freeOrder(member, body), 200, orderResponseSchema).data;
      expect(order).toMatchObject({ status: 3, amount: 0, object_type: 5, object_id: biInstructor.id });
      expect((await requestRow(requestId))?.status).toBe(2);
      expect(expectBody(await freeOrder(member, body), 200, orderResponseSchema).data.id).toBe(order.id);
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('request_id is required; another user’s request, a renewal or a paid-by-nobody processed one are refused', async () => {
      const member = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      const intent = (body: Record<string, unknown>) =>
        call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body);
      const missing = expectValidationError(await intent({ object_type: 5, object_id: instructor.id }), [
        'request_id',
      ]);
      expect(missing.request_id).toEqual([formsJa.payment.requestIdRequired]);
      expectValidationError(await freeOrder(member, { object_type: 5, object_id: biInstructor.id }), [
        'request_id',
      ]);

      const others = await request(other, instructor.id, 2, 1);
      const notMine = expectError(
        await intent({ object_type: 5, object_id: instructor.id, request_id: others }),
        404,
        'NOT_FOUND',
      );
      expect(notMine.meta.message).toBe(formsJa.payment.requestNotFound);
      const othersFree = await request(other, biInstructor.id, 2, 1);
      expectError(
        await freeOrder(member, { object_type: 5, object_id: biInstructor.id, request_id: othersFree }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await intent({ object_type: 5, object_id: instructor.id, request_id: 2_000_000_000 }),
        404,
        'NOT_FOUND',
      );
      const renewalRequest = await request(member, renewal.id, 3, 1);
      expectError(
        await intent({ object_type: 5, object_id: renewal.id, request_id: renewalRequest }),
        404,
        'NOT_FOUND',
      );
      const mine = await request(member, instructor.id, 2, 1);
      expectValidationError(await intent({ object_type: 5, object_id: basic.id, request_id: mine }), [
        'object_id',
      ]);
      // one open instructor request per course (decision 029): the processed one is of another course
      const processed = await request(member, biInstructor.id, 2, 2);
      expectError(
        await intent({ object_type: 5, object_id: biInstructor.id, request_id: processed }),
        409,
        'NOT_AWAITING_PAYMENT',
      );
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-offline-order', {
          object_type: 5,
          object_id: instructor.id,
          request_id: mine,
          payment_method_id: 3,
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await ordersOf(member.id)).toEqual([]);
      expect((await requestRow(others))?.status).toBe(1);
    });
  });

  describe('check-payment of a request', () => {
    it('charged but never recorded: the request’s check-payment records it once; others’ requests are not found', async () => {
      const member = await newMember(ctx.app);
      // the first request of the course was rejected (one open request per course, decision 029)
      const first = await request(member, instructor.id, 2, 4);
      const second = await request(member, instructor.id, 2);
      const body = { object_type: 5, object_id: instructor.id, request_id: second };
      const intent = await createIntent(ctx.app, member.token, body);
      expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
      // the browser died before create-payment-order
      expect(await ordersOf(member.id)).toEqual([]);
      const url = (id: number) => `/api/v1/certificates/basic_instructor_course/request/${id}/check-payment`;
      const target = { object_type: 5, object_id: instructor.id };
      // the first request of the same course was not paid: nothing to record for it
      const none = expectBody(
        await call(ctx.app, member.token, 'POST', url(first), target),
        200,
        orderStatusResponseSchema,
      );
      expect(none.data).toMatchObject({ state: 'none', order: null });
      const [a, b] = await Promise.all([
        call(ctx.app, member.token, 'POST', url(second), target),
        call(ctx.app, member.token, 'POST', url(second), target),
      ]);
      for (const answer of [a, b])
        expect(expectBody(answer, 200, orderStatusResponseSchema).data).toMatchObject({
          state: 'complete',
          status: 3,
        });
      const recorded = await ordersOf(member.id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ requestId: second, amount: 5500, status: 3 });
      expect((await requestRow(second))?.status).toBe(2);
      expect((await requestRow(first))?.status).toBe(4);

      const other = await newMember(ctx.app);
      expectError(await call(ctx.app, other.token, 'POST', url(second), target), 404, 'NOT_FOUND');
      expectValidationError(
        await call(ctx.app, member.token, 'POST', url(second), { object_type: 1, object_id: instructor.id }),
        ['object_type'],
      );
      expectValidationError(
        await call(ctx.app, member.token, 'POST', url(second), { object_type: 5, object_id: renewal.id }),
        ['object_id'],
      );
      expectError(await call(ctx.app, null, 'POST', url(second), target), 401, 'UNAUTHORIZED');
    });
  });

  describe('renewal (7)', () => {
    it('costs the renewal course price; card 4242 records one order and the renewal session starts (3)', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, renewal.id, 3, 0);
      const nextYear = await request(member, renewal.id, 3, 1);
      const body = { object_type: 7, object_id: renewal.id, request_id: requestId };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 5500 });

      const order = await payByCard(member, body, 5500);
      expect(order).toMatchObject({ status: 3, amount: 5500, object_type: 7, object_id: renewal.id });
      expect(await itemsOf(order.id)).toEqual([[`${renewal.name} 更新料`, 5500, 1]]);
      expect((await ordersOf(member.id)).map((row) => row.requestId)).toEqual([requestId]);
      expect((await requestRow(requestId))?.status).toBe(3);
      expect((await requestRow(nextYear))?.status).toBe(1);

      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
        409,
        'ALREADY_PAID',
      );
      // the paid order is the request's, not the course's: another request of the course is payable
      expect(await check(member, { object_type: 7, object_id: renewal.id, request_id: nextYear })).toEqual({
        canBuy: true,
        messages: [],
        codes: [],
        amount: 5500,
      });
    });

    it('a renewal under 50 yen is free through order-course/create', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, cheapRenewal.id, 3, 1);
      const body = { object_type: 7, object_id: cheapRenewal.id, request_id: requestId };
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 0 });
      const order = expectBody(await freeOrder(member, body), 200, orderResponseSchema).data;
      expect(order).toMatchObject({ status: 3, amount: 0, object_type: 7, object_id: cheapRenewal.id });
      expect(await itemsOf(order.id)).toEqual([[`${cheapRenewal.name} 更新料`, 0, 1]]);
      expect((await requestRow(requestId))?.status).toBe(3);
    });

    it('request_id is required; another user’s renewal or an instructor request are not found', async () => {
      const member = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      const intent = (body: Record<string, unknown>) =>
        call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body);
      expectValidationError(await intent({ object_type: 7, object_id: renewal.id }), ['request_id']);
      const others = await request(other, renewal.id, 3, 1);
      expectError(
        await intent({ object_type: 7, object_id: renewal.id, request_id: others }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await freeOrder(member, { object_type: 7, object_id: renewal.id, request_id: others }),
        404,
        'NOT_FOUND',
      );
      const instructorRequest = await request(member, instructor.id, 2, 1);
      expectError(
        await intent({ object_type: 7, object_id: instructor.id, request_id: instructorRequest }),
        404,
        'NOT_FOUND',
      );
      expect(await check(member, { object_type: 7, object_id: renewal.id, request_id: others })).toEqual({
        canBuy: false,
        messages: [formsJa.payment.requestNotFound],
        codes: ['NOT_FOUND'],
        amount: 0,
      });
      expect(await ordersOf(member.id)).toEqual([]);
      expect((await requestRow(others))?.status).toBe(1);
    });
  });
  describe('refunds of request fees (decision 038)', () => {
    const refund = async (orderId: number) =>
      call(ctx.app, await officeToken(ctx.app), 'POST', `/api/v1/office/orders/${orderId}/refund`);

    it('a refunded renewal (7) goes back to awaiting its fee (0) and can be paid again', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, renewal.id, 3, 0);
      const body = { object_type: 7, object_id: renewal.id, request_id: requestId };
      const order = await payByCard(member, body, 5500);
      expect((await requestRow(requestId))?.status).toBe(3);
      expect((await refund(order.id)).statusCode).toBe(200);
      expect((await requestRow(requestId))?.status).toBe(0);
      expect(await check(member, body)).toEqual({ canBuy: true, messages: [], codes: [], amount: 5500 });
      await payByCard(member, body, 5500);
      expect((await requestRow(requestId))?.status).toBe(3);
    });

    it('a refunded instructor request (5) goes back to awaiting its fee (1); a complete renewal (4) stays', async () => {
      const member = await newMember(ctx.app);
      const requestId = await request(member, instructor.id, 2, 1);
      const order = await payByCard(
        member,
        { object_type: 5, object_id: instructor.id, request_id: requestId },
        5500,
      );
      expect((await requestRow(requestId))?.status).toBe(2);
      expect((await refund(order.id)).statusCode).toBe(200);
      expect((await requestRow(requestId))?.status).toBe(1);

      // A renewal already complete keeps its state: its certificate is issued; the office revokes it by hand.
      const renewalId = await request(member, renewal.id, 3, 0);
      const paid = await payByCard(
        member,
        { object_type: 7, object_id: renewal.id, request_id: renewalId },
        5500,
      );
      const [issued] = await db()
        .insert(certificates)
        .values({
          userId: member.id,
          courseId: renewal.id,
          certificateType: 2,
          certificateNumber: `R-REFUND-${driver}-${renewalId}`,
          verificationCode: `refund-${driver}-${renewalId}`,
          holderName: '山田 花子',
          startDate: '2027-01-01',
          endDate: '2031-12-31',
        })
        .returning();
      await db()
        .update(certificateRequests)
        .set({ status: 4, certificateId: issued!.id })
        .where(eq(certificateRequests.id, renewalId));
      expect((await refund(paid.id)).statusCode).toBe(200);
      expect((await requestRow(renewalId))?.status).toBe(4);
    });
  });

  describe('one purchase, one charge (decision 017)', () => {
    /** Five tabs at once, each with its own transaction, each paying with 4242: the intents, confirms and orders. */
    async function fiveTabs(member: Member, body: Record<string, unknown>) {
      const intents = await Promise.all(
        [1, 2, 3, 4, 5].map(async () => {
          const tKey = (
            (
              await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
                ...body,
                meta: { products: [] },
              })
            ).json() as { data: { t_key: string } }
          ).data.t_key;
          return createIntent(ctx.app, member.token, { ...body, t_key: tKey });
        }),
      );
      const confirms = await Promise.all(
        intents.map((intent) => confirmCard(ctx.app, intent.clientSecret, CARDS.success)),
      );
      await Promise.all(
        intents.map((intent) =>
          call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
            ...body,
            payment_intent_id: intent.paymentIntentId,
          }),
        ),
      );
      return {
        intents: new Set(intents.map((intent) => intent.paymentIntentId)).size,
        charged: confirms.filter((r) => r.statusCode === 200).length,
        orders: (await ordersOf(member.id)).filter((o) => o.status === 3).length,
      };
    }

    it('a certificate claim (3), an instructor request (5) and a renewal (7) at five tabs each: one intent, one charge, one order', async () => {
      const claimer = await newMember(ctx.app);
      const code = await legacy(basic.id);
      const claim = await fiveTabs(claimer, {
        object_type: 3,
        object_id: basic.id,
        attendance_code: code.code,
      });
      const applicant = await newMember(ctx.app);
      const requestId = await request(applicant, instructor.id, 2, 1);
      const instructorFee = await fiveTabs(applicant, {
        object_type: 5,
        object_id: instructor.id,
        request_id: requestId,
      });
      const renewer = await newMember(ctx.app);
      const renewalId = await request(renewer, renewal.id, 3, 1);
      const renewalFee = await fiveTabs(renewer, {
        object_type: 7,
        object_id: renewal.id,
        request_id: renewalId,
      });
      console.info(
        `[double-charge requests ${driver}] orders: claim=${claim.orders} request=${instructorFee.orders} renewal=${renewalFee.orders}`,
      );
      for (const counted of [claim, instructorFee, renewalFee])
        expect(counted).toEqual({ intents: 1, charged: 1, orders: 1 });
    });

    it('two requests of one course are two purchases: each has its own intent', async () => {
      const member = await newMember(ctx.app);
      // two renewals (an instructor request is one open per course, decision 029)
      const first = await request(member, renewal.id, 3, 1);
      const second = await request(member, renewal.id, 3, 1);
      const a = await createIntent(ctx.app, member.token, {
        object_type: 7,
        object_id: renewal.id,
        request_id: first,
      });
      const b = await createIntent(ctx.app, member.token, {
        object_type: 7,
        object_id: renewal.id,
        request_id: second,
      });
      expect(b.paymentIntentId).not.toBe(a.paymentIntentId);
      const again = await createIntent(ctx.app, member.token, {
        object_type: 7,
        object_id: renewal.id,
        request_id: first,
      });
      expect(again.paymentIntentId).toBe(a.paymentIntentId);
    });
  });
});
