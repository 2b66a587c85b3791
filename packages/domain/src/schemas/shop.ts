import { z } from 'zod';
import { messageKeys } from '../i18n/message.ts';
import { dataEnvelope, intField, listEnvelope } from './common.ts';

/** Page size of the shop's lists: the web app asks for 12 at a time, never more than 50. */
export const SHOP_LIMITS = { defaultPageSize: 12, maxPageSize: 50 } as const;

/** Label keys of the shop's query fields (the messages name them). */
export const SHOP_FIELDS = messageKeys('forms.shop', ['categoryId']);

/** Message key of a product that does not exist or is no longer sold. */
export const SHOP_MESSAGES = messageKeys('forms.shop', ['productNotFound']);

// ───────────────────────────── queries ─────────────────────────────

export const shopPageQuerySchema = z.object({
  page: intField('fields.page', { min: 1, max: 100000 }).default(1),
  limit: intField('fields.limit', { min: 1, max: SHOP_LIMITS.maxPageSize }).default(
    SHOP_LIMITS.defaultPageSize,
  ),
});
export type ShopPageQuery = z.infer<typeof shopPageQuerySchema>;

export const productsQuerySchema = shopPageQuerySchema.extend({
  category_id: intField(SHOP_FIELDS.categoryId, { min: 1, max: 2147483647 }).optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

// ───────────────────────────── responses ─────────────────────────────

export const productCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type ProductCategory = z.infer<typeof productCategorySchema>;
export const productCategoriesResponseSchema = dataEnvelope(z.array(productCategorySchema));

export const productImageSchema = z.object({ link: z.string(), is_thumb: z.boolean() });

export const productAttributeSchema = z.object({
  id: z.number().int(),
  attribute: z.string(),
  type: z.enum(['select', 'text']),
  value: z.string(),
  /** The choices of a 'select' attribute (value split on ','); empty for 'text'. */
  options: z.array(z.string()),
  is_required: z.boolean(),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Integer yen. */
  price: z.number().int(),
  /** HTML (sanitised by the server). */
  description: z.string(),
  category: productCategorySchema.nullable(),
  /** The link of the thumbnail image, if any. */
  thumbnail: z.string().nullable(),
  images: z.array(productImageSchema),
  attributes: z.array(productAttributeSchema),
  /** The courses whose enrolment unlocks a course-only product. */
  courses: z.array(z.object({ course_id: z.number().int(), name: z.string() })),
  /** The product is one per person. */
  buy_once_per_user: z.boolean(),
  /** The office counts its stock and none is left (decision 040): it cannot be ordered. */
  sold_out: z.boolean(),
  /** No course restriction, or the current user is enrolled in a session of one of its courses. */
  allow_buy_with_course: z.boolean(),
  /** False when a one-per-person product was already bought (or is being paid) by the current user. */
  allow_buy_once_per_user: z.boolean(),
});
export type ProductView = z.infer<typeof productSchema>;

export const productsResponseSchema = listEnvelope(productSchema);
export const productResponseSchema = dataEnvelope(productSchema);

export const shopOrderProductSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  /** The chosen attribute values of the line (attributePairs of what the cart sent). */
  attributes: z.array(z.object({ attribute: z.string(), value: z.string() })),
});

export const shopOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  customer_name: z.string().nullable(),
  phone: z.string().nullable(),
  products: z.array(shopOrderProductSchema),
});
export type ShopOrderView = z.infer<typeof shopOrderSchema>;

export const shopOrdersResponseSchema = listEnvelope(shopOrderSchema);
