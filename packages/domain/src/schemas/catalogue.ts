/**
 * The office's catalogue (issue 16, decision 031): courses, sessions and their recruitments as the office
 * writes and reads them. Field names follow spec 000 §3 (Course, Training session). Labels and messages
 * are keys (office.catalogue.fields.*, validation.*), resolved in the reader's language.
 */
import { z } from 'zod';
import { TRAINING_STATUSES } from '../constants.ts';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { dateField, pageQuerySchema, textString } from './common.ts';
import { SELECTIONS } from './trainings.ts';

export const catalogueFields = messageKeys('office.catalogue.fields', [
  'name',
  'description',
  'duration',
  'participant',
  'resource',
  'certificationStandard',
  'certificationPeriod',
  'certificationRenew',
  'memo',
  'price',
  'order',
  'certificatePrefix',
  'isRenewal',
  'isActive',
  'occupations',
  'courseConditions',
  'conditionCourse',
  'conditionUserType',
  'videoPreviews',
  'videoName',
  'videoLink',
  'course',
  'sessionName',
  'area',
  'eventDate',
  'eventStartTime',
  'eventEndTime',
  'startTimeMorning',
  'endTimeMorning',
  'startTimeAfternoon',
  'endTimeAfternoon',
  'sponsorBy',
  'venue',
  'venueName',
  'target',
  'note',
  'registerDateNote',
  'applyDateNote',
  'status',
  'paymentMethods',
  'usersTypes',
  'userType',
  'recruitmentDescription',
  'capacity',
  'fee',
  'selection',
  'applyStartDate',
  'applyEndDate',
  'registerStartDate',
  'registerEndDate',
  'reason',
  'keyword',
]);
const f = catalogueFields;

const MAX_INT = 2147483647;

/** A required single-line text of at most `max` characters. */
const line = (label: string, max = 200) =>
  textString(label)
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });

/** An optional text (empty allowed) of at most `max` characters. */
const text = (label: string, max = 2000, multiline = true) =>
  textString(label, { multiline })
    .trim()
    .max(max, { error: message('validation.maxLength', ref(label), max) });

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: message('validation.invalidNumber', ref(label)) })
    .int({ error: message('validation.integer', ref(label)) })
    .min(min, { error: message('validation.min', ref(label), min) })
    .max(max, { error: message('validation.max', ref(label), max) });

