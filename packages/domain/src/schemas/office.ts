import { z } from 'zod';
import type { CancelRequestStatus } from '../constants.ts';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { dateField, intField, pageQuerySchema } from './common.ts';

/** Label keys of the office's list filters (as the messages name them). */
export const officeFields = messageKeys('forms.officeFields', [
  'from',
  'to',
  'course',
  'keyword',
  'waiting',
  'status',
  'kind',
]);

const fo = officeFields;
const invalid = (label: string) => message('validation.invalidValue', ref(label));

/** What the office still has to do for a session (the dashboard's links). */
export const OFFICE_WAITING = ['lottery', 'assistant'] as const;
export type OfficeWaiting = (typeof OFFICE_WAITING)[number];

/** GET /office/trainings: sessions, upcoming first, filtered by date range, course, keyword, pending work. */
export const officeTrainingsQuerySchema = pageQuerySchema.extend({
  from: dateField(fo.from).optional(),
  to: dateField(fo.to).optional(),
  course: intField(fo.course, { min: 1, max: 2147483647 }).optional(),
  keyword: z
    .string()
    .trim()
    .max(100, { error: message('validation.maxLength', ref(fo.keyword), 100) })
    .optional(),
  waiting: z.enum(OFFICE_WAITING, { error: invalid(fo.waiting) }).optional(),
});
export type OfficeTrainingsQuery = z.infer<typeof officeTrainingsQuerySchema>;

/** GET /office/cancel-requests: 0 awaiting (default), 1 approved, 2 rejected. */
export const officeCancelRequestsQuerySchema = pageQuerySchema.extend({
  status: z.coerce
    .number({ error: invalid(fo.status) })
    .int()
    .refine((n): n is CancelRequestStatus => n === 0 || n === 1 || n === 2, { error: invalid(fo.status) })
    .default(0),
});

/** The order lists of the payments screen (shop: paid shop orders to send or being prepared). */
export const OFFICE_ORDER_KINDS = ['transfer', 'onsite', 'paid', 'shop'] as const;
export type OfficeOrderKind = (typeof OFFICE_ORDER_KINDS)[number];

/**
 * GET /office/orders?kind=: bank transfers awaiting, on-site unpaid, paid (refundable) orders, or
 * shop orders to ship (paid or being prepared, oldest first).
 */
export const officeOrdersQuerySchema = pageQuerySchema.extend({
  kind: z.enum(OFFICE_ORDER_KINDS, { error: invalid(fo.kind) }).default('transfer'),
});

/** GET /office/dashboard: the counts of what waits for the office. */
export const officeDashboardSchema = z.object({
  lotteries_ready: z.number().int(),
  assistants_awaiting: z.number().int(),
  cancel_requests_pending: z.number().int(),
  transfers_awaiting: z.number().int(),
  onsite_unpaid: z.number().int(),
  shop_orders_to_ship: z.number().int(),
  /** Basic-instructor certificates in force, not renewed, ending within 6 months (decision 038). */
  certificates_expiring: z.number().int(),
});
export type OfficeDashboard = z.infer<typeof officeDashboardSchema>;

export const officeRecruitmentSchema = z.object({
  user_type_id: z.number().int(),
  user_type_name: z.string(),
  selection: z.enum(['first_come', 'lottery']),
  capacity: z.number().int(),
  participant: z.number().int(),
  price: z.number().int(),
  apply_start_date: z.string(),
  apply_end_date: z.string(),
  applicants: z.number().int(),
  awaiting_lottery: z.number().int(),
  awaiting_approval: z.number().int(),
  window_closed: z.boolean(),
  lottery_ready: z.boolean(),
  drawn: z.boolean(),
});
export type OfficeRecruitment = z.infer<typeof officeRecruitmentSchema>;

export const officeTrainingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  venue_name: z.string(),
  is_active: z.boolean(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  recruitments: z.array(officeRecruitmentSchema),
});
export type OfficeTraining = z.infer<typeof officeTrainingSchema>;

