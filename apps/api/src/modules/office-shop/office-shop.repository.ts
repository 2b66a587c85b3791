/** The office's shop queries (decision 040): categories, products, their images, attributes and courses. */
import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  productAttributes,
  productCategories,
  productCourses,
  productImages,
  productOrderHolds,
  products,
} from '../../db/schema.ts';

// ───────────── categories ─────────────

const productsOfCategory =
  sql<number>`(select count(*) from ${products} p where p.category_id = "product_categories"."id")`.mapWith(
    Number,
  );

export type CategoryRow = { id: number; name: string; sortOrder: number; products: number };

export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db
    .select({
      id: productCategories.id,
      name: productCategories.name,
      sortOrder: productCategories.sortOrder,
      products: productsOfCategory,
    })
    .from(productCategories)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
}

export async function findCategory(db: Executor, id: number, lock = false): Promise<CategoryRow | null> {
  const query = db
    .select({
      id: productCategories.id,
      name: productCategories.name,
      sortOrder: productCategories.sortOrder,
      products: productsOfCategory,
    })
    .from(productCategories)
    .where(eq(productCategories.id, id));
  const [row] = lock ? await query.for('update', { of: productCategories }) : await query;
  return row ?? null;
}

/** A new category at the end of the order. */
export async function insertCategory(db: Executor, name: string): Promise<number> {
  const [row] = await db
    .insert(productCategories)
    .values({
      name,
      sortOrder: sql`(select coalesce(max(${productCategories.sortOrder}), 0) + 1 from ${productCategories})`,
    })
    .returning({ id: productCategories.id });
  if (!row) throw new Error('category not created');
  return row.id;
}

export async function renameCategory(db: Executor, id: number, name: string) {
  await db.update(productCategories).set({ name }).where(eq(productCategories.id, id));
}

/** Deletes a category no product is in (one statement: a product added meanwhile keeps it). */
export async function deleteUnusedCategory(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(productCategories)
    .where(
      and(
        eq(productCategories.id, id),
        sql`not exists (select 1 from ${products} p where p.category_id = "product_categories"."id")`,
      ),
    )
    .returning({ id: productCategories.id });
  return rows.length > 0;
}

export async function setCategoryOrder(db: Executor, ids: readonly number[]) {
  for (const [index, id] of ids.entries())
    await db
      .update(productCategories)
      .set({ sortOrder: index + 1 })
      .where(eq(productCategories.id, id));
}

// ───────────── products ─────────────

export type ProductRow = typeof products.$inferSelect & { categoryName: string | null };
export type ProductFull = ProductRow & {
  images: Array<{ id: number; link: string; isThumb: boolean }>;
  attributes: Array<typeof productAttributes.$inferSelect>;
  courses: Array<{ id: number; name: string }>;
  sold: number;
};

const soldOf =
  sql<number>`(select coalesce(sum(h.quantity), 0) from ${productOrderHolds} h where h.product_id = "products"."id")`.mapWith(
    Number,
  );
const thumbOf = sql<
  string | null
>`(select i.link from ${productImages} i where i.product_id = "products"."id" and i.is_thumb limit 1)`;

export type ProductFilter = {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  visible?: boolean | undefined;
};

export async function listProducts(
  db: Executor,
  filter: ProductFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.keyword) conditions.push(ilike(products.name, `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.categoryId !== undefined) conditions.push(eq(products.categoryId, filter.categoryId));
  if (filter.visible !== undefined) conditions.push(eq(products.isActive, filter.visible));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: products, categoryName: productCategories.name, sold: soldOf, thumbnail: thumbOf })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.sortOrder), asc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.product,
      categoryName: r.categoryName,
      sold: r.sold,
      thumbnail: r.thumbnail,
    })),
    total: total?.n ?? 0,
  };
}

export async function findProduct(db: Executor, id: number, lock = false): Promise<ProductFull | null> {
  const query = db
    .select({ product: products, categoryName: productCategories.name, sold: soldOf })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(products.id, id));
  const [row] = lock ? await query.for('update', { of: products }) : await query;
  if (!row) return null;
  const [images, attributes, courseRows] = await Promise.all([
    db
      .select({ id: productImages.id, link: productImages.link, isThumb: productImages.isThumb })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.id)),
    db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.productId, id))
      .orderBy(asc(productAttributes.id)),
    db
      .select({ id: courses.id, name: courses.name })
      .from(productCourses)
      .innerJoin(courses, eq(courses.id, productCourses.courseId))
      .where(eq(productCourses.productId, id))
      .orderBy(asc(courses.id)),
  ]);
  return {
    ...row.product,
    categoryName: row.categoryName,
    sold: row.sold,
    images,
    attributes,
    courses: courseRows,
  };
}

export type ProductColumns = Pick<
  typeof products.$inferInsert,
  | 'name'
  | 'price'
  | 'description'
  | 'categoryId'
  | 'allowBuyWithCourse'
  | 'buyOncePerUser'
  | 'isActive'
  | 'stock'
  | 'sortOrder'
>;

export async function insertProduct(
  db: Executor,
  values: ProductColumns & { createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product not created');
  return row.id;
}

export async function updateProductRow(db: Executor, id: number, values: ProductColumns) {
  await db.update(products).set(values).where(eq(products.id, id));
}

export async function replaceAttributes(
  db: Executor,
  productId: number,
  rows: ReadonlyArray<{ attribute: string; type: string; value: string; isRequired: boolean }>,
) {
  await db.delete(productAttributes).where(eq(productAttributes.productId, productId));
  if (rows.length) await db.insert(productAttributes).values(rows.map((r) => ({ ...r, productId })));
}

export async function replaceCourses(db: Executor, productId: number, courseIds: readonly number[]) {
  await db.delete(productCourses).where(eq(productCourses.productId, productId));
  if (courseIds.length)
    await db.insert(productCourses).values(courseIds.map((courseId) => ({ productId, courseId })));
}

export async function existingCourseIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, id));
  return Boolean(row);
}

// ───────────── images ─────────────

/** Adds an image; the product's first becomes its thumbnail. */
export async function insertImage(db: Executor, productId: number, link: string): Promise<number> {
  const [row] = await db
    .insert(productImages)
    .values({
      productId,
      link,
      isThumb: sql`not exists (select 1 from ${productImages} i where i.product_id = ${productId} and i.is_thumb)`,
    })
    .returning({ id: productImages.id });
  if (!row) throw new Error('image not added');
  return row.id;
}

export async function imageCount(db: Executor, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return row?.n ?? 0;
}

/** Makes the image the one thumbnail (false when the product has no such image). */
export async function setThumbnail(db: Executor, productId: number, imageId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
  if (!found) return false;
  await db
    .update(productImages)
    .set({ isThumb: false })
    .where(and(eq(productImages.productId, productId), ne(productImages.id, imageId)));
  await db.update(productImages).set({ isThumb: true }).where(eq(productImages.id, imageId));
  return true;
}

/** Removes the image; when it was the thumbnail, the oldest other image becomes it. Answers its link. */
export async function deleteImage(db: Executor, productId: number, imageId: number): Promise<string | null> {
  const [removed] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning();
  if (!removed) return null;
  if (removed.isThumb) {
    const [next] = await db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.id))
      .limit(1);
    if (next) await db.update(productImages).set({ isThumb: true }).where(eq(productImages.id, next.id));
  }
  return removed.link;
}

/** Whether another image row still points at the link (seeded images may share one). */
export async function linkInUse(db: Executor, link: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.link, link))
    .limit(1);
  return Boolean(row);
}
