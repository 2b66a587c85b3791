import type { ProductsQuery, ProductView } from '@mels/domain';
import { SHOP_MESSAGES } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { orderViews } from '../orders/index.ts';
import { productEligibility } from './product-eligibility.ts';
import { presentProduct, presentShopOrder } from './products.presenter.ts';
import {
  findActiveProduct,
  listCategories,
  listProducts,
  listUserShopOrders,
  productExtras,
  type ProductExtras,
  type ProductRow,
} from './products.repository.ts';

const noExtras: ProductExtras = { images: [], attributes: [], courses: [] };

/** The views of the products, with the rules of the current user (null: an anonymous visitor). */
async function presentProducts(db: Executor, rows: readonly ProductRow[], userId: number | null) {
  const ids = rows.map((row) => row.id);
  const [extras, eligibility] = await Promise.all([
    productExtras(db, ids),
    productEligibility(db, userId, rows),
  ]);
  return rows.map((row) =>
    presentProduct(
      row,
      extras.get(row.id) ?? noExtras,
      eligibility.get(row.id) ?? { oncePerUserOk: true, withCourseOk: !row.allowBuyWithCourse },
    ),
  );
}

export const categories = (db: Executor) => listCategories(db);

export async function productPage(db: Executor, query: ProductsQuery, userId: number | null) {
  const { rows, total } = await listProducts(db, {
    page: query.page,
    limit: query.limit,
    categoryId: query.category_id,
  });
  return { data: await presentProducts(db, rows, userId), total };
}

export async function productDetail(db: Executor, id: number, userId: number | null): Promise<ProductView> {
  const row = await findActiveProduct(db, id);
  if (!row) throw notFound(SHOP_MESSAGES.productNotFound);
  const [view] = await presentProducts(db, [row], userId);
  if (!view) throw notFound(SHOP_MESSAGES.productNotFound);
  return view;
}

/** The user's shop orders, through the orders module's presenter, narrowed to the shop's fields. */
export async function shopOrders(db: Executor, userId: number, page: number, limit: number) {
  const { rows, total } = await listUserShopOrders(db, userId, page, limit);
  const data = (await orderViews(db, rows)).map(presentShopOrder);
  return { data, total };
}
