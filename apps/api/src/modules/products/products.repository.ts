import { OBJECT_TYPE, ORDER_TYPE } from '@mels/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  orders,
  productAttributes,
  productCategories,
  productCourses,
  productImages,
  products,
} from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect & { categoryName: string | null };

export type ProductExtras = {
  images: Array<{ link: string; isThumb: boolean }>;
  attributes: Array<typeof productAttributes.$inferSelect>;
  courses: Array<{ courseId: number; name: string }>;
};

export async function listCategories(db: Executor) {
  return db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
}

const productColumns = { product: products, categoryName: productCategories.name };

const toRow = (r: { product: typeof products.$inferSelect; categoryName: string | null }): ProductRow => ({
  ...r.product,
  categoryName: r.categoryName,
});

/** A page of the products on sale (of one category when asked), in their sort order. */
export async function listProducts(
  db: Executor,
  query: { page: number; limit: number; categoryId?: number | undefined },
) {
  const where = and(
    eq(products.isActive, true),
    query.categoryId === undefined ? undefined : eq(products.categoryId, query.categoryId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.sortOrder), asc(products.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** A product on sale (an inactive one is not found). */
export async function findActiveProduct(db: Executor, id: number): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  return row ? toRow(row) : null;
}

/** Images, attributes and courses of each product (three queries for a page). */
export async function productExtras(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, ProductExtras>> {
  const ids = [...productIds];
  const [images, attributes, courseRows] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(desc(productImages.isThumb), asc(productImages.id)),
        db
          .select()
          .from(productAttributes)
          .where(inArray(productAttributes.productId, ids))
          .orderBy(asc(productAttributes.id)),
        db
          .select({ productId: productCourses.productId, courseId: courses.id, name: courses.name })
          .from(productCourses)
          .innerJoin(courses, eq(courses.id, productCourses.courseId))
          .where(inArray(productCourses.productId, ids))
          .orderBy(asc(courses.id)),
      ])
    : [[], [], []];
  const result = new Map<number, ProductExtras>();
  for (const id of ids) result.set(id, { images: [], attributes: [], courses: [] });
  for (const image of images)
    result.get(image.productId)?.images.push({ link: image.link, isThumb: image.isThumb });
  for (const attribute of attributes) result.get(attribute.productId)?.attributes.push(attribute);
  for (const course of courseRows)
    result.get(course.productId)?.courses.push({ courseId: course.courseId, name: course.name });
  return result;
}

/** A page of the user's shop orders (purchases, not refund entries), newest first. */
export async function listUserShopOrders(db: Executor, userId: number, page: number, limit: number) {
  const where = and(
    eq(orders.userId, userId),
    eq(orders.objectType, OBJECT_TYPE.shopOrder),
    eq(orders.type, ORDER_TYPE.purchase),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
