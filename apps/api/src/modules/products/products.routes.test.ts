import {
  checkProductOrderResponseSchema,
  OBJECT_TYPE,
  ORDER_STATUS,
  productCategoriesResponseSchema,
  productResponseSchema,
  productsResponseSchema,
  shopOrdersResponseSchema,
  type ProductView,
  type OrderStatus,
  formsJa,
} from '@mels/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import {
  orderItems,
  orders,
  productCategories,
  productCourses,
  products,
  trainings,
} from '../../db/schema.ts';
import { call, enrol, makeWorld, newMember, type Member, type World } from '../payments/payments.fixtures.ts';

const MINUTE = 60_000;

describe.each(drivers())('shop products (%s)', (driver) => {
  let ctx: TestContext;
  let world: World;
  /** A product only for those enrolled in a session of world.training's course. */
  let courseOnly: { id: number; courseId: number };
  let inactiveId: number;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    world = await makeWorld(ctx);
    const db = ctx.deps.db;
    const [training] = await db.select().from(trainings).where(eq(trainings.id, world.training.id));
    const [restricted] = await db
      .insert(products)
      .values({ name: 'コース限定テスト教材', price: 2000, allowBuyWithCourse: true, sortOrder: 100 })
      .returning();
    const [inactive] = await db
      .insert(products)
      .values({ name: '販売終了テスト商品', price: 100, isActive: false })
      .returning();
    if (!training || !restricted || !inactive) throw new Error('shop world not made');
    await db.insert(productCourses).values({ productId: restricted.id, courseId: training.courseId });
    courseOnly = { id: restricted.id, courseId: training.courseId };
    inactiveId = inactive.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (query: string, token: string | null = null) =>
    expectBody(await call(ctx.app, token, 'GET', `/api/v1/products?${query}`), 200, productsResponseSchema);
  const detail = async (id: number, token: string | null = null) =>
    expectBody(await call(ctx.app, token, 'GET', `/api/v1/products/${id}`), 200, productResponseSchema).data;
  const activeCount = async (categoryId?: number) => {
    const [row] = await ctx.deps.db
      .select({ n: count() })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          categoryId === undefined ? undefined : eq(products.categoryId, categoryId),
        ),
      );
    return row?.n ?? 0;
  };
  const byId = (items: ProductView[], id: number) => {
    const found = items.find((p) => p.id === id);
    if (!found) throw new Error(`product ${id} not listed`);
    return found;
  };

  /** A shop order of the user holding one item of the product, made directly in the tables. */
  async function shopOrder(
    userId: number,
    productId: number,
    status: OrderStatus,
    createdAt = ctx.clock.now(),
  ) {
    const [order] = await ctx.deps.db
      .insert(orders)
      .values({
        userId,
        objectType: OBJECT_TYPE.shopOrder,
        amount: 700,
        status,
        postalCode: '1000001',
        address: '東京都千代田区千代田1-1',
        customerName: '山田 花子',
        phone: '03-1234-5678',
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (!order) throw new Error('order not made');
    await ctx.deps.db.insert(orderItems).values({
      orderId: order.id,
      productId,
      name: '記念バッジ',
      unitPrice: 700,
      quantity: 1,
      attributes: [{ attribute: 'カラー', value: 'ネイビー' }],
    });
    return order;
  }

  describe('GET /api/v1/category_products', () => {
    it('lists the categories in their sort order', async () => {
      const body = expectBody(
        await get(ctx.app, '/api/v1/category_products'),
        200,
        productCategoriesResponseSchema,
      );
      const rows = await ctx.deps.db
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .orderBy(asc(productCategories.sortOrder));
      expect(body.data).toEqual(rows);
      expect(body.data.map((c) => c.name)).toEqual(['テキスト', '教材', 'グッズ', '認定関連']);
      expect(Object.keys(body)).toEqual(['data']);
    });
  });

  describe('GET /api/v1/products', () => {
    it('lists the active products in sort order, 12 a page by default', async () => {
      const total = await activeCount();
      expect(total).toBeGreaterThan(12);
      const body = await list('');
      expect(body.pagination).toEqual({ page: 1, limit: 12, total, pages: Math.ceil(total / 12) });
      expect(body.data).toHaveLength(12);
      const all = await list('limit=50');
      expect(all.data).toHaveLength(total);
      expect(all.data.map((p) => p.id)).not.toContain(inactiveId);
      const rows = await ctx.deps.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(asc(products.sortOrder), asc(products.id));
      expect(all.data.map((p) => p.id)).toEqual(rows.map((r) => r.id));
      expect(body.data.map((p) => p.id)).toEqual(rows.slice(0, 12).map((r) => r.id));
    });

    it('pages without overlap', async () => {
      const all = await list('limit=50');
      const page1 = await list('limit=5&page=1');
      const page2 = await list('limit=5&page=2');
      const total = all.pagination.total;
      expect(page2.pagination).toEqual({ page: 2, limit: 5, total, pages: Math.ceil(total / 5) });
      expect([...page1.data, ...page2.data].map((p) => p.id)).toEqual(all.data.slice(0, 10).map((p) => p.id));
      const beyond = await list('limit=5&page=99');
      expect(beyond.data).toEqual([]);
    });

    it('filters by category; an unknown category is an empty list', async () => {
      const [goods] = await ctx.deps.db
        .select()
        .from(productCategories)
        .where(eq(productCategories.name, 'グッズ'));
      if (!goods) throw new Error('no category');
      const body = await list(`category_id=${goods.id}&limit=50`);
      expect(body.pagination.total).toBe(await activeCount(goods.id));
      expect(body.data.length).toBeGreaterThan(0);
      for (const p of body.data) expect(p.category).toEqual({ id: goods.id, name: 'グッズ' });
      const none = await list('category_id=999999');
      expect(none).toEqual({ data: [], pagination: { page: 1, limit: 12, total: 0, pages: 1 } });
    });

    it('shows images, thumbnail, attributes with their options, courses and the rules', async () => {
      const all = (await list('limit=50')).data;
      const polo = all.find((p) => p.name === 'MELS ロゴ入りポロシャツ');
      expect(polo).toMatchObject({
        price: 3800,
        category: { name: 'グッズ' },
        thumbnail: '/media/products/polo-shirt.svg',
        images: [
          { link: '/media/products/polo-shirt.svg', is_thumb: true },
          { link: '/media/products/polo-shirt-back.svg', is_thumb: false },
        ],
        courses: [],
        buy_once_per_user: false,
        allow_buy_with_course: true,
        allow_buy_once_per_user: true,
      });
      expect(polo?.attributes).toEqual([
        {
          id: expect.any(Number),
          attribute: 'サイズ',
          type: 'select',
          value: 'S,M,L,XL',
          options: ['S', 'M', 'L', 'XL'],
          is_required: true,
        },
        {
          id: expect.any(Number),
          attribute: 'カラー',
          type: 'select',
          value: 'ネイビー,ホワイト',
          options: ['ネイビー', 'ホワイト'],
          is_required: true,
        },
      ]);
      const badge = all.find((p) => p.name === 'インストラクター ネームバッジ');
      expect(badge?.attributes.map((a) => [a.type, a.options])).toEqual([
        ['text', []],
        ['text', []],
      ]);
      expect(badge?.buy_once_per_user).toBe(true);
      expect(badge?.courses.map((c) => c.name).length).toBe(2);
      const test = byId(all, world.product.id);
      expect(test).toMatchObject({ category: null, thumbnail: null, images: [], attributes: [] });
      expect(Object.keys(test).sort()).toEqual(
        [
          'id',
          'name',
          'price',
          'description',
          'category',
          'thumbnail',
          'images',
          'attributes',
          'courses',
          'buy_once_per_user',
          'sold_out',
          'allow_buy_with_course',
          'allow_buy_once_per_user',
        ].sort(),
      );
    });

    it.each([
      ['limit=abc', 'limit', '件数は数値で指定してください'],
      ['limit=51', 'limit', '件数は50以下で指定してください'],
      ['limit=0', 'limit', '件数は1以上で指定してください'],
      ['page=0', 'page', 'ページは1以上で指定してください'],
      ['category_id=abc', 'category_id', 'カテゴリIDは数値で指定してください'],
      ['category_id=0', 'category_id', 'カテゴリIDは1以上で指定してください'],
    ])('refuses ?%s', async (query, field, message) => {
      const errors = expectValidationError(await get(ctx.app, `/api/v1/products?${query}`), [field]);
      expect(errors[field]).toEqual([message]);
    });
  });

  describe('GET /api/v1/products/{id}', () => {
    it('shows a listed product as the list does', async () => {
      const page = await list('limit=4');
      for (const item of page.data) expect(await detail(item.id)).toEqual(item);
      const body = expectBody(
        await get(ctx.app, `/api/v1/products/${world.product.id}`),
        200,
        productResponseSchema,
      );
      expect(Object.keys(body)).toEqual(['data']);
    });

    it('answers an unknown or inactive product with 404 商品が見つかりません', async () => {
      for (const id of [99999999, inactiveId]) {
        const body = expectNotFound(await get(ctx.app, `/api/v1/products/${id}`));
        expect(body.meta.message).toBe(formsJa.shop.productNotFound);
      }
    });

    it('refuses id=abc with 400', async () => {
      const errors = expectValidationError(await get(ctx.app, '/api/v1/products/abc'), ['id']);
      expect(errors.id).toEqual(['IDは数値で指定してください']);
    });
  });

  describe('allow_buy flags', () => {
    it('anonymous: a course-only product cannot be bought, the others can', async () => {
      const restricted = await detail(courseOnly.id);
      expect(restricted).toMatchObject({ allow_buy_with_course: false, allow_buy_once_per_user: true });
      expect(restricted.courses.map((c) => c.course_id)).toEqual([courseOnly.courseId]);
      expect(await detail(world.onceProduct.id)).toMatchObject({
        buy_once_per_user: true,
        allow_buy_with_course: true,
        allow_buy_once_per_user: true,
      });
      expect(await detail(world.product.id)).toMatchObject({
        allow_buy_with_course: true,
        allow_buy_once_per_user: true,
      });
      // A bad token is an anonymous visitor, not an error.
      const response = await get(ctx.app, `/api/v1/products/${courseOnly.id}`, {
        headers: { authorization: 'Token not-a-real-token-at-all-xxxxxxxx' },
      });
      expect(expectBody(response, 200, productResponseSchema).data.allow_buy_with_course).toBe(false);
    });

    it('a user enrolled in a session of the course may buy the course-only product; another may not', async () => {
      const enrolled = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      await enrol(ctx, world, enrolled.id);
      expect((await detail(courseOnly.id, enrolled.token)).allow_buy_with_course).toBe(true);
      expect(byId((await list('limit=50', enrolled.token)).data, courseOnly.id).allow_buy_with_course).toBe(
        true,
      );
      expect((await detail(courseOnly.id, other.token)).allow_buy_with_course).toBe(false);
      expect(byId((await list('limit=50', other.token)).data, courseOnly.id).allow_buy_with_course).toBe(
        false,
      );
    });

    it('a one-per-person product already bought (or being paid) cannot be bought again', async () => {
      const buyer = await newMember(ctx.app);
      const cancelled = await newMember(ctx.app);
      await shopOrder(buyer.id, world.onceProduct.id, ORDER_STATUS.complete);
      await shopOrder(cancelled.id, world.onceProduct.id, ORDER_STATUS.cancelled);
      await shopOrder(cancelled.id, world.onceProduct.id, ORDER_STATUS.failed);

      const bought = await detail(world.onceProduct.id, buyer.token);
      expect(bought).toMatchObject({ buy_once_per_user: true, allow_buy_once_per_user: false });
      expect(
        byId((await list('limit=50', buyer.token)).data, world.onceProduct.id).allow_buy_once_per_user,
      ).toBe(false);
      expect((await detail(world.onceProduct.id, cancelled.token)).allow_buy_once_per_user).toBe(true);
      expect((await detail(world.onceProduct.id)).allow_buy_once_per_user).toBe(true);

      // The payment check reads the same rules.
      const check = async (member: Member) =>
        expectBody(
          await call(ctx.app, member.token, 'POST', '/api/v1/payments/check-product-order', {
            object_type: 4,
            products: [{ id: world.onceProduct.id, quantity: 1 }],
          }),
          200,
          checkProductOrderResponseSchema,
        ).data;
      expect(await check(buyer)).toMatchObject({
        canBuy: false,
        messages: ['「記念バッジ」はお一人様1点限りの商品です。'],
        codes: ['PRODUCT_ONCE_PER_USER'],
      });
      expect(await check(cancelled)).toMatchObject({ canBuy: true, messages: [], codes: [] });
    });

    it('statuses in payment, shipping and shipped count as bought too', async () => {
      for (const status of [ORDER_STATUS.inPayment, ORDER_STATUS.shipping, ORDER_STATUS.shipped]) {
        const member = await newMember(ctx.app);
        await shopOrder(member.id, world.onceProduct.id, status);
        expect((await detail(world.onceProduct.id, member.token)).allow_buy_once_per_user).toBe(false);
      }
    });
  });

  describe('GET /api/v1/products/orders', () => {
    it("lists the user's own shop orders, newest first, paged; not another user's", async () => {
      const member = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      const now = ctx.clock.now().getTime();
      const older = await shopOrder(
        member.id,
        world.product.id,
        ORDER_STATUS.complete,
        new Date(now - 10 * MINUTE),
      );
      const newer = await shopOrder(
        member.id,
        world.onceProduct.id,
        ORDER_STATUS.shipping,
        new Date(now - MINUTE),
      );
      const othersOrder = await shopOrder(other.id, world.product.id, ORDER_STATUS.complete);
      // A course registration of the same user is not a shop order.
      await ctx.deps.db
        .insert(orders)
        .values({ userId: member.id, objectType: OBJECT_TYPE.courseRegistration, objectId: 1, amount: 3300 });

      const body = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/products/orders'),
        200,
        shopOrdersResponseSchema,
      );
      expect(body.pagination).toEqual({ page: 1, limit: 12, total: 2, pages: 1 });
      expect(body.data.map((o) => o.id)).toEqual([newer.id, older.id]);
      expect(body.data[0]).toEqual({
        id: newer.id,
        created_at: new Date(now - MINUTE).toISOString(),
        amount: 700,
        status: ORDER_STATUS.shipping,
        status_name: '発送準備中',
        postal_code: '1000001',
        address: '東京都千代田区千代田1-1',
        customer_name: '山田 花子',
        phone: '03-1234-5678',
        products: [
          {
            name: '記念バッジ',
            quantity: 1,
            unit_price: 700,
            attributes: [{ attribute: 'カラー', value: 'ネイビー' }],
          },
        ],
      });
      expect(body.data[1]?.status_name).toBe('決済完了');

      const page2 = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/products/orders?limit=1&page=2'),
        200,
        shopOrdersResponseSchema,
      );
      expect(page2.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
      expect(page2.data.map((o) => o.id)).toEqual([older.id]);

      const theirs = expectBody(
        await call(ctx.app, other.token, 'GET', '/api/v1/products/orders'),
        200,
        shopOrdersResponseSchema,
      );
      expect(theirs.data.map((o) => o.id)).toEqual([othersOrder.id]);
    });

    it('needs a token (401), and is not read as /products/:id', async () => {
      expectError(await get(ctx.app, '/api/v1/products/orders'), 401, 'UNAUTHORIZED');
      const member = await newMember(ctx.app);
      const errors = expectValidationError(
        await call(ctx.app, member.token, 'GET', '/api/v1/products/orders?limit=51'),
        ['limit'],
      );
      expect(errors.limit).toEqual(['件数は50以下で指定してください']);
    });
  });
});
