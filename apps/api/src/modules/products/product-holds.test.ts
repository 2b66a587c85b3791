/**
 * Stock and one-per-person are enforced by the database when the order is recorded (decision 040):
 * members paying at the same moment for the last units, one member paying twice in two tabs for a
 * one-per-person product, a refund giving the stock back once. Sandbox gateway, both drivers.
 */
import { OBJECT_TYPE, orderResponseSchema, tKeyResponseSchema } from '@mels/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import { duplicateCharges, orderItems, orders, productOrderHolds, products } from '../../db/schema.ts';
import {
  call,
  CARDS,
  confirmCard,
  createIntent,
  makeWorld,
  newMember,
  officeToken,
  type Member,
} from '../payments/payments.fixtures.ts';

const delivery = {
  object_type: OBJECT_TYPE.shopOrder,
  postal_code: '1000001',
  address: '東京都千代田区千代田1-1',
  customer_name: '山田 花子',
  phone: '090-1234-5678',
};

describe.each(drivers())('shop stock and one per person (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    await makeWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function newProduct(values: { stock?: number | null; buyOncePerUser?: boolean; price?: number }) {
    const [row] = await ctx.deps.db
      .insert(products)
      .values({ name: `在庫テスト商品${Math.random()}`, price: values.price ?? 1200, ...values })
      .returning();
    if (!row) throw new Error('product not made');
    return row;
  }

  /** A paid card payment for the cart, not yet recorded as an order (the browser's last call pending). */
  async function paidCart(member: Member, cart: Array<{ id: number; quantity: number }>) {
    const tKey = expectBody(
      await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
        ...delivery,
        meta: { products: cart },
      }),
      200,
      tKeyResponseSchema,
    ).data.t_key;
    const intent = await createIntent(ctx.app, member.token, { object_type: 4, t_key: tKey });
    expect((await confirmCard(ctx.app, intent.clientSecret, CARDS.success)).statusCode).toBe(200);
    return () =>
      call(ctx.app, member.token, 'POST', '/api/v1/payments/stripe/create-payment-order', {
        object_type: 4,
        payment_intent_id: intent.paymentIntentId,
      });
  }

  const stockOf = async (id: number) =>
    (await ctx.deps.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

  const ordersOf = async (productId: number) =>
    ctx.deps.db
      .selectDistinct({ id: orders.id, status: orders.status, userId: orders.userId })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orderItems.productId, productId), eq(orders.type, 1)));

  it('six members paying at once for the last three units: exactly three orders, the others refunded', async () => {
    const product = await newProduct({ stock: 3 });
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember(ctx.app)));
    const record = [];
    for (const member of members) record.push(await paidCart(member, [{ id: product.id, quantity: 1 }]));
    const answers = await Promise.all(record.map((r) => r()));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      const error = expectError(refused, 409, 'PRODUCT_OUT_OF_STOCK');
      expect(error.meta.message).toContain(product.name);
    }
    expect(await ordersOf(product.id)).toHaveLength(3);
    expect(await stockOf(product.id)).toBe(0);
    // The three charges that could not stand are refunded, as unavailable.
    const refunds = await ctx.deps.db
      .select()
      .from(duplicateCharges)
      .where(
        inArray(
          duplicateCharges.userId,
          members.map((m) => m.id),
        ),
      );
    expect(refunds.map((r) => [r.reason, r.refundStatus])).toEqual([
      ['unavailable', 'succeeded'],
      ['unavailable', 'succeeded'],
      ['unavailable', 'succeeded'],
    ]);
    // Nothing left: the next member is refused before paying.
    const late = await newMember(ctx.app);
    expectError(
      await call(ctx.app, late.token, 'POST', '/api/v1/payments/create-order-transaction', {
        ...delivery,
        meta: { products: [{ id: product.id, quantity: 1 }] },
      }),
      409,
      'PRODUCT_OUT_OF_STOCK',
    );
  });

  it('a cart asking for more than is left is refused before paying; a product without stock is not counted', async () => {
    const counted = await newProduct({ stock: 2 });
    const uncounted = await newProduct({ stock: null });
    const member = await newMember(ctx.app);
    const check = await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', {
      object_type: 4,
      products: [
        { id: counted.id, quantity: 3 },
        { id: uncounted.id, quantity: 50 },
      ],
    });
    expect(check.statusCode).toBe(200);
    expect((check.json() as { data: { codes: string[] } }).data.codes).toEqual(['PRODUCT_OUT_OF_STOCK']);
    const record = await paidCart(member, [
      { id: counted.id, quantity: 2 },
      { id: uncounted.id, quantity: 50 },
    ]);
    expectBody(await record(), 200, orderResponseSchema);
    expect(await stockOf(counted.id)).toBe(0);
    expect(await stockOf(uncounted.id)).toBeNull();
  });

  it('one member paying twice at once for a one-per-person product: one order, the other charge refunded', async () => {
    const product = await newProduct({ buyOncePerUser: true, price: 700 });
    const member = await newMember(ctx.app);
    const first = await paidCart(member, [{ id: product.id, quantity: 1 }]);
    const second = await paidCart(member, [{ id: product.id, quantity: 1 }]);
    const answers = await Promise.all([first(), second()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    if (!refused) throw new Error('no refusal');
    expectError(refused, 409, 'PRODUCT_ONCE_PER_USER');
    const live = await ordersOf(product.id);
    expect(live).toHaveLength(1);
    const [refund] = await ctx.deps.db
      .select()
      .from(duplicateCharges)
      .where(eq(duplicateCharges.userId, member.id));
    expect(refund).toMatchObject({
      reason: 'duplicate',
      keptOrderId: live[0]?.id,
      refundStatus: 'succeeded',
    });
    // Another member may still buy it.
    const other = await newMember(ctx.app);
    expectBody(await (await paidCart(other, [{ id: product.id, quantity: 1 }]))(), 200, orderResponseSchema);
  });

  it('a refund gives the stock and the one-per-person slot back, once', async () => {
    const product = await newProduct({ stock: 1, buyOncePerUser: true });
    const member = await newMember(ctx.app);
    const order = expectBody(
      await (
        await paidCart(member, [{ id: product.id, quantity: 1 }])
      )(),
      200,
      orderResponseSchema,
    ).data;
    expect(await stockOf(product.id)).toBe(0);
    const office = await officeToken(ctx.app);
    const refunded = await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
    expect(
      await ctx.deps.db.select().from(productOrderHolds).where(eq(productOrderHolds.orderId, order.id)),
    ).toEqual([]);
    // A second refund is refused, and a later status change of the order gives nothing back again.
    expect((await call(ctx.app, office, 'POST', `/api/v1/office/orders/${order.id}/refund`)).statusCode).toBe(
      409,
    );
    await ctx.deps.db.update(orders).set({ status: 6 }).where(eq(orders.id, order.id));
    expect(await stockOf(product.id)).toBe(1);
    // The member may buy it again.
    expectBody(await (await paidCart(member, [{ id: product.id, quantity: 1 }]))(), 200, orderResponseSchema);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('a hidden product cannot be ordered, even with a payment made before it was hidden', async () => {
    const product = await newProduct({ stock: 5 });
    const member = await newMember(ctx.app);
    const record = await paidCart(member, [{ id: product.id, quantity: 1 }]);
    await ctx.deps.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    expectError(await record(), 409, 'PRODUCT_INACTIVE');
    expect(await ordersOf(product.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
    expectError(
      await call(ctx.app, member.token, 'POST', '/api/v1/payments/create-order-transaction', {
        ...delivery,
        meta: { products: [{ id: product.id, quantity: 1 }] },
      }),
      400,
      'PRODUCT_INACTIVE',
    );
  });
});
