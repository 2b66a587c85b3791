import type { ProductAttribute, ProductsQuery, ProductView, ShopOrderView } from '@mels/domain';
import { attributePairs, SHOP_MESSAGES } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { presentOrder, orderExtras } from '../orders/index.ts';
import { productEligibility, type Eligibility } from './product-eligibility.ts';
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

function presentAttribute(row: ProductExtras['attributes'][number]): ProductAttribute {
  const type = row.type === 'select' ? 'select' : 'text';
  return {
    id: row.id,
    attribute: row.attribute,
    type,
    value: row.value,
    options:
      type === 'select'
        ? row.value
            .split(',')
            .map((option) => option.trim())
            .filter((option) => option !== '')
        : [],
    is_required: row.isRequired,
  };
}

export function presentProduct(row: ProductRow, extras: ProductExtras, rules: Eligibility): ProductView {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    thumbnail: extras.images.find((image) => image.isThumb)?.link ?? null,
    images: extras.images.map((image) => ({ link: image.link, is_thumb: image.isThumb })),
    attributes: extras.attributes.map(presentAttribute),
    courses: extras.courses.map((course) => ({ course_id: course.courseId, name: course.name })),
    buy_once_per_user: row.buyOncePerUser,
    allow_buy_with_course: rules.withCourseOk,
    allow_buy_once_per_user: rules.oncePerUserOk,
  };
}

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
  const extras = await orderExtras(db, rows);
  const data = rows.map((row): ShopOrderView => {
    const order = presentOrder(
      row,
      extras.get(row.id) ?? { items: [], course: null, training: null, username: '' },
    );
    return {
      id: order.id,
      created_at: order.created_at,
      amount: order.amount,
      status: order.status,
      status_name: order.status_name,
      postal_code: order.postal_code,
      address: order.address,
      customer_name: order.customer_name,
      phone: order.phone,
      products: order.products.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unit_price: item.unit_price,
        attributes: attributePairs(item.attributes),
      })),
    };
  });
  return { data, total };
}
