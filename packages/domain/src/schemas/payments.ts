import { z } from 'zod';
import { message, messageKeys } from '../i18n/message.ts';
import { FREE_THRESHOLD_YEN, OBJECT_TYPE, type ObjectType } from '../constants.ts';
import { ERROR_CODES } from '../error-codes.ts';
import { dataEnvelope, intField, listEnvelope } from './common.ts';

/** Keys of the payment calls' messages (the Japanese card ones read as Stripe's Japanese messages do). */
export const PAYMENT_MESSAGES = messageKeys('forms.payment', [
  'cardDeclined',
  'expiredCard',
  'incorrectCvc',
  'insufficientFunds',
  'processingError',
  'numberRequired',
  'numberIncomplete',
  'numberInvalid',
  'expiryIncomplete',
  'expiryPast',
  'expiryInvalid',
  'cvcIncomplete',
  'emailRequired',
  'emailFormat',
  'authenticationFailed',
  'authenticationRequired',
  'notCompleted',
  'processing',
  'freeOrder',
  'notFree',
  'amountMismatch',
  'alreadyPaid',
  'duplicateRefunded',
  'notPayable',
  'notEnrolled',
  'methodNotAccepted',
  'productMissing',
  'productInactive',
  'productOncePerUser',
  'productCourseOnly',
  'productOutOfStock',
  'productUnavailableRefunded',
  'cartEmpty',
  'transactionMismatch',
  'attendanceCodeRequired',
  'attendanceCodeNotFound',
  'certificateAlreadyClaimed',
  'requestIdRequired',
  'requestNotFound',
  'requestCourseMismatch',
  'requestNotAwaitingPayment',
  'postalCodeRequired',
  'postalCodeFormat',
  'addressRequired',
  'customerNameRequired',
  'phoneRequired',
  'phoneFormat',
  'unexpectedState',
  'sandboxOnly',
  'webhookSignature',
  'registrationNotRefundable',
  'notRefundable',
  'orderNotPending',
  'receiptNotAvailable',
  'fullNameRequired',
  'notShippable',
]);

/** A payment message key with its literal values (a product's name): message() of i18n/message.ts. */
export function paymentMessage(key: string, ...values: Array<string | number>): string {
  return message(key, ...values);
}

// ───────────────────────────── card rules (sandbox form and server) ─────────────────────────────

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unknown';

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unknown: '',
};

/** The card brand from the leading digits (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  const n = number.replace(/\D/g, '');
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^35(2[89]|[3-8])/.test(n)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^6(011|5|4[4-9]|22)/.test(n)) return 'discover';
  return 'unknown';
}

/** Digits a complete number of the brand has. */
export function cardNumberLengths(brand: CardBrand): number[] {
  if (brand === 'amex') return [15];
  if (brand === 'diners') return [14, 16];
  return [16];
}

export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Is the amount (yen) free? Under 50 yen nothing is charged. */
export function isFreeAmount(amount: number): boolean {
  return amount < FREE_THRESHOLD_YEN;
}

// ───────────────────────────── requests ─────────────────────────────

const id = (label: string) => intField(label, { min: 1, max: 2147483647 });
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
/**
 * What a payment pays for (object_type, with object_id): the meaning of each value, as the OpenAPI
 * document shows it (spec 000 §7: 1 and 2 are the session page's payments).
 */
export const OBJECT_TYPE_MEANING = {
  [OBJECT_TYPE.courseRegistration]: 'course registration fee (object_id: the course)',
  [OBJECT_TYPE.sessionFee]: 'session fee (object_id: the session)',
  [OBJECT_TYPE.certificate]: 'certificate issue fee (object_id: the course)',
  [OBJECT_TYPE.shopOrder]: 'shop order (object_id: the shop order)',
  [OBJECT_TYPE.instructorRequest]: 'instructor certification request (object_id: the course)',
  [OBJECT_TYPE.renewal]: 'certificate renewal (object_id: the course)',
} as const satisfies Record<ObjectType, string>;
const OBJECT_TYPE_VALUES = Object.values(OBJECT_TYPE);
export const objectTypeMeta = {
  description:
    'object_type: ' +
    Object.entries(OBJECT_TYPE_MEANING)
      .map(([value, meaning]) => `${value} ${meaning}`)
      .join('; '),
  enum: OBJECT_TYPE_VALUES,
};
const objectType = z.coerce
  .number({ error: 'forms.paymentFields.objectTypeNumber' })
  .int()
  .refine((value): value is ObjectType => (OBJECT_TYPE_VALUES as number[]).includes(value), {
    error: 'forms.paymentFields.objectTypeValue',
  })
  .meta(objectTypeMeta);

