import { z } from 'zod';
import { DEFAULT_RECRUITMENT, LIMITS } from '../constants.ts';
import { message, ref } from '../i18n/message.ts';
import type { RecruitingPhase } from '../rules/steps.ts';
import type { BadgeKey } from '../rules/status-labels.ts';
import { arrayOf, dataEnvelope, dateField, intField, listEnvelope } from './common.ts';
import { documentSchema } from './content.ts';

/** Largest page of the session search (the browser asks for pages of 10 and scrolls for more). */
export const TRAININGS_MAX_PAGE_SIZE = 100;

/**
 * Where the session search stops counting (decision 045): a total above it is answered as
 * "more than 1,000" (`pagination.total_capped`), since the infinite scroll needs only to know that
 * another page follows, and counting every match was most of the search's time.
 */
export const TRAININGS_TOTAL_CAP = 1000;

/**
 * How many matches the search counts for a page: one more than the cap, or than the cards up to and
 * including this page when the page lies past the cap, so that a page knows whether another follows.
 */
export function searchCountLimit(page: number, limit: number): number {
  return Math.max(TRAININGS_TOTAL_CAP, page * limit) + 1;
}

/**
 * A calendar date as the search form sends it ('2026-11-22 00:00:00' or '2026-11-22'), read as
 * 'YYYY-MM-DD'. Days that do not exist (2026-02-30, 2026-13-01) are refused here, before the
 * database sees them.
 */
