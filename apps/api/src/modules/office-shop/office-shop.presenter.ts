import type { OfficeCategory, OfficeProduct } from '@mels/domain';
import type { CategoryRow, ProductFull, ProductRow } from './office-shop.repository.ts';

export const presentCategory = (row: CategoryRow): OfficeCategory => ({
  id: row.id,
  name: row.name,
  sort_order: row.sortOrder,
  products: row.products,
});

const category = (row: ProductRow) =>
  row.categoryId !== null && row.categoryName !== null
    ? { id: row.categoryId, name: row.categoryName }
    : null;

export function presentProduct(row: ProductFull): OfficeProduct {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    category: category(row),
    images: row.images.map((image) => ({ id: image.id, link: image.link, is_thumb: image.isThumb })),
    attributes: row.attributes.map((a) => ({
      attribute: a.attribute,
      type: a.type === 'select' ? ('select' as const) : ('text' as const),
      value: a.value,
      is_required: a.isRequired,
    })),
    courses: row.courses,
    allow_buy_with_course: row.allowBuyWithCourse,
    buy_once_per_user: row.buyOncePerUser,
    is_active: row.isActive,
    stock: row.stock,
    sort_order: row.sortOrder,
    sold: row.sold,
  };
}

export function presentProductSummary(row: ProductRow & { sold: number; thumbnail: string | null }) {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    category: category(row),
    is_active: row.isActive,
    stock: row.stock,
    sort_order: row.sortOrder,
    sold: row.sold,
    buy_once_per_user: row.buyOncePerUser,
    allow_buy_with_course: row.allowBuyWithCourse,
    thumbnail: row.thumbnail,
  };
}

/** What an audit row keeps of a product: its fields, attributes and courses (not the sold count). */
export function auditedProduct(product: OfficeProduct) {
  const { sold: _sold, ...rest } = product;
  return { ...rest, courses: rest.courses.map((c) => c.id) };
}