export const cartProductSchema = z.object({
  id: id('forms.paymentFields.productId'),
  quantity: intField('forms.paymentFields.quantity', { min: 1, max: 99 }).default(1),
  attributes: z.array(z.unknown()).max(20).default([]),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const checkProductOrderSchema = z.object({
  object_type: objectType.default(4),
  object_id: id('object_id').optional().nullable(),
  training_id: id('training_id').optional().nullable(),
  /** A certificate claim (3): the attendance code of the past session. */
  attendance_code: optionalText(50),
  /** A certificate claim (3) by the certificate number of the older system instead. */
  certificate_code: optionalText(50),
  /** An instructor certification request (5) or a renewal (7). */
  request_id: id('request_id').optional().nullable(),
  products: z.array(cartProductSchema).max(100).optional(),
  meta: z
    .object({ products: z.array(cartProductSchema).max(100) })
    .partial()
    .optional(),
});
export type CheckProductOrderInput = z.infer<typeof checkProductOrderSchema>;

export const checkProductOrderResponseSchema = dataEnvelope(
  z.object({
    canBuy: z.boolean(),
    messages: z.array(z.string()),
    /** The code of each message, in the same order: the browser branches on these, not on the text. */
    codes: z.array(z.enum(ERROR_CODES)),
    amount: z.number().int(),
  }),
);

export const createOrderTransactionSchema = z
  .object({
    t_key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'forms.paymentFields.tKeyFormat' })
      .optional()
      .nullable(),
    object_type: objectType.default(4),
    object_id: id('object_id').optional().nullable(),
    meta: z
      .object({
        products: z.array(cartProductSchema).max(100).default([]),
        /** Ignored: the server computes the amount. */
        amount: z.unknown().optional(),
      })
      .default({ products: [] }),
    /** The session a course registration fee is paid from (its enrolment records step 1). */
    training_id: id('training_id').optional().nullable(),
    /** A certificate claim (3): the attendance code of the past session. */
    attendance_code: optionalText(50),
    /** A certificate claim (3) by the certificate number of the older system instead. */
    certificate_code: optionalText(50),
    /** An instructor certification request (5) or a renewal (7). */
    request_id: id('request_id').optional().nullable(),
    postal_code: optionalText(10),
    address: optionalText(300),
    customer_name: optionalText(100),
    /** The delivery phone number of a shop order (the carrier calls it). */
    phone: optionalText(20),
  })
  .superRefine((value, ctx) => {
    // A shop order is shipped: where to is part of the order.
    if (value.object_type !== 4) return;
    const postal = (value.postal_code ?? '').replace(/[-－]/g, '');
    if (postal === '')
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: PAYMENT_MESSAGES.postalCodeRequired });
    else if (!/^\d{7}$/.test(postal))
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: PAYMENT_MESSAGES.postalCodeFormat });
    if (!value.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: PAYMENT_MESSAGES.addressRequired });
    if (!value.customer_name)
      ctx.addIssue({
        code: 'custom',
        path: ['customer_name'],
        message: PAYMENT_MESSAGES.customerNameRequired,
      });
    if (!value.phone)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PAYMENT_MESSAGES.phoneRequired });
    else if (!isDeliveryPhone(value.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PAYMENT_MESSAGES.phoneFormat });
  });

/** A Japanese phone number as typed for a delivery: half-width digits and hyphens, 10 or 11 digits. */
export function isDeliveryPhone(value: string): boolean {
  if (!/^\d+(?:-\d+){0,3}$/.test(value)) return false;
  const digits = value.replace(/-/g, '').length;
  return digits === 10 || digits === 11;
}
export type CreateOrderTransactionInput = z.infer<typeof createOrderTransactionSchema>;

