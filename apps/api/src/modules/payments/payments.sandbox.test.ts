import {
  checkProductOrderResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  tKeyResponseSchema,
  transactionResponseSchema,
  formsJa,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { orderItems, orders, payments, sandboxPaymentIntents, transactions } from '../../db/schema.ts';
import { onOrderCompleted, type CompletedOrder } from '../orders/index.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  enrol,
  makeWorld,
  newMember,
  type World,
} from './payments.fixtures.ts';

describe.each(drivers())('payments with the sandbox gateway (%s)', (driver) => {
  let ctx: TestContext;
  let world: World;
  const completed: CompletedOrder[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    world = await makeWorld(ctx);
    onOrderCompleted(ctx.deps, async ({ order }) => {
      completed.push(order);
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ordersOf = (userId: number) => ctx.deps.db.select().from(orders).where(eq(orders.userId, userId));
  const courseBody = () => ({
    object_type: 1,
    object_id: world.paidCourse.id,
    training_id: world.training.id,
  });

  describe('card payment of a course registration fee', () => {
    it('4242 succeeds: intent with the server amount, order complete with its item and payment, hook told', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, { ...courseBody(), amount: 1 });
      expect(intent.amount).toBe(3300);
      expect(intent.publicKey).toMatch(/^pk_sandbox_/);
      const confirmed = await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ data: { status: 'succeeded', brand: 'Visa', last4: '4242' } });

      const response = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        {
          ...courseBody(),
          payment_intent_id: intent.paymentIntentId,
          client_secret: intent.clientSecret,
          amount: 1,
        },
      );
      const body = expectBody(response, 200, orderResponseSchema);
      expect(body.data).toMatchObject({
        status: 3,
        status_name: '決済完了',
        amount: 3300,
        object_type: 1,
        object_id: world.paidCourse.id,
        type: 1,
      });
      expect(body.data.course?.name).toBe(world.paidCourse.name);
      const rows = await ordersOf(member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.trainingId).toBe(world.training.id);
      const items = await ctx.deps.db.select().from(orderItems).where(eq(orderItems.orderId, body.data.id));
      expect(items.map((i) => [i.unitPrice, i.quantity])).toEqual([[3300, 1]]);
      const [payment] = await ctx.deps.db
        .select()
        .from(payments)
        .where(eq(payments.intentId, intent.paymentIntentId));
      expect(payment).toMatchObject({
        orderId: body.data.id,
        status: 'succeeded',
        amount: 3300,
        gateway: 'sandbox',
      });
      expect(completed.map((o) => o.id)).toContain(body.data.id);

      const detail = expectBody(
        await call(ctx.app, member.token, 'GET', `/api/v1/payments/transactions/${intent.t_key}`),
        200,
        transactionResponseSchema,
      );
      expect(detail.data).toMatchObject({ status: 2, amount: 3300, order_id: body.data.id });

      // paid: a second intent for the same object is refused
      expectError(
        await call(
          ctx.app,
          member.token,
          'POST',
          '/api/v1/payments/stripe/create-payment-intent',
          courseBody(),
        ),
        409,
        'ALREADY_PAID',
      );
    });

    it('the same payment_intent_id twice (double click, retry) records one order', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
      const body = { ...courseBody(), payment_intent_id: intent.paymentIntentId };
      const [a, b] = await Promise.all([
        call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', body),
        call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', body),
      ]);
      const c = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        body,
      );
      const ids = [a, b, c].map((r) => expectBody(r, 200, orderResponseSchema).data.id);
      expect(new Set(ids).size).toBe(1);
      expect(await ordersOf(member.id)).toHaveLength(1);
      expect(completed.filter((o) => o.id === ids[0])).toHaveLength(1);
    });

    it('a double click on pay gets the same open intent back', async () => {
      const member = await newMember(ctx.app);
      const first = await createIntent(ctx.app, member.token, courseBody());
      const second = await createIntent(ctx.app, member.token, { ...courseBody(), t_key: first.t_key });
      expect(second.paymentIntentId).toBe(first.paymentIntentId);
    });

    it('4000…0002 is declined with the provider message and nothing is recorded as paid', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      const declined = expectError(
        await confirmCard(ctx.app, intent.clientSecret, CARDS.declined),
        402,
        'card_declined',
      );
      expect(declined.meta.message).toBe('カードが拒否されました。');
      const order = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        {
          ...courseBody(),
          payment_intent_id: intent.paymentIntentId,
        },
      );
      const body = expectError(order, 402, 'PAYMENT_NOT_COMPLETED');
      expect(body.meta.message).toBe('カードが拒否されました。');
      expect(await ordersOf(member.id)).toEqual([]);
      const detail = expectBody(
        await call(ctx.app, member.token, 'GET', `/api/v1/payments/transactions/${intent.t_key}`),
        200,
        transactionResponseSchema,
      );
      expect(detail.data.status).toBe(1);
      // the same intent can then be paid with another card
      expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    });

    it('4000 0025 0000 3155 requires authentication; approving completes it, refusing does not', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      const confirmed = await confirmCard(ctx.app, intent.clientSecret, CARDS.authentication);
      expect(confirmed.json()).toMatchObject({
        data: { status: 'requires_action', next_action: { type: 'sandbox_authenticate' } },
      });
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...courseBody(),
          payment_intent_id: intent.paymentIntentId,
        }),
        402,
        'REQUIRES_ACTION',
      );
      const url = `/api/v1/payments/sandbox/intents/${intent.paymentIntentId}/authenticate`;
      expectNotFound(
        await ctx.app.inject({
          method: 'POST',
          url,
          payload: { client_secret: 'pi_wrong_secret', approve: true },
        }),
      );
      const ok = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { client_secret: intent.clientSecret, approve: true },
      });
      expect(ok.json()).toMatchObject({ data: { status: 'succeeded' } });
      const order = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        { ...courseBody(), payment_intent_id: intent.paymentIntentId },
      );
      expect(expectBody(order, 200, orderResponseSchema).data.status).toBe(3);

      const other = await newMember(ctx.app);
      const second = await createIntent(ctx.app, other.token, courseBody());
      await confirmCard(ctx.app, second.clientSecret, CARDS.authentication);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payments/sandbox/intents/${second.paymentIntentId}/authenticate`,
        payload: { client_secret: second.clientSecret, approve: false },
      });
      expect(expectError(refused, 402, 'authentication_failed').meta.message).toBe(
        formsJa.payment.authenticationFailed,
      );
      expect(await ordersOf(other.id)).toEqual([]);
    });

    it('validates the card form with the spec messages', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      const errors = expectValidationError(
        await confirmCard(ctx.app, intent.clientSecret, '4242424242424241', {
          email: 'not-an-email',
          cvc: '1',
          exp_month: 13,
        }),
        ['number', 'exp', 'cvc', 'email'],
      );
      expect(errors.number).toEqual([formsJa.payment.numberInvalid]);
      expect(errors.email).toEqual(['メールアドレスの形式は正しくありません。']);
      expect(
        expectValidationError(await confirmCard(ctx.app, intent.clientSecret, '4242 4242'), ['number'])
          .number,
      ).toEqual([formsJa.payment.numberIncomplete]);
      const expired = await confirmCard(ctx.app, intent.clientSecret, CARDS.success, {
        exp_month: 1,
        exp_year: 2020,
      });
      expect(expectError(expired, 402, 'expired_card').meta.message).toBe(formsJa.payment.expiredCard);
      const jcb = await confirmCard(ctx.app, intent.clientSecret, '3566002020360505');
      expect(jcb.json()).toMatchObject({ data: { brand: 'JCB', status: 'succeeded' } });
    });
  });

  describe('amounts come from the server', () => {
    it('an intent whose amount differs from the server amount is refused', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      await ctx.deps.db
        .update(sandboxPaymentIntents)
        .set({ amount: 100 })
        .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...courseBody(),
          payment_intent_id: intent.paymentIntentId,
          amount: 100,
        }),
        409,
        'AMOUNT_MISMATCH',
      );
      // and an intent made straight at the gateway for the user's transaction with its own amount
      const forged = await ctx.deps.payments.createIntent({
        amount: 50,
        currency: 'jpy',
        metadata: {
          t_key: intent.t_key,
          user_id: String(member.id),
          object_type: '1',
          object_id: String(world.paidCourse.id),
        },
        idempotencyKey: 'forged-1',
      });
      await confirmCard(ctx.app, forged.clientSecret, CARDS.success);
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...courseBody(),
          payment_intent_id: forged.id,
        }),
        409,
        'AMOUNT_MISMATCH',
      );
      expect(await ordersOf(member.id)).toEqual([]);
    });

    it('the session fee is the price of the user type of the enrolment', async () => {
      const member = await newMember(ctx.app);
      const body = { object_type: 2, object_id: world.training.id };
      expect(
        expectError(
          await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', body),
          400,
          'VALIDATION_ERROR',
        ).meta.message,
      ).toBe(formsJa.payment.notEnrolled);
      await enrol(ctx, world, member.id);
      const intent = await createIntent(ctx.app, member.token, { ...body, amount: 10 });
      expect(intent.amount).toBe(world.training.fee);
      await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      const order = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...body,
          payment_intent_id: intent.paymentIntentId,
        }),
        200,
        orderResponseSchema,
      );
      expect(order.data).toMatchObject({ amount: 8000, object_type: 2, training: { id: world.training.id } });
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.data.id));
      expect(row?.enrollmentId).not.toBeNull();
    });

    it('under 50 yen and BI courses go through the free path', async () => {
      const member = await newMember(ctx.app);
      for (const id of [world.cheapCourse.id, world.biCourse.id]) {
        const response = await call(
          ctx.app,
          member.token,
          'POST',
          '/api/v1/payments/stripe/create-payment-intent',
          { object_type: 1, object_id: id },
        );
        expect(expectError(response, 400, 'FREE_ORDER').meta.message).toBe(formsJa.payment.freeOrder);
        const free = await call(ctx.app, member.token, 'POST', '/api/v1/courses/order-course/create', {
          object_type: 1,
          object_id: id,
        });
        const order = expectBody(free, 200, orderResponseSchema);
        expect(order.data).toMatchObject({ amount: 0, status: 3, object_id: id });
        // twice: the same order
        const again = expectBody(
          await call(ctx.app, member.token, 'POST', '/api/v1/courses/order-course/create', {
            object_type: 1,
            object_id: id,
          }),
          200,
          orderResponseSchema,
        );
        expect(again.data.id).toBe(order.data.id);
      }
      expect(await ordersOf(member.id)).toHaveLength(2);
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/courses/order-course/create', courseBody()),
        400,
        'NOT_FREE',
      );
    });
  });

  describe('processing, and a process that died after the charge', () => {
    it('a processing intent records an order in payment (202); check-payment completes it later', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      await ctx.deps.db
        .update(sandboxPaymentIntents)
        .set({ status: 'processing' })
        .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      const pending = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        { ...courseBody(), payment_intent_id: intent.paymentIntentId },
      );
      expect(expectBody(pending, 202, orderResponseSchema).data.status).toBe(0);
      const url = `/api/v1/trainings/${world.training.id}/enrollments/check-payment`;
      const waiting = expectBody(
        await call(ctx.app, member.token, 'POST', url, { object_type: 1, object_id: world.paidCourse.id }),
        200,
        orderStatusResponseSchema,
      );
      expect(waiting.data).toMatchObject({ status: 0, state: 'K' });
      // the fee page shows 'processing' from the code, not from the sentence
      const inPayment = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', courseBody()),
        200,
        checkProductOrderResponseSchema,
      );
      expect(inPayment.data).toMatchObject({
        canBuy: false,
        messages: [formsJa.payment.processing],
        codes: ['NG_PENDING_PAYMENT'],
      });
      await ctx.deps.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      const done = expectBody(
        await call(ctx.app, member.token, 'POST', url, { object_type: 1, object_id: world.paidCourse.id }),
        200,
        orderStatusResponseSchema,
      );
      expect(done.data).toMatchObject({ status: 3, state: 'complete' });
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('charged but create-payment-order never called: check-payment records the order once', async () => {
      const member = await newMember(ctx.app);
      const intent = await createIntent(ctx.app, member.token, courseBody());
      await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      // the process "dies" here: no create-payment-order
      expect(await ordersOf(member.id)).toEqual([]);
      const url = `/api/v1/trainings/${world.training.id}/enrollments/check-payment`;
      const first = expectBody(
        await call(ctx.app, member.token, 'POST', url, { object_type: 1, object_id: world.paidCourse.id }),
        200,
        orderStatusResponseSchema,
      );
      expect(first.data).toMatchObject({ status: 3, state: 'complete', order: { amount: 3300 } });
      await call(ctx.app, member.token, 'POST', url, { object_type: 1, object_id: world.paidCourse.id });
      expect(await ordersOf(member.id)).toHaveLength(1);
      const nothing = expectBody(
        await call(ctx.app, member.token, 'POST', url, { object_type: 2, object_id: world.training.id }),
        200,
        orderStatusResponseSchema,
      );
      expect(nothing.data).toMatchObject({ status: null, state: 'none' });
    });
  });

  const delivery = {
    postal_code: '100-0001',
    address: '東京都千代田区千代田1-1',
    customer_name: '山田 花子',
    phone: '03-1234-5678',
  };

  describe('shop: check, transaction, pay', () => {
    it('a shop transaction needs where to deliver', async () => {
      const member = await newMember(ctx.app);
      const body = expectValidationError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
          meta: { products: [{ id: world.product.id, quantity: 1 }] },
          postal_code: '12345',
        }),
        ['postal_code', 'address', 'customer_name', 'phone'],
      );
      expect(body.postal_code).toEqual([formsJa.payment.postalCodeFormat]);
      expect(body.address).toEqual([formsJa.payment.addressRequired]);
      expect(body.phone).toEqual([formsJa.payment.phoneRequired]);
      for (const phone of ['03-1234-567', '０３-1234-5678', '03(1234)5678', '090-1234-56789'])
        expect(
          expectValidationError(
            await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
              meta: { products: [{ id: world.product.id, quantity: 1 }] },
              ...delivery,
              phone,
            }),
            ['phone'],
          ).phone,
        ).toEqual([formsJa.payment.phoneFormat]);
      expect(await ctx.deps.db.select().from(transactions).where(eq(transactions.userId, member.id))).toEqual(
        [],
      );
    });

    it('checks products, once-per-user and course-only rules', async () => {
      const member = await newMember(ctx.app);
      const ok = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', {
          object_type: 4,
          products: [{ id: world.product.id, quantity: 2 }],
        }),
        200,
        checkProductOrderResponseSchema,
      );
      expect(ok.data).toEqual({ canBuy: true, messages: [], codes: [], amount: 3000 });
      const twice = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', {
          products: [
            { id: world.onceProduct.id, quantity: 2 },
            { id: 99999999, quantity: 1 },
          ],
        }),
        200,
        checkProductOrderResponseSchema,
      );
      expect(twice.data.canBuy).toBe(false);
      expect(twice.data.messages).toEqual(
        expect.arrayContaining([
          formsJa.payment.productMissing,
          '「記念バッジ」はお一人様1点限りの商品です。',
        ]),
      );
      expect(twice.data.codes).toEqual(expect.arrayContaining(['PRODUCT_MISSING', 'PRODUCT_ONCE_PER_USER']));
      const course = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', {
          object_type: 1,
          object_id: world.paidCourse.id,
        }),
        200,
        checkProductOrderResponseSchema,
      );
      expect(course.data).toEqual({ canBuy: true, messages: [], codes: [], amount: 3300 });
    });

    it('the same t_key twice makes one transaction; another user cannot use or read it', async () => {
      const member = await newMember(ctx.app);
      const body = {
        t_key: `tk_${member.id}_abcdefgh`,
        meta: { products: [{ id: world.product.id, quantity: 2 }], amount: 1 },
        postal_code: '1000001',
        address: '東京都千代田区千代田1-1',
        customer_name: '山田 花子',
        phone: '090-1234-5678',
      };
      const first = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', body),
        200,
        tKeyResponseSchema,
      );
      const second = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', body),
        200,
        tKeyResponseSchema,
      );
      expect(second.data.t_key).toBe(first.data.t_key);
      const rows = await ctx.deps.db.select().from(transactions).where(eq(transactions.userId, member.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.amount).toBe(3000);
      expect(rows[0]?.phone).toBe('090-1234-5678');

      const other = await newMember(ctx.app);
      expectNotFound(
        await call(ctx.app, other.token, 'POST', '/api/v1/payments/create-order-transaction', body),
      );
      expectNotFound(
        await call(ctx.app, other.token, 'GET', `/api/v1/payments/transactions/${first.data.t_key}`),
      );
      expectNotFound(
        await call(ctx.app, other.token, 'POST', '/api/v1/payments/stripe/create-payment-intent', {
          object_type: 4,
          t_key: first.data.t_key,
        }),
      );

      const intent = await createIntent(ctx.app, member.token, {
        object_type: 4,
        t_key: first.data.t_key,
        amount: 1,
      });
      expect(intent.amount).toBe(3000);
      await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
      // another user cannot record the order of this intent
      expectNotFound(
        await call(ctx.app, other.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          object_type: 4,
          payment_intent_id: intent.paymentIntentId,
        }),
      );
      const order = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          object_type: 4,
          payment_intent_id: intent.paymentIntentId,
        }),
        200,
        orderResponseSchema,
      );
      expect(order.data).toMatchObject({
        amount: 3000,
        customer_name: '山田 花子',
        phone: '090-1234-5678',
        products: [{ name: world.product.name, quantity: 2, unit_price: 1500 }],
      });
      const detail = expectBody(
        await call(ctx.app, member.token, 'GET', `/api/v1/payments/transactions/${first.data.t_key}`),
        200,
        transactionResponseSchema,
      );
      expect(detail.data.status).toBe(2);
    });

    it('a paid intent confirmed again is payment_intent_unexpected_state; a stale t_key is a 400 and the order records without it', async () => {
      const member = await newMember(ctx.app);
      const cart = { meta: { products: [{ id: world.product.id, quantity: 1 }] }, ...delivery };
      const tx = async () =>
        expectBody(
          await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', cart),
          200,
          tKeyResponseSchema,
        ).data.t_key;
      const firstKey = await tx();
      const first = await createIntent(ctx.app, member.token, { object_type: 4, t_key: firstKey });
      expect((await confirmCard(ctx.app, first.clientSecret, CARDS.success)).statusCode).toBe(200);
      // another tab confirms the same, already paid intent
      const again = await confirmCard(ctx.app, first.clientSecret, CARDS.success);
      expect(expectError(again, 400, 'payment_intent_unexpected_state').meta.message).toBe(
        formsJa.payment.unexpectedState,
      );
      // the browser makes a new transaction and intent and pays again: a second, separate order
      const secondKey = await tx();
      expect(secondKey).not.toBe(firstKey);
      const second = await createIntent(ctx.app, member.token, { object_type: 4, t_key: secondKey });
      expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
      expect((await confirmCard(ctx.app, second.clientSecret, CARDS.success)).statusCode).toBe(200);
      const body = { object_type: 4, payment_intent_id: second.paymentIntentId };
      // the browser still holds the first key: 400, nothing recorded
      expectError(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
          ...body,
          t_key: firstKey,
        }),
        400,
        'TRANSACTION_MISMATCH',
      );
      expect(await ordersOf(member.id)).toEqual([]);
      // retried without the key: the intent's own transaction is recorded
      const order = expectBody(
        await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', body),
        200,
        orderResponseSchema,
      );
      expect(order.data).toMatchObject({ amount: 1500, status: 3 });
      expect(
        expectBody(
          await call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
            ...body,
            t_key: secondKey,
          }),
          200,
          orderResponseSchema,
        ).data.id,
      ).toBe(order.data.id);
    });

    it('needs a login', async () => {
      expectError(
        await call(ctx.app, null, 'POST', '/api/v1/payments/check-product-order', {}),
        401,
        'UNAUTHORIZED',
      );
      expectError(await call(ctx.app, null, 'GET', '/api/v1/payments/transactions/abc'), 401, 'UNAUTHORIZED');
    });
  });

  it('a completion listener runs inside the order transaction: when it fails, nothing is recorded, and check-payment retries', async () => {
    const member = await newMember(ctx.app);
    const stop = onOrderCompleted(ctx.deps, async ({ order }) => {
      if (order.userId === member.id) throw new Error('enrolment update failed');
    });
    const intent = await createIntent(ctx.app, member.token, courseBody());
    await confirmCard(ctx.app, intent.clientSecret, CARDS.success);
    try {
      const failed = await call(
        ctx.app,
        member.token,
        'POST',
        '/api/v1/payments/stripe/create-payment-order',
        { ...courseBody(), payment_intent_id: intent.paymentIntentId },
      );
      expectError(failed, 500, 'INTERNAL_ERROR');
      expect(await ordersOf(member.id)).toEqual([]);
    } finally {
      stop();
    }
    const url = `/api/v1/trainings/${world.training.id}/enrollments/check-payment`;
    const done = expectBody(
      await call(ctx.app, member.token, 'POST', url, { object_type: 1, object_id: world.paidCourse.id }),
      200,
      orderStatusResponseSchema,
    );
    expect(done.data.state).toBe('complete');
    expect(await ordersOf(member.id)).toHaveLength(1);
  });

  describe('two tabs at once', () => {
    it('two free registrations at once record one order', async () => {
      const member = await newMember(ctx.app);
      const body = { object_type: 1, object_id: world.biCourse.id };
      const answers = await Promise.all(
        [1, 2, 3].map(() => call(ctx.app, member.token, 'POST', '/api/v1/courses/order-course/create', body)),
      );
      const ids = answers.map((r) => expectBody(r, 200, orderResponseSchema).data.id);
      expect(new Set(ids).size).toBe(1);
      expect(await ordersOf(member.id)).toHaveLength(1);
    });

    it('the same t_key sent twice at once makes one transaction', async () => {
      const member = await newMember(ctx.app);
      const body = {
        t_key: `tk_race_${member.id}_xyz`,
        meta: { products: [{ id: world.product.id, quantity: 1 }] },
        ...delivery,
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', body),
        ),
      );
      for (const answer of answers)
        expect(expectBody(answer, 200, tKeyResponseSchema).data.t_key).toBe(body.t_key);
      expect(
        await ctx.deps.db.select().from(transactions).where(eq(transactions.userId, member.id)),
      ).toHaveLength(1);
    });
  });

  it('the OpenAPI document lists the payment calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/payments/check-product-order',
        '/api/v1/payments/create-order-transaction',
        '/api/v1/payments/stripe/create-payment-intent',
        '/api/v1/payments/stripe/create-payment-order',
        '/api/v1/payments/transactions/{t_key}',
        '/api/v1/courses/order-course/create',
        '/api/v1/trainings/{id}/enrollments/check-payment',
        '/api/v1/users/orders',
        '/api/v1/users/orders/{id}/invoice',
        '/api/v1/office/orders/{id}/refund',
      ]),
    );
  });

  it('GET /payments/config names the sandbox and its publishable key, without a login', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/config' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { gateway: string; publicKey: string } }>();
    expect(data.gateway).toBe('sandbox');
    expect(data.publicKey).toMatch(/^pk_/);
  });

  it('the Stripe webhook is not there without Stripe', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expectNotFound(response);
  });
});