export const officeDrawSchema = z.object({
  seed: z.string(),
  places: z.number().int(),
  entrants: z.number().int(),
  winners: z.number().int(),
  drawn_at: z.string(),
});

/** GET /office/trainings/{id}: a session with each recruitment's counts by status and its draw. */
export const officeTrainingDetailSchema = officeTrainingSchema.extend({
  recruitments: z.array(
    officeRecruitmentSchema.extend({
      /** Enrolments counted by the office's label (officeStatusLabel): key, a status it covers, words. */
      status_counts: z.array(
        z.object({ key: z.string(), status: z.number().int(), label: z.string(), count: z.number() }),
      ),
      draw: officeDrawSchema.nullable(),
      waiting_list: z.number().int(),
    }),
  ),
});
export type OfficeTrainingDetail = z.infer<typeof officeTrainingDetailSchema>;

export const officeCancelRequestSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  enrollment_id: z.number().int(),
  enrollment_status: z.number().int(),
  holds_place: z.boolean(),
  fullname: z.string(),
  fullname_kana: z.string(),
  email: z.string(),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  training: z.object({ id: z.number().int(), name: z.string(), event_date: z.string() }),
  paid_order: z.object({ id: z.number().int(), amount: z.number().int() }).nullable(),
});
export type OfficeCancelRequest = z.infer<typeof officeCancelRequestSchema>;

export const officeOrderSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  amount: z.number().int(),
  object_type: z.number().int(),
  payment_method_id: z.number().int(),
  payment_method_name: z.string(),
  refundable: z.boolean(),
  created_at: z.string(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
  enrollment_id: z.number().int().nullable(),
  training: z.object({ id: z.number().int(), name: z.string(), event_date: z.string() }).nullable(),
  course_name: z.string().nullable(),
  /** Where a shop order is delivered (null for other orders). */
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The delivery phone number of a shop order. */
  phone: z.string().nullable(),
  /** The order's lines with the chosen attribute values (empty when it has none). */
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      attributes: z.array(z.object({ attribute: z.string(), value: z.string() })),
    }),
  ),
});
export type OfficeOrder = z.infer<typeof officeOrderSchema>;
export type OfficeOrderLine = OfficeOrder['lines'][number];

/** One row of GET /office/trainings/{id}/roster. */
export const officeRosterRowSchema = z.object({
  enrollment_id: z.number().int(),
  user_id: z.number().int(),
  fullname: z.string(),
  fullname_kana: z.string(),
  email: z.string(),
  phone: z.string(),
  occupation: z.string(),
  location_work: z.string(),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  status: z.number().int(),
  status_label: z.string(),
  lottery_rank: z.number().int().nullable(),
  assistant_approved: z.boolean(),
  cancel_request_id: z.number().int().nullable(),
  cancel_request_status: z.number().int().nullable(),
  checked_in_at: z.string().nullable(),
  /** The enrolment's certificate (revoked or not), for the office's revoke button. */
  certificate: z.object({ id: z.number().int(), number: z.string(), revoked: z.boolean() }).nullable(),
  applied_at: z.string(),
  /** The session fee's payment method the member chose (1 card, 2 bank transfer, 3 on site); decision 021. */
  payment_method_id: z.number().int().nullable(),
  payment: z
    .object({
      order_id: z.number().int(),
      status: z.number().int(),
      status_name: z.string(),
      method_name: z.string(),
      amount: z.number().int(),
    })
    .nullable(),
});
export type OfficeRosterRow = z.infer<typeof officeRosterRowSchema>;

/** GET /office/trainings/{id}/roster: the session and its enrolments. */
export const officeRosterSchema = z.object({
  training: z.object({
    id: z.number().int(),
    name: z.string(),
    event_date: z.string(),
    course_name: z.string(),
  }),
  enrollments: z.array(officeRosterRowSchema),
});
export type OfficeRoster = z.infer<typeof officeRosterSchema>;