export const tKeyResponseSchema = dataEnvelope(z.object({ t_key: z.string() }));

export const tKeyParamSchema = z.object({ t_key: z.string().trim().min(1).max(100) });

const paymentTarget = {
  /** The course (1), session (2)… paid for; shop orders (4) are identified by their t_key instead. */
  object_id: id('object_id').optional().nullable(),
  object_type: objectType,
  attendance_code: optionalText(50),
  certificate_code: optionalText(50),
  request_id: id('request_id').optional().nullable(),
  training_id: id('training_id').optional().nullable(),
  /** Ignored: the server computes the amount from its own data. */
  amount: z.unknown().optional(),
};

export const createPaymentIntentSchema = z.object({
  ...paymentTarget,
  t_key: z.string().trim().min(1).max(100).optional().nullable(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export const paymentIntentResponseSchema = dataEnvelope(
  z.object({
    clientSecret: z.string(),
    publicKey: z.string(),
    paymentIntentId: z.string(),
    amount: z.number().int(),
    t_key: z.string(),
    gateway: z.enum(['sandbox', 'stripe']),
  }),
);

/** GET /payments/config: which gateway takes cards, and its publishable key (for Stripe.js). */
export const paymentConfigResponseSchema = dataEnvelope(
  z.object({ gateway: z.enum(['sandbox', 'stripe']), publicKey: z.string() }),
);
export type PaymentConfig = z.infer<typeof paymentConfigResponseSchema>['data'];

export const createPaymentOrderSchema = z.object({
  ...paymentTarget,
  /** The transaction the browser believes it pays; a stale one is a 400 (the browser retries without it). */
  t_key: z.string().trim().min(1).max(100).optional().nullable(),
  payment_intent_id: z.string().trim().min(1).max(200),
  client_secret: z.string().max(300).optional().nullable(),
});
export type CreatePaymentOrderInput = z.infer<typeof createPaymentOrderSchema>;

export const freeOrderSchema = z.object(paymentTarget);
export type FreeOrderInput = z.infer<typeof freeOrderSchema>;

export const offlineOrderSchema = z.object({
  ...paymentTarget,
  payment_method_id: z.coerce
    .number()
    .int()
    .refine((value) => value === 2 || value === 3, { error: 'forms.paymentFields.methodValue' }),
});
export type OfflineOrderInput = z.infer<typeof offlineOrderSchema>;

export const checkPaymentSchema = z.object({ object_id: id('object_id'), object_type: objectType });
export type CheckPaymentInput = z.infer<typeof checkPaymentSchema>;

export const invoiceSchema = z.object({
  full_name: z
    .string({ error: PAYMENT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.fullNameRequired })
    .max(100, { error: 'forms.paymentFields.fullNameMax' }),
});

export const sandboxConfirmSchema = z
  .object({
    client_secret: z.string().trim().min(1).max(300),
    number: z.string({ error: PAYMENT_MESSAGES.numberRequired }).max(40),
    exp_month: z.coerce.number().int().optional().nullable(),
    exp_year: z.coerce.number().int().optional().nullable(),
    cvc: z.string().max(10).default(''),
    email: z.string({ error: PAYMENT_MESSAGES.emailRequired }).trim().max(254),
  })
  .superRefine((value, ctx) => {
    const number = value.number.replace(/[\s-]/g, '');
    const brand = cardBrand(number);
    if (number === '')
      ctx.addIssue({ code: 'custom', path: ['number'], message: PAYMENT_MESSAGES.numberRequired });
    else if (
      !/^\d+$/.test(number) ||
      (brand !== 'unknown' && number.length > Math.max(...cardNumberLengths(brand)))
    )
      ctx.addIssue({ code: 'custom', path: ['number'], message: PAYMENT_MESSAGES.numberInvalid });
    else if (number.length < (brand === 'unknown' ? 16 : Math.min(...cardNumberLengths(brand))))
      ctx.addIssue({ code: 'custom', path: ['number'], message: PAYMENT_MESSAGES.numberIncomplete });
    else if (!luhnValid(number))
      ctx.addIssue({ code: 'custom', path: ['number'], message: PAYMENT_MESSAGES.numberInvalid });
    const month = value.exp_month;
    const year = value.exp_year;
    if (month == null || year == null || month < 1 || month > 12)
      ctx.addIssue({ code: 'custom', path: ['exp'], message: PAYMENT_MESSAGES.expiryIncomplete });
    else if (year > 9999 || (year > 99 && year < 2000))
      ctx.addIssue({ code: 'custom', path: ['exp'], message: PAYMENT_MESSAGES.expiryInvalid });
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(value.cvc))
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: PAYMENT_MESSAGES.cvcIncomplete });
    if (value.email === '')
      ctx.addIssue({ code: 'custom', path: ['email'], message: PAYMENT_MESSAGES.emailRequired });
    else if (!z.email().safeParse(value.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: PAYMENT_MESSAGES.emailFormat });
  });
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmSchema>;

