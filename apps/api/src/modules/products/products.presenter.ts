import {
  attributeChoices,
  attributePairs,
  type OrderView,
  type ProductAttribute,
  type ProductView,
  type ShopOrderView,
} from '@mels/domain';
import { textToHtml } from '../../lib/sanitize.ts';
import type { Eligibility } from './product-eligibility.ts';

/**
 * A description as HTML: the office writes sanitised HTML (decision 040); one written as plain text
 * before (no tag in it) is escaped with its line breaks kept.
 */
export const descriptionHtml = (description: string) =>
  /<\/?[a-z][^>]*>/i.test(description) ? description : textToHtml(description);
import type { ProductExtras, ProductRow } from './products.repository.ts';

function presentAttribute(row: ProductExtras['attributes'][number]): ProductAttribute {
  const type = row.type === 'select' ? 'select' : 'text';
  return {
    id: row.id,
    attribute: row.attribute,
    type,
    value: row.value,
    options: type === 'select' ? attributeChoices(row.value) : [],
    is_required: row.isRequired,
  };
}

export function presentProduct(row: ProductRow, extras: ProductExtras, rules: Eligibility): ProductView {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    description: descriptionHtml(row.description),
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    thumbnail: extras.images.find((image) => image.isThumb)?.link ?? null,
    images: extras.images.map((image) => ({ link: image.link, is_thumb: image.isThumb })),
    attributes: extras.attributes.map(presentAttribute),
    courses: extras.courses.map((course) => ({ course_id: course.courseId, name: course.name })),
    buy_once_per_user: row.buyOncePerUser,
    sold_out: row.stock !== null && row.stock <= 0,
    allow_buy_with_course: rules.withCourseOk,
    allow_buy_once_per_user: rules.oncePerUserOk,
  };
}

/** A shop order: the orders module's view narrowed to the shop's fields, attributes as name/value pairs. */
export function presentShopOrder(order: OrderView): ShopOrderView {
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
}