export function calendarDateField(label: string) {
  return dateField(label).refine(
    (ymd) => {
      const at = new Date(`${ymd}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === ymd;
    },
    { error: message('validation.invalidDate', ref(label)) },
  );
}

/**
 * GET /api/v1/trainings: the session search of spec 000 §7. Arrays come as `area[]=13&area[]=14`
 * (or a single `area=13`); `user_type[]` defaults to the attendee type (4). The cards whose
 * recruiting is open come first; `open_only=1` keeps only them.
 */
export const trainingsQuerySchema = z.object({
  page: intField('fields.page', { min: 1, max: 100000 }).default(1),
  limit: intField('fields.limit', { min: 1, max: TRAININGS_MAX_PAGE_SIZE }).default(LIMITS.searchPageSize),
  area: arrayOf(intField('fields.area', { min: 1, max: 47 })).optional(),
  course_id: arrayOf(intField('fields.course', { min: 1, max: 2147483647 })).optional(),
  user_type: arrayOf(intField('fields.userType', { min: 1, max: 5 })).default([DEFAULT_RECRUITMENT]),
  event_date$ge: calendarDateField('fields.eventStartDate').optional(),
  event_date$le: calendarDateField('fields.eventEndDate').optional(),
  /** 募集中のみ: only the cards whose recruiting is open now ('1'/'true'; absent or '0'/'false': all). */
  open_only: z
    .enum(['1', 'true', '0', 'false'], { error: message('validation.invalidValue', ref('fields.openOnly')) })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type TrainingsQuery = z.infer<typeof trainingsQuerySchema>;

/** GET /api/v1/trainings/{id}?user_type=: the user type whose card is shown (default: attendee, else the first recruited). */
export const trainingDetailQuerySchema = z.object({
  user_type: intField('fields.userType', { min: 1, max: 5 }).optional(),
});
export type TrainingDetailQuery = z.infer<typeof trainingDetailQuerySchema>;

export const SELECTIONS = ['first_come', 'lottery'] as const;
export type Selection = (typeof SELECTIONS)[number];

export const RECRUITING_PHASES = ['upcoming', 'open', 'closed'] as const satisfies readonly RecruitingPhase[];

export const BADGE_KEYS = [
  'applying',
  'awaitingLottery',
  'won',
  'approved',
  'confirmed',
  'lost',
  'cancelled',
  'cancelPending',
  'awaitingPayment',
  'attending',
  'postTestNotTaken',
  'surveyNotTaken',
  'completed',
  'awaitingApproval',
  'notApproved',
  'wonElsewhere',
  'sessionCancelled',
] as const satisfies readonly BadgeKey[];

/** One recruited user type of a session (users_types): its description and windows (ISO 8601 instants). */
export const trainingUserTypeWindowSchema = z.object({
  type_id: z.number().int(),
  description: z.string(),
  apply_start_date: z.string(),
  apply_end_date: z.string(),
  register_start_date: z.string().nullable(),
  register_end_date: z.string().nullable(),
});
export type TrainingUserTypeWindow = z.infer<typeof trainingUserTypeWindowSchema>;

export const trainingUserStepSchema = z.object({
  step: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
});
export type TrainingUserStep = z.infer<typeof trainingUserStepSchema>;

/** An occupation a course accepts (is_not_pass_occupation). */
export const notPassedOccupationSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * One alternative of a course condition (is_not_pass_course_condition): passing course_id as one of
 * `roles` (user type ids; empty: any user type).
 */
export const conditionAlternativeSchema = z.object({
  course_id: z.number().int(),
  course_name: z.string(),
  roles: z.array(z.number().int()),
});

/**
 * A session card: one session for one recruited user type, with the logged-in user's own state on
 * it (empty/null/false for a visitor). `price` is the fee of that user type; `recruiting` is the
 * phase of its application window at the server's clock; `badge` is statusBadge() of packages/domain.
 */
export const trainingCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course: z.object({
    id: z.number().int(),
    name: z.string(),
    certificate_prefix: z.string().nullable(),
    price: z.number().int(),
  }),
  area: z.object({ id: z.number().int(), name: z.string() }),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
  users_types: z.array(trainingUserTypeWindowSchema),
  /** YYYY-MM-DD */
  event_date: z.string(),
  /** HH:MM */
  event_start_time: z.string(),
  event_end_time: z.string(),
  sponsor_by: z.string(),
  venue: z.string(),
  venue_name: z.string(),
  capacity: z.number().int(),
  participant: z.number().int(),
  price: z.number().int(),
  target: z.string(),
  register_date_note: z.string(),
  /** The application window of this card's user type. */
  apply_date: z.object({ start: z.string(), end: z.string() }),
  apply_date_note: z.string(),
  note: z.string(),
  /** 0 means the session is cancelled (開催中止). */
  is_active: z.union([z.literal(0), z.literal(1)]),
  selection: z.enum(SELECTIONS),
  payments_methods: z.array(z.object({ payment_method_id: z.number().int() })),
  recruiting: z.enum(RECRUITING_PHASES),
  training_user_steps: z.array(trainingUserStepSchema),
  training_user_cancel: z.object({ status: z.number().int() }).nullable(),
  /** Assistant approvals of the user's enrolment (user type 2): empty until the office approves. */
  training_assistant_approve_users: z.array(z.object({ approved_at: z.string() })),
  is_win_other_training_same_course: z.boolean(),
  order: z.object({ status: z.number().int() }).nullable(),
  badge: z.enum(BADGE_KEYS).nullable(),
  /**
   * For a logged-in caller: the occupations the course accepts when theirs is not one of them (empty:
   * accepted). Null for a visitor.
   */
  is_not_pass_occupation: z.array(notPassedOccupationSchema).nullable(),
  /**
   * For a logged-in caller: the course conditions they have not met, as groups of alternatives
   * (every group needs one); empty when met. Null for a visitor.
   */
  is_not_pass_course_condition: z.array(z.array(conditionAlternativeSchema)).nullable(),
});
export type TrainingCard = z.infer<typeof trainingCardSchema>;

/** The public detail of one session: the card plus course documents and the morning/afternoon times. */
export const trainingDetailSchema = trainingCardSchema.extend({
  start_time_morning: z.string().nullable(),
  end_time_morning: z.string().nullable(),
  start_time_afternoon: z.string().nullable(),
  end_time_afternoon: z.string().nullable(),
  /** The course's documents (public) and, for a logged-in user, the session's own. */
  documents: z.array(documentSchema),
  /** The course registration fee of step 1 (yen; 0 when the course skips registration: free or BI). */
  office_price: z.number().int(),
  /** The card's user type is the attendee (4), who sees all seven steps. */
  is_student: z.boolean(),
  /** The course id when it is a special course (prefix BI); else null. */
  special_course_condition: z.number().int().nullable(),
  // The caller's own state (spec 000 §3); null for a visitor.
  /** The display step. */
  step: z.number().int().nullable(),
  /** The status the workflow reads (the last step entry's, or the course progress carried). */
  step_status: z.number().int().nullable(),
  /** The caller already applied to another session at the same time (blocks the application). */
  check_training: z.boolean().nullable(),
  /** Nothing blocks the caller's steps (session active, no check_training, conditions met). */
  is_not_disabled: z.boolean().nullable(),
  /** The basic-course holder limitation of renewal courses is passed. */
  is_pass_basic_updated_course: z.boolean().nullable(),
  /** The status of the caller's course-registration order (object type 1); null without one. */
  order_office_status: z.number().int().nullable(),
});
export type TrainingDetail = z.infer<typeof trainingDetailSchema>;

export const trainingsResponseSchema = listEnvelope(trainingCardSchema);
export type TrainingsResponse = z.infer<typeof trainingsResponseSchema>;
export const trainingResponseSchema = dataEnvelope(trainingDetailSchema);
export type TrainingResponse = z.infer<typeof trainingResponseSchema>;