export const intentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);
export type IntentStatus = z.infer<typeof intentStatusSchema>;

export const sandboxConfirmResponseSchema = dataEnvelope(
  z.object({
    id: z.string(),
    status: intentStatusSchema,
    brand: z.string(),
    last4: z.string(),
    next_action: z.object({ type: z.literal('sandbox_authenticate'), url: z.string() }).nullable(),
  }),
);

export const sandboxAuthenticateSchema = z.object({
  client_secret: z.string().trim().min(1).max(300),
  approve: z.boolean(),
});

export const intentIdParamSchema = z.object({ id: z.string().trim().min(1).max(200) });

// ───────────────────────────── responses ─────────────────────────────

export const orderProductSchema = z.object({
  name: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  /** The chosen attribute values of the line (attributePairs of what the cart sent). */
  attributes: z.array(z.object({ attribute: z.string(), value: z.string() })),
});

export const orderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  price: z.number().int(),
  amount: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.number().int(),
  status_name: z.string(),
  payment_method_id: z.number().int(),
  payment_method_name: z.string(),
  object_id: z.number().int().nullable(),
  object_type: z.number().int().meta(objectTypeMeta),
  refund_of_id: z.number().int().nullable(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  course: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  training: z.object({ id: z.number().int(), name: z.string(), event_date: z.string() }).nullable(),
  products: z.array(orderProductSchema),
  username: z.string(),
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  customer_name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderSchema>;

export const orderResponseSchema = dataEnvelope(orderSchema);
export const ordersResponseSchema = listEnvelope(orderSchema);

export const orderStatusResponseSchema = dataEnvelope(
  z.object({
    status: z.number().int().nullable(),
    status_name: z.string().nullable(),
    /** 'K' while the gateway still processes the payment (spec: status K). */
    state: z.enum(['none', 'pending', 'complete', 'failed', 'K']),
    order: orderSchema.nullable(),
  }),
);

export const transactionResponseSchema = dataEnvelope(
  z.object({
    t_key: z.string(),
    status: z.number().int(),
    amount: z.number().int(),
    object_type: z.number().int().meta(objectTypeMeta),
    object_id: z.number().int().nullable(),
    order_id: z.number().int().nullable(),
    created_at: z.string(),
  }),
);

/** A second charge for a purchase already paid, refunded automatically (decision 017): the office's line. */
export const duplicateChargeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ fullname: z.string(), email: z.string() }),
  object_type: z.number().int(),
  object_id: z.number().int().nullable(),
  amount: z.number().int(),
  gateway: z.enum(['sandbox', 'stripe']),
  payment_intent_id: z.string(),
  /** The purchase that stands. */
  kept_order_id: z.number().int().nullable(),
  /** waiting (the gateway not yet asked), pending, succeeded, failed… (the gateway's refund status). */
  refund_status: z.string(),
  refund_id: z.string().nullable(),
  refunded_at: z.string().nullable(),
  mailed_at: z.string().nullable(),
  created_at: z.string(),
});
export type DuplicateChargeView = z.infer<typeof duplicateChargeSchema>;
export const duplicateChargesResponseSchema = listEnvelope(duplicateChargeSchema);
