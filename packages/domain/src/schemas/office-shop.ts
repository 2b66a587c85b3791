/**
 * The office's shop (decision 040): categories, products with their images, attributes, courses, stock
 * and visibility, and the recommendation letter template, as the office writes and reads them. Labels and
 * messages are keys (office.shop.fields.*, validation.*), resolved in the reader's language.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { PRODUCT_ATTRIBUTE_TYPES } from '../rules/shop-product.ts';
import { intField, pageQuerySchema, textString } from './common.ts';

export const officeShopFields = messageKeys('office.shop.fields', [
  'name',
  'price',
  'description',
  'category',
  'categoryName',
  'order',
  'attributes',
  'attribute',
  'attributeType',
  'attributeValues',
  'isRequired',
  'courses',
  'allowBuyWithCourse',
  'buyOncePerUser',
  'isActive',
  'stock',
  'image',
  'template',
  'keyword',
  'visibility',
]);
const f = officeShopFields;

export const OFFICE_SHOP_MESSAGES = messageKeys('office.shop.errors', [
  'categoryInUse',
  'imageType',
  'imageTooLarge',
  'imageRequired',
  'templateType',
  'templateTooLarge',
  'templateRequired',
  'categoryMissing',
  'courseMissing',
]);

/** Upload limits: a product image, the recommendation letter template. */
export const OFFICE_SHOP_LIMITS = {
  imageMaxMb: 5,
  templateMaxMb: 10,
  maxImages: 10,
  maxAttributes: 20,
} as const;

const MAX_INT = 2147483647;

const line = (label: string, max = 200) =>
  textString(label)
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: message('validation.invalidNumber', ref(label)) })
    .int({ error: message('validation.integer', ref(label)) })
    .min(min, { error: message('validation.min', ref(label), min) })
    .max(max, { error: message('validation.max', ref(label), max) });

const flag = (label: string) => z.boolean({ error: message('validation.invalidValue', ref(label)) });

// ───────────── categories ─────────────

export const categoryInputSchema = z.strictObject({ name: line(f.categoryName, 100) });
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryOrderSchema = z.strictObject({
  ids: z
    .array(int(f.category, 1, MAX_INT), { error: message('validation.invalidValue', ref(f.category)) })
    .max(200),
});

export const officeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  products: z.number().int(),
});
export type OfficeCategory = z.infer<typeof officeCategorySchema>;

// ───────────── products ─────────────

export const productAttributeInputSchema = z.strictObject({
  attribute: line(f.attribute, 100),
  type: z.enum(PRODUCT_ATTRIBUTE_TYPES, { error: message('validation.invalidValue', ref(f.attributeType)) }),
  value: textString(f.attributeValues)
    .trim()
    .max(1000, { error: message('validation.maxLength', ref(f.attributeValues), 1000) })
    .default(''),
  is_required: flag(f.isRequired).default(false),
});

export const productInputSchema = z.strictObject({
  name: line(f.name, 200),
  price: int(f.price, 0, 10_000_000),
  /** HTML (sanitised by the server with the allow-list of lib/sanitize.ts). */
  description: textString(f.description, { multiline: true })
    .max(20_000, { error: message('validation.maxLength', ref(f.description), 20_000) })
    .default(''),
  category_id: int(f.category, 1, MAX_INT).nullable().default(null),
  attributes: z
    .array(productAttributeInputSchema)
    .max(OFFICE_SHOP_LIMITS.maxAttributes, {
      error: message(
        'office.quizzes.validation.maxItems',
        ref(f.attributes),
        OFFICE_SHOP_LIMITS.maxAttributes,
      ),
    })
    .default([]),
  course_ids: z
    .array(int(f.courses, 1, MAX_INT))
    .max(100)
    .default([]),
  allow_buy_with_course: flag(f.allowBuyWithCourse).default(false),
  buy_once_per_user: flag(f.buyOncePerUser).default(false),
  is_active: flag(f.isActive).default(true),
  /** null: stock is not counted. */
  stock: int(f.stock, 0, 1_000_000).nullable().default(null),
  sort_order: int(f.order, 0, 1_000_000).default(0),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const officeProductsQuerySchema = pageQuerySchema.extend({
  keyword: textString(f.keyword)
    .trim()
    .max(100, { error: message('validation.maxLength', ref(f.keyword), 100) })
    .optional(),
  category_id: intField(f.category, { min: 1, max: MAX_INT }).optional(),
  visibility: z
    .enum(['visible', 'hidden'], { error: message('validation.invalidValue', ref(f.visibility)) })
    .optional(),
});
export type OfficeProductsQuery = z.infer<typeof officeProductsQuerySchema>;

export const officeProductImageSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  is_thumb: z.boolean(),
});

export const officeProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  description: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  images: z.array(officeProductImageSchema),
  attributes: z.array(
    z.object({
      attribute: z.string(),
      type: z.enum(PRODUCT_ATTRIBUTE_TYPES),
      value: z.string(),
      is_required: z.boolean(),
    }),
  ),
  courses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  allow_buy_with_course: z.boolean(),
  buy_once_per_user: z.boolean(),
  is_active: z.boolean(),
  stock: z.number().int().nullable(),
  sort_order: z.number().int(),
  /** Units in live orders (being paid, paid, being shipped, shipped). */
  sold: z.number().int(),
});
export type OfficeProduct = z.infer<typeof officeProductSchema>;

export const officeProductSummarySchema = officeProductSchema
  .pick({
    id: true,
    name: true,
    price: true,
    category: true,
    is_active: true,
    stock: true,
    sort_order: true,
    sold: true,
    buy_once_per_user: true,
    allow_buy_with_course: true,
  })
  .extend({ thumbnail: z.string().nullable() });

export const productImageParamsSchema = z.object({
  id: intField('fields.id', { min: 1, max: MAX_INT }),
  imageId: intField('fields.id', { min: 1, max: MAX_INT }),
});

export const shopDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

// ───────────── the recommendation letter template ─────────────

export const templateInfoSchema = z.object({
  /** 'shipped': the file that came with the system; 'uploaded': the office's. */
  source: z.enum(['shipped', 'uploaded']),
  file_name: z.string(),
  size: z.number().int(),
  uploaded_at: z.string().nullable(),
});
export type TemplateInfo = z.infer<typeof templateInfoSchema>;