/** Japan time 'YYYY-MM-DD HH:MM' (seconds dropped), a real calendar day and clock time. */
export const japanDateTimeField = (label: string) =>
  z
    .string({ error: message('office.catalogue.validation.dateTime', ref(label)) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/, {
      error: message('office.catalogue.validation.dateTime', ref(label)),
      abort: true,
    })
    .refine(
      (s) => {
        const day = s.slice(0, 10);
        const parsed = new Date(`${day}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
      },
      { error: message('office.catalogue.validation.dateTime', ref(label)) },
    )
    .transform((s) => `${s.slice(0, 10)} ${s.slice(11, 16)}`);

/** A clock time 'HH:MM' (seconds dropped). */
export const timeField = (label: string) =>
  z
    .string({ error: message('office.catalogue.validation.time', ref(label)) })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/, {
      error: message('office.catalogue.validation.time', ref(label)),
    })
    .transform((s) => s.slice(0, 5));

const link = (label: string) =>
  textString(label)
    .trim()
    .max(2000, { error: message('validation.maxLength', ref(label), 2000) })
    .regex(/^https?:\/\/\S+$/, { error: message('office.catalogue.validation.link', ref(label)) });

// ───────────────────────────── courses ─────────────────────────────

/** One alternative of a course condition: a course completed (optionally as a given user type). */
export const courseConditionSchema = z.object({
  course_id: int(f.conditionCourse, 1, MAX_INT),
  user_type_id: int(f.conditionUserType, 1, 5).nullable().default(null),
});

export const videoPreviewInputSchema = z.object({
  name: line(f.videoName),
  link: link(f.videoLink),
});

const courseFields = {
  name: line(f.name),
  description: text(f.description, 20000),
  duration: text(f.duration, 200, false),
  participant: text(f.participant, 2000),
  resource: text(f.resource, 2000),
  certification_standard: text(f.certificationStandard, 2000),
  certification_period: int(f.certificationPeriod, 1, 99).nullable(),
  certification_renew: text(f.certificationRenew, 2000),
  memo: text(f.memo, 2000),
  price: int(f.price, 0, 10_000_000),
  order: int(f.order, 0, 1_000_000),
  certificate_prefix: textString(f.certificatePrefix)
    .trim()
    .max(10, { error: message('validation.maxLength', ref(f.certificatePrefix), 10) })
    .nullable(),
  is_renewal: z.boolean({ error: message('validation.invalidValue', ref(f.isRenewal)) }),
  is_active: z.boolean({ error: message('validation.invalidValue', ref(f.isActive)) }),
  /** The occupations the course is for; empty = every occupation. */
  occupations: z.array(int(f.occupations, 1, 99)).max(20),
  /** Groups of alternatives: every group must be met, by any one of its alternatives. */
  course_conditions: z.array(z.array(courseConditionSchema).min(1).max(10)).max(10),
  video_previews: z.array(videoPreviewInputSchema).max(20),
};

/** POST /office/courses: the name is required; everything else has its default. */
export const courseCreateSchema = z.strictObject({
  ...courseFields,
  description: courseFields.description.default(''),
  duration: courseFields.duration.default(''),
  participant: courseFields.participant.default(''),
  resource: courseFields.resource.default(''),
  certification_standard: courseFields.certification_standard.default(''),
  certification_period: courseFields.certification_period.default(null),
  certification_renew: courseFields.certification_renew.default(''),
  memo: courseFields.memo.default(''),
  price: courseFields.price.default(0),
  order: courseFields.order.default(0),
  certificate_prefix: courseFields.certificate_prefix.default(null),
  is_renewal: courseFields.is_renewal.default(false),
  is_active: courseFields.is_active.default(true),
  occupations: courseFields.occupations.default([]),
  course_conditions: courseFields.course_conditions.default([]),
  video_previews: courseFields.video_previews.default([]),
});
export type CourseCreate = z.infer<typeof courseCreateSchema>;

/** PATCH /office/courses/{id}: the fields given change, the others stay. */
export const coursePatchSchema = z.strictObject(courseFields).partial();
export type CoursePatch = z.infer<typeof coursePatchSchema>;

export const officeCoursesQuerySchema = pageQuerySchema.extend({
  keyword: text(f.keyword, 100, false).optional(),
});

export const officeCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.string(),
  participant: z.string(),
  resource: z.string(),
  certification_standard: z.string(),
  certification_period: z.number().int().nullable(),
  certification_renew: z.string(),
  memo: z.string(),
  price: z.number().int(),
  order: z.number().int(),
  certificate_prefix: z.string().nullable(),
  is_renewal: z.boolean(),
  is_active: z.boolean(),
  occupations: z.array(z.number().int()),
  course_conditions: z.array(
    z.array(z.object({ course_id: z.number().int(), user_type_id: z.number().int().nullable() })),
  ),
  video_previews: z.array(z.object({ id: z.number().int(), name: z.string(), link: z.string() })),
  sessions: z.number().int(),
  updated_at: z.string(),
});
export type OfficeCourse = z.infer<typeof officeCourseSchema>;

export const officeCourseSummarySchema = officeCourseSchema.pick({
  id: true,
  name: true,
  price: true,
  order: true,
  certificate_prefix: true,
  is_active: true,
  sessions: true,
  updated_at: true,
});
export type OfficeCourseSummary = z.infer<typeof officeCourseSummarySchema>;

// ───────────────────────────── sessions ─────────────────────────────

/** One recruitment of a session (users_types): who, how many, what fee, how chosen, when. */
export const recruitmentInputSchema = z.strictObject({
  type_id: int(f.userType, 1, 5),
  description: text(f.recruitmentDescription, 2000).default(''),
  capacity: int(f.capacity, 0, 100_000),
  price: int(f.fee, 0, 10_000_000),
  selection: z.enum(SELECTIONS, { error: message('validation.invalidValue', ref(f.selection)) }),
  apply_start_date: japanDateTimeField(f.applyStartDate),
  apply_end_date: japanDateTimeField(f.applyEndDate).nullable().default(null),
  register_start_date: japanDateTimeField(f.registerStartDate).nullable().default(null),
  register_end_date: japanDateTimeField(f.registerEndDate).nullable().default(null),
});
export type RecruitmentInput = z.infer<typeof recruitmentInputSchema>;

const sessionFields = {
  course_id: int(f.course, 1, MAX_INT),
  name: line(f.sessionName),
  area: int(f.area, 1, 47),
  event_date: dateField(f.eventDate),
  event_start_time: timeField(f.eventStartTime),
  event_end_time: timeField(f.eventEndTime),
  start_time_morning: timeField(f.startTimeMorning).nullable(),
  end_time_morning: timeField(f.endTimeMorning).nullable(),
  start_time_afternoon: timeField(f.startTimeAfternoon).nullable(),
  end_time_afternoon: timeField(f.endTimeAfternoon).nullable(),
  sponsor_by: line(f.sponsorBy),
  venue: line(f.venue, 500),
  venue_name: line(f.venueName),
  target: text(f.target),
  note: text(f.note),
  register_date_note: text(f.registerDateNote),
  apply_date_note: text(f.applyDateNote),
  status: z.enum(TRAINING_STATUSES, { error: message('validation.invalidValue', ref(f.status)) }),
  payment_method_ids: z
    .array(
      z
        .number({ error: message('validation.invalidValue', ref(f.paymentMethods)) })
        .refine((n): n is 1 | 2 | 3 => n === 1 || n === 2 || n === 3, {
          error: message('validation.invalidValue', ref(f.paymentMethods)),
        }),
    )
    .max(3),
  users_types: z.array(recruitmentInputSchema).max(5),
};

/** POST /office/trainings: a session with its recruitments; a draft unless said. */
export const sessionCreateSchema = z.strictObject({
  ...sessionFields,
  start_time_morning: sessionFields.start_time_morning.default(null),
  end_time_morning: sessionFields.end_time_morning.default(null),
  start_time_afternoon: sessionFields.start_time_afternoon.default(null),
  end_time_afternoon: sessionFields.end_time_afternoon.default(null),
  target: sessionFields.target.default(''),
  note: sessionFields.note.default(''),
  register_date_note: sessionFields.register_date_note.default(''),
  apply_date_note: sessionFields.apply_date_note.default(''),
  status: sessionFields.status.default('draft'),
  payment_method_ids: sessionFields.payment_method_ids.default([]),
  users_types: sessionFields.users_types.default([]),
});
export type SessionCreate = z.infer<typeof sessionCreateSchema>;

/**
 * PATCH /office/trainings/{id}: the fields given change. `users_types`, when given, is the whole list:
 * a recruitment left out is removed (refused while it has applicants).
 */
export const sessionPatchSchema = z.strictObject(sessionFields).partial();
export type SessionPatch = z.infer<typeof sessionPatchSchema>;

export const sessionCancelSchema = z.strictObject({
  reason: line(f.reason, 1000),
});

export const officeRecruitmentFormSchema = z.object({
  type_id: z.number().int(),
  type_name: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  price: z.number().int(),
  selection: z.enum(SELECTIONS),
  apply_start_date: z.string(),
  apply_end_date: z.string(),
  register_start_date: z.string().nullable(),
  register_end_date: z.string().nullable(),
  /** Places taken. */
  participant: z.number().int(),
  applicants: z.number().int(),
  paid_orders: z.number().int(),
});

/** GET /office/trainings/{id}/form: the session as the office edits it. */
export const officeSessionSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_name: z.string(),
  name: z.string(),
  area: z.number().int(),
  area_name: z.string(),
  event_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  start_time_morning: z.string().nullable(),
  end_time_morning: z.string().nullable(),
  start_time_afternoon: z.string().nullable(),
  end_time_afternoon: z.string().nullable(),
  sponsor_by: z.string(),
  venue: z.string(),
  venue_name: z.string(),
  target: z.string(),
  note: z.string(),
  register_date_note: z.string(),
  apply_date_note: z.string(),
  status: z.enum(TRAINING_STATUSES),
  is_active: z.union([z.literal(0), z.literal(1)]),
  cancelled_reason: z.string().nullable(),
  payment_method_ids: z.array(z.number().int()),
  users_types: z.array(officeRecruitmentFormSchema),
  updated_at: z.string(),
});
export type OfficeSession = z.infer<typeof officeSessionSchema>;

/** The states the session list filters on: a draft, published, or cancelled (is_active 0). */
export const SESSION_STATES = ['draft', 'published', 'cancelled'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** GET /office/sessions: every session, drafts included. */
export const officeSessionsQuerySchema = pageQuerySchema.extend({
  course: z.coerce
    .number({ error: message('validation.invalidNumber', ref(f.course)) })
    .int()
    .min(1)
    .max(MAX_INT)
    .optional(),
  area: z.coerce
    .number({ error: message('validation.invalidNumber', ref(f.area)) })
    .int()
    .min(1, { error: message('validation.min', ref(f.area), 1) })
    .max(47, { error: message('validation.max', ref(f.area), 47) })
    .optional(),
  from: dateField(f.eventDate).optional(),
  to: dateField(f.eventDate).optional(),
  state: z.enum(SESSION_STATES, { error: message('validation.invalidValue', ref(f.status)) }).optional(),
});
export type OfficeSessionsQuery = z.infer<typeof officeSessionsQuerySchema>;

export const officeSessionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course_id: z.number().int(),
  course_name: z.string(),
  area: z.number().int(),
  area_name: z.string(),
  event_date: z.string(),
  event_start_time: z.string(),
  status: z.enum(TRAINING_STATUSES),
  is_active: z.union([z.literal(0), z.literal(1)]),
  recruitments: z.array(
    z.object({
      type_id: z.number().int(),
      type_name: z.string(),
      capacity: z.number().int(),
      participant: z.number().int(),
      selection: z.enum(SELECTIONS),
    }),
  ),
});
export type OfficeSessionSummary = z.infer<typeof officeSessionSummarySchema>;

/** GET /office/trainings/{id}/cancel-preview: who a cancellation reaches. */
export const sessionCancelPreviewSchema = z.object({
  members: z.number().int(),
  refunds: z.number().int(),
  refund_total: z.number().int(),
});

export const sessionCancelResultSchema = z.object({
  id: z.number().int(),
  is_active: z.literal(0),
  mailed: z.number().int(),
  refunds: z.array(
    z.object({
      order_id: z.number().int(),
      refund_order_id: z.number().int().nullable(),
      message: z.string().nullable(),
    }),
  ),
});

export const createdIdSchema = z.object({ id: z.number().int() });
