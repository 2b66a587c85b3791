import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { message, ref } from '../i18n/message.ts';
import type { ActivityBadgeKey } from '../rules/status-labels.ts';
import { BADGE_KEYS, trainingUserStepSchema, trainingUserTypeWindowSchema } from './trainings.ts';
import { arrayOf, dataEnvelope, directionSchema, intField, listEnvelope } from './common.ts';

const invalid = (label: string) => message('validation.invalidValue', ref(label));

/** 'pending': applications still in progress; 'history': every enrolment. */
export const ACTIVITY_KINDS = ['pending', 'history'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_SORTS = ['name', 'status', 'event_date'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

/** Default page sizes of the two lists (spec 001 §2: 5 pending applications, 20 history rows). */
export const ACTIVITY_PAGE_SIZE: Readonly<Record<ActivityKind, number>> = { pending: 5, history: 20 };

/**
 * GET /api/v1/users/activity/trainings: the caller's enrolments. `limit` defaults to the kind's page
 * size; the history is sorted by `sort` and `direction` (event date, newest first, by default); the
 * pending list always comes soonest first.
 */
export const activityTrainingsQuerySchema = z.object({
  kind: z.enum(ACTIVITY_KINDS, { error: invalid('activity.fields.kind') }).default('history'),
  page: intField('fields.page', { min: 1, max: 100000 }).default(1),
  limit: intField('fields.limit', { min: 1, max: 100 }).optional(),
  sort: z.enum(ACTIVITY_SORTS, { error: invalid('fields.sort') }).default('event_date'),
  direction: directionSchema.default('desc'),
  user_type: arrayOf(intField('fields.userType', { min: 1, max: 5 })).optional(),
  /** Spec 001 §7's instructor-tab call: type=1 is the teaching history (the same rows as kind=history). */
  type: intField('instructor.fields.type', { min: 1, max: 1 }).optional(),
  /** get_director=1: each row also names the session's directors (user_directors; decision 030). */
  get_director: z
    .enum(['1', 'true', '0', 'false'], { error: invalid('instructor.fields.getDirector') })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type ActivityTrainingsQuery = z.infer<typeof activityTrainingsQuerySchema>;

/** Every value activityBadge() returns (the web translates the key; the API also sends the Japanese label). */
export const ACTIVITY_BADGE_KEYS = [
  'courseRegistered',
  'preVideoWatched',
  'preTestDone',
  ...BADGE_KEYS,
] as const satisfies readonly ActivityBadgeKey[];

export const activityTrainingSchema = z.object({
  /** The session (training) id: the row links to /session/{id}/{user_type.id}. */
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  event_date: z.string(),
  venue_name: z.string(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  is_active: z.boolean(),
  /** The enrolment's status (0–12). */
  status: z.number().int(),
  /** activityBadge() of packages/domain, and its Japanese label (null for status 0). */
  badge: z.enum(ACTIVITY_BADGE_KEYS).nullable(),
  status_label: z.string().nullable(),
  /** The status of the last step entry (the same as `status` unless the history was edited). */
  step_status: z.number().int().nullable(),
  /** The latest cancel request: 0 awaiting, 1 approved, 2 rejected; null when none. */
  cancel_status: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  // Spec 001 §3's names of the same entry.
  course_name: z.string(),
  user_type_name: z.string(),
  /** The participation status of spec 001 §4 in Japanese (participationStatus()); null for status 0. */
  status_name: z.string().nullable(),
  /** The latest cancel request ({status}); null when none. */
  training_user_cancel: z.object({ status: z.number().int() }).nullable(),
  /** The enrolment's step entries, oldest first (the last is current). */
  training_user_steps: z.array(trainingUserStepSchema),
  is_win_other_training_same_course: z.boolean(),
  payments_methods: z.array(z.object({ payment_method_id: z.number().int() })),
  /** The office's approval of an assistant's enrolment (user type 2); empty until approved. */
  training_assistant_approve_users: z.array(z.object({ approved_at: z.string() })),
  /** The session's recruited user types and their windows (ISO 8601 instants). */
  users_types: z.array(trainingUserTypeWindowSchema),
  /** With get_director=1: the session's instructors holding the director rank or above (names only). */
  user_directors: z.array(z.object({ name: z.string() })).optional(),
});
export type ActivityTraining = z.infer<typeof activityTrainingSchema>;
export const activityTrainingsResponseSchema = listEnvelope(activityTrainingSchema);

export const activityCertificateSchema = z.object({
  id: z.number().int(),
  certificate_number: z.string(),
  course: z.object({ id: z.number().int(), name: z.string(), certificate_prefix: z.string().nullable() }),
  training: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** YYYY-MM-DD */
  start_date: z.string(),
  /** YYYY-MM-DD; null when the certificate does not expire. */
  end_date: z.string().nullable(),
  expired: z.boolean(),
  /** Not expired, and the end date is within 6 months of today (Japan). */
  expiring_soon: z.boolean(),
  revoked: z.boolean(),
  /** What POST /trainings/{training_id}/enrollments/certificates/download needs; null when not downloadable here. */
  download: z.object({ training_id: z.number().int(), user_type: z.number().int() }).nullable(),
  // Spec 001 §3's names of the same certificate.
  certificate_id: z.number().int(),
  /** The certificate number (修了証番号). */
  certificate_code: z.string(),
  /** The certificate's name as its preview names it (the certificate number). */
  name: z.string(),
  /** The holder's name printed on it. */
  username: z.string(),
  certificate_expired: z.boolean(),
  /** Extended by a renewal. */
  is_extend_success: z.boolean(),
  /**
   * The renewal on my-page (decision 038): 'available' shows the link to renewal_path, 'renewed' the
   * 'already renewed' badge; 'none' neither (not basic-instructor, revoked, or outside the window).
   */
  renewal: z.enum(['available', 'renewed', 'none']),
  /** The renewal's intro page (spec 001 §2) when renewal is 'available', else null. */
  renewal_path: z.string().nullable(),
  /** A short-lived signed link to the PDF (the preview frame's); null when revoked. */
  link: z.string().nullable(),
  /** The older system's 受講コード the certificate was claimed with; null for certificates issued here. */
  attendance_code: z.string().nullable(),
  /** The enrolment the certificate was issued for; null for a claimed one. */
  object_id: z.number().int().nullable(),
});
export type ActivityCertificate = z.infer<typeof activityCertificateSchema>;
export const activityCertificatesResponseSchema = dataEnvelope(z.array(activityCertificateSchema));

export const legacyHistorySchema = z.object({
  /** YYYY-MM-DD */
  participated_date: z.string(),
  course_name: z.string(),
  user_type_name: z.string(),
});
export type LegacyHistory = z.infer<typeof legacyHistorySchema>;
export const legacyHistoriesResponseSchema = dataEnvelope(z.array(legacyHistorySchema));

/** The day `months` months after a YYYY-MM-DD day (the last day of the month when it has no such day). */
export function addMonthsToDay(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/** Months before the end date from which my-page warns that a certificate expires soon. */
export const CERTIFICATE_WARNING_MONTHS = LIMITS.certificateExpiryWarningMonths;

/**
 * The certificate's expiry on a day (YYYY-MM-DD, Japan): expired after its end date; expiring soon
 * from 6 months before it, the end date included.
 */
export function certificateExpiry(
  endDate: string | null,
  today: string,
): { expired: boolean; expiringSoon: boolean } {
  if (endDate === null) return { expired: false, expiringSoon: false };
  const expired = endDate < today;
  return {
    expired,
    expiringSoon: !expired && endDate <= addMonthsToDay(today, CERTIFICATE_WARNING_MONTHS),
  };
}
