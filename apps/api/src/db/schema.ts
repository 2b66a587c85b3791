/**
 * The whole domain of both specification documents (§3 of each), one schema for both drivers
 * (PGlite and PostgreSQL). Migrations are generated from this file into ./migrations and committed.
 */
import type {
  CancelRequestStatus,
  ObjectType,
  OrderStatus,
  OrderType,
  RankUpStatus,
  StepStatus,
  TrainingStatus,
  TransactionStatus,
  WorkflowStep,
} from '@mels/domain';
import { sql } from 'drizzle-orm';
import { requestIp } from '../lib/request-context.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// ───────────────────────────── reference data ─────────────────────────────

/** Prefectures; id is the JIS X 0401 code (1 北海道 … 47 沖縄県). */
export const areas = pgTable('areas', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').notNull(),
  region: text('region').notNull(),
});

/** User types of a session: 1 instructor, 2 assistant, 3 observer, 4 attendee, 5 link-only. */
export const userTypes = pgTable('user_types', {
  id: smallint('id').primaryKey(),
  type: text('type').notNull(),
  typeEn: text('type_en').notNull(),
});

// ───────────────────────────── people ─────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('member'),
    /** For role 'office' only: 'admin' (everything) or 'staff' (no staff management, refunds up to a limit). */
    officeRole: text('office_role').$type<'admin' | 'staff'>(),
    /** For role 'host' only: the local holding whose account this is (one account per holding). */
    localHoldingId: integer('local_holding_id').references((): AnyPgColumn => localHoldings.id),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    lastNameAlpha: text('last_name_alpha').notNull(),
    firstNameAlpha: text('first_name_alpha').notNull(),
    occupation: smallint('occupation').notNull(),
    medicalDepartment: smallint('medical_department'),
    simulationQualification: text('simulation_qualification').notNull().default(''),
    locationWork: text('location_work').notNull(),
    workAreaId: smallint('work_area_id').references(() => areas.id),
    postalCode: text('postal_code').notNull(),
    areaId: smallint('area_id').references(() => areas.id),
    district: text('district').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    gender: smallint('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    avatarPath: text('avatar_path'),
    isActive: boolean('is_active').notNull().default(true),
    /** When the office deactivated the account (decision 042); null while active. */
    deactivatedAt: ts('deactivated_at'),
    /** When the office erased the member's personal data (decision 042): irreversible, never active again. */
    erasedAt: ts('erased_at'),
    privacyAgreedAt: ts('privacy_agreed_at'),
    /** The language of the member's mails (and the web when logged in): 'ja' or 'en'. */
    language: text('language').notNull().default('ja'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check('users_role_ck', sql`${t.role} in ('member', 'office', 'host')`),
    check(
      'users_office_role_ck',
      sql`(${t.role} = 'office') = (${t.officeRole} is not null) and (${t.officeRole} is null or ${t.officeRole} in ('admin', 'staff'))`,
    ),
    check('users_host_ck', sql`(${t.role} = 'host') = (${t.localHoldingId} is not null)`),
    uniqueIndex('users_local_holding_uq').on(t.localHoldingId),
    check('users_occupation_ck', sql`${t.occupation} between 1 and 7`),
    check(
      'users_department_ck',
      sql`${t.medicalDepartment} is null or ${t.medicalDepartment} between 1 and 7`,
    ),
    check('users_gender_ck', sql`${t.gender} in (0, 1)`),
    check('users_language_ck', sql`${t.language} in ('ja', 'en')`),
    check('users_erased_inactive_ck', sql`${t.erasedAt} is null or not ${t.isActive}`),
  ],
);

/** Login tokens: only the SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** A member's private calendar feed (issue 18): one revocable token per member, stored as its SHA-256. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A requested change of login address: it takes effect only when the link mailed to the new address
 * is opened (a mistyped address must not lock the member out).
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId)],
);

/** Attempts counted for rate limits (login, reminder) so that several instances share them. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/** The older system's participation history shown on my-page (last 3). */
export const legacyHistories = pgTable(
  'legacy_histories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseName: text('course_name').notNull(),
    participatedDate: date('participated_date', { mode: 'string' }).notNull(),
    userTypeName: text('user_type_name').notNull(),
  },
  (t) => [index('legacy_histories_user_idx').on(t.userId, t.participatedDate)],
);

// ───────────────────────────── courses ─────────────────────────────

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    duration: text('duration').notNull().default(''),
    participant: text('participant').notNull().default(''),
    resource: text('resource').notNull().default(''),
    certificationStandard: text('certification_standard').notNull().default(''),
    /** Validity of the certificate in years; null when the course issues none. */
    certificationPeriod: smallint('certification_period'),
    certificationRenew: text('certification_renew').notNull().default(''),
    memo: text('memo').notNull().default(''),
    price: integer('price').notNull().default(0),
    /** The fee of an instructor certification request of this course (object type 5); null: the price. */
    certificationFee: integer('certification_fee'),
    sortOrder: integer('sort_order').notNull().default(0),
    certificatePrefix: text('certificate_prefix'),
    isRenewal: boolean('is_renewal').notNull().default(false),
    thumbnail: text('thumbnail'),
    introVideo: text('intro_video'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_price_ck', sql`${t.price} >= 0`),
    check('courses_certification_fee_ck', sql`${t.certificationFee} is null or ${t.certificationFee} >= 0`),
  ],
);

/** Occupations a course accepts (is_not_pass_occupation); no rows = every occupation. */
export const courseOccupations = pgTable(
  'course_occupations',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    occupation: smallint('occupation').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.occupation] })],
);

/**
 * Course conditions (is_not_pass_course_condition): rows with the same group_no are alternatives
 * (any one suffices); every group must be met.
 */
export const courseConditions = pgTable(
  'course_conditions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    groupNo: smallint('group_no').notNull(),
    requiredCourseId: integer('required_course_id')
      .notNull()
      .references(() => courses.id),
    requiredUserTypeId: smallint('required_user_type_id').references(() => userTypes.id),
  },
  (t) => [index('course_conditions_course_idx').on(t.courseId)],
);

export const videoPreviews = pgTable(
  'video_previews',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    thumbnail: text('thumbnail'),
    link: text('link').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('video_previews_course_idx').on(t.courseId, t.sortOrder)],
);

/** Stored files (documents, avatars are on users) kept through the storage interface. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id').references(() => trainings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Marked by the office: anyone may download it. A session's other documents are for its members (decision 020). */
    isPublic: boolean('is_public').notNull().default(false),
    /** Display order among the course's (or session's) documents, set by the office. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('documents_course_idx').on(t.courseId), index('documents_training_idx').on(t.trainingId)],
);

// ───────────────────────────── local hosts ─────────────────────────────

export const localHoldings = pgTable(
  'local_holdings',
  {
    id: serial('id').primaryKey(),
    organization: text('organization').notNull(),
    secretariatName: text('secretariat_name').notNull(),
    secretariatAddress: text('secretariat_address').notNull(),
    secretariatPhone: text('secretariat_phone').notNull(),
    secretariatEmail: text('secretariat_email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 0 awaiting approval, 1 approved, 2 rejected. */
    status: smallint('status').notNull().default(0),
    decidedAt: ts('decided_at'),
    /** The office user who approved or rejected it, and the reason of a rejection (mailed to the secretariat). */
    decidedBy: integer('decided_by').references((): AnyPgColumn => users.id),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('local_holdings_email_lower_uq').on(sql`lower(${t.secretariatEmail})`),
    check('local_holdings_status_ck', sql`${t.status} in (0, 1, 2)`),
    index('local_holdings_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

// ───────────────────────────── sessions ─────────────────────────────

export const trainings = pgTable(
  'trainings',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    areaId: smallint('area_id')
      .notNull()
      .references(() => areas.id),
    localHoldingId: integer('local_holding_id').references(() => localHoldings.id),
    name: text('name').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventStartTime: time('event_start_time').notNull(),
    eventEndTime: time('event_end_time').notNull(),
    startTimeMorning: time('start_time_morning'),
    endTimeMorning: time('end_time_morning'),
    startTimeAfternoon: time('start_time_afternoon'),
    endTimeAfternoon: time('end_time_afternoon'),
    sponsorBy: text('sponsor_by').notNull(),
    venue: text('venue').notNull(),
    venueName: text('venue_name').notNull(),
    target: text('target').notNull().default(''),
    note: text('note').notNull().default(''),
    registerDateNote: text('register_date_note').notNull().default(''),
    applyDateNote: text('apply_date_note').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    cancelledReason: text('cancelled_reason'),
    /** When the office cancelled it (set once: the cancelling UPDATE requires it empty). */
    cancelledAt: ts('cancelled_at'),
    /** 'draft' or 'published'; only published sessions are public (decision 031). */
    status: text('status').$type<TrainingStatus>().notNull().default('published'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trainings_event_date_idx').on(t.eventDate, t.id),
    index('trainings_area_date_idx').on(t.areaId, t.eventDate),
    index('trainings_course_date_idx').on(t.courseId, t.eventDate),
    index('trainings_local_holding_idx').on(t.localHoldingId, t.eventDate),
    // The session search (GET /trainings): the card order (date, start time, id) after the filter column,
    // with the other filter columns trailing so that the count and the page keys are index-only scans.
    index('trainings_search_idx').on(t.eventDate, t.eventStartTime, t.id, t.areaId, t.courseId),
    index('trainings_area_search_idx').on(t.areaId, t.eventDate, t.eventStartTime, t.id, t.courseId),
    index('trainings_course_search_idx').on(t.courseId, t.eventDate, t.eventStartTime, t.id, t.areaId),
    check('trainings_time_ck', sql`${t.eventStartTime} < ${t.eventEndTime}`),
    check('trainings_status_ck', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** What a session recruits per user type: window, capacity, fee and how places are given. */
export const trainingUserTypes = pgTable(
  'training_user_types',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userTypeId: smallint('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull(),
    /** Places taken (maintained atomically with enrolments). */
    participant: integer('participant').notNull().default(0),
    price: integer('price').notNull().default(0),
    /** 'first_come' or 'lottery'. */
    selection: text('selection').notNull().default('first_come'),
    applyStartDate: ts('apply_start_date').notNull(),
    applyEndDate: ts('apply_end_date').notNull(),
    registerStartDate: ts('register_start_date'),
    registerEndDate: ts('register_end_date'),
    emailAttachmentPreview: text('email_attachment_preview'),
  },
  (t) => [
    uniqueIndex('training_user_types_uq').on(t.trainingId, t.userTypeId),
    index('training_user_types_type_idx').on(t.userTypeId, t.trainingId),
    check('training_user_types_capacity_ck', sql`${t.capacity} >= 0 and ${t.participant} >= 0`),
    check('training_user_types_price_ck', sql`${t.price} >= 0`),
    check('training_user_types_selection_ck', sql`${t.selection} in ('first_come', 'lottery')`),
    check('training_user_types_window_ck', sql`${t.applyStartDate} <= ${t.applyEndDate}`),
  ],
);

/**
 * The session search's table (decision 045, migration 0029): one row per recruitment with the session's
 * filter and order columns beside it. Written ONLY by the triggers of migration 0029 (on inserts and
 * updates of training_user_types and trainings; 0031 adds the session's activity), read only by the
 * trainings module's search.
 */
export const trainingSearch = pgTable(
  'training_search',
  {
    tutId: integer('tut_id')
      .primaryKey()
      .references(() => trainingUserTypes.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id').notNull(),
    userTypeId: smallint('user_type_id').notNull(),
    areaId: smallint('area_id').notNull(),
    courseId: integer('course_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventStartTime: time('event_start_time').notNull(),
    applyStartDate: ts('apply_start_date').notNull(),
    applyEndDate: ts('apply_end_date').notNull(),
    published: boolean('published').notNull(),
    /** The session's is_active (migration 0031): a cancelled session is listed with the closed ones. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('training_search_training_idx').on(t.trainingId),
    // Each: the equality keys of one probe (or none), then the card order, then every other column the
    // search filters on or returns, so that page and count are index-only range scans (published only).
    index('training_search_date_idx')
      .on(
        t.eventDate,
        t.eventStartTime,
        t.trainingId,
        t.userTypeId,
        t.areaId,
        t.courseId,
        t.applyStartDate,
        t.applyEndDate,
        t.tutId,
        t.active,
      )
      .where(sql`published`),
    index('training_search_type_idx')
      .on(
        t.userTypeId,
        t.eventDate,
        t.eventStartTime,
        t.trainingId,
        t.areaId,
        t.courseId,
        t.applyStartDate,
        t.applyEndDate,
        t.tutId,
        t.active,
      )
      .where(sql`published`),
    index('training_search_type_area_idx')
      .on(
        t.userTypeId,
        t.areaId,
        t.eventDate,
        t.eventStartTime,
        t.trainingId,
        t.courseId,
        t.applyStartDate,
        t.applyEndDate,
        t.tutId,
        t.active,
      )
      .where(sql`published`),
    index('training_search_type_course_idx')
      .on(
        t.userTypeId,
        t.courseId,
        t.eventDate,
        t.eventStartTime,
        t.trainingId,
        t.areaId,
        t.applyStartDate,
        t.applyEndDate,
        t.tutId,
        t.active,
      )
      .where(sql`published`),
  ],
);

export const trainingPaymentMethods = pgTable(
  'training_payment_methods',
  {
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    paymentMethodId: smallint('payment_method_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.paymentMethodId] }),
    check('training_payment_methods_ck', sql`${t.paymentMethodId} in (1, 2, 3)`),
  ],
);

/** One enrolment per user, session and user type; `status` mirrors the last step entry. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userTypeId: smallint('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    status: smallint('status').$type<StepStatus>().notNull().default(0),
    attendanceCode: text('attendance_code').unique(),
    assistantApprovedAt: ts('assistant_approved_at'),
    assistantApprovedBy: integer('assistant_approved_by').references(() => users.id),
    /** Order in which places are offered after a lottery (1 = first). */
    lotteryRank: integer('lottery_rank'),
    checkedInAt: ts('checked_in_at'),
    /** The session fee's payment method the member chose (1 card, 2 bank transfer, 3 on site); decision 021. */
    paymentMethodId: smallint('payment_method_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enrollments_uq').on(t.trainingId, t.userId, t.userTypeId),
    index('enrollments_user_idx').on(t.userId, t.trainingId),
    index('enrollments_training_status_idx').on(t.trainingId, t.userTypeId, t.status),
    check('enrollments_status_ck', sql`${t.status} between 0 and 12`),
    check('enrollments_payment_method_ck', sql`${t.paymentMethodId} in (1, 2, 3)`),
  ],
);

/** The step history (training_user_steps): every transition with who and when. */
export const enrollmentSteps = pgTable(
  'enrollment_steps',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    step: smallint('step').$type<WorkflowStep>().notNull(),
    status: smallint('status').$type<StepStatus>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('enrollment_steps_enrollment_idx').on(t.enrollmentId, t.id),
    check('enrollment_steps_status_ck', sql`${t.status} between 0 and 12`),
    check('enrollment_steps_step_ck', sql`${t.step} between 1 and 8`),
  ],
);

export const cancelRequests = pgTable(
  'cancel_requests',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    /** 0 awaiting approval, 1 approved, 2 rejected. */
    status: smallint('status').$type<CancelRequestStatus>().notNull().default(0),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cancel_requests_enrollment_idx').on(t.enrollmentId),
    uniqueIndex('cancel_requests_pending_uq')
      .on(t.enrollmentId)
      .where(sql`${t.status} = 0`),
    check('cancel_requests_status_ck', sql`${t.status} in (0, 1, 2)`),
  ],
);

/** A lottery run: the seed is kept so the office can show the draw was fair. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: serial('id').primaryKey(),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    userTypeId: smallint('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    seed: text('seed').notNull(),
    capacity: integer('capacity').notNull(),
    entrants: jsonb('entrants').notNull(),
    winners: jsonb('winners').notNull(),
    drawnBy: integer('drawn_by').references(() => users.id),
    drawnAt: ts('drawn_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lottery_draws_uq').on(t.trainingId, t.userTypeId)],
);

// ───────────────────────────── learning ─────────────────────────────

/** Pre-videos of a course (kind 'pre') and videos of the renewal course (kind 'renewal'). */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('pre'),
    title: text('title').notNull(),
    /** Seconds. */
    duration: integer('duration').notNull(),
    tutor: text('tutor').notNull().default(''),
    thumbnail: text('thumbnail'),
    /** The video: an external https link, a file path of the web, or (video_key set) the API's stream of the upload. */
    link: text('link').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An uploaded video (decision 035): its storage key, content type (by magic bytes) and size. */
    videoKey: text('video_key'),
    videoType: text('video_type'),
    videoSize: bigint('video_size', { mode: 'number' }),
    /** An uploaded thumbnail image (the link in `thumbnail` then points at the API). */
    thumbnailKey: text('thumbnail_key'),
    thumbnailType: text('thumbnail_type'),
    /** Hidden by the office once members had watched it (decision 035): kept with its views, shown to no one. */
    archivedAt: ts('archived_at'),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseId, t.kind, t.sortOrder),
    check('lessons_kind_ck', sql`${t.kind} in ('pre', 'renewal')`),
    check('lessons_duration_ck', sql`${t.duration} > 0`),
    check(
      'lessons_video_ck',
      sql`(${t.videoKey} is null) = (${t.videoType} is null) and (${t.videoKey} is null) = (${t.videoSize} is null)`,
    ),
  ],
);

/** What a user really watched of a lesson: the watched ranges merged, and when it was seen. */
export const lessonViews = pgTable(
  'lesson_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id').references(() => enrollments.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => certificateRequests.id, { onDelete: 'cascade' }),
    watchedRanges: jsonb('watched_ranges')
      .notNull()
      .default(sql`'[]'::jsonb`),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    position: integer('position').notNull().default(0),
    seenAt: ts('seen_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lesson_views_enrollment_uq')
      .on(t.enrollmentId, t.lessonId)
      .where(sql`${t.enrollmentId} is not null`),
    uniqueIndex('lesson_views_request_uq')
      .on(t.requestId, t.lessonId)
      .where(sql`${t.requestId} is not null`),
    index('lesson_views_user_idx').on(t.userId),
  ],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The current version (decision 036): raised by every office edit that changes the questions. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('quizzes_course_kind_uq').on(t.courseId, t.kind),
    check('quizzes_kind_ck', sql`${t.kind} in ('pre', 'post', 'renewal')`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 0 multiple choice, 1 single choice, 2 free text. */
    inputType: smallint('input_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The first version of the quiz with this question (decision 036). */
    versionFrom: integer('version_from').notNull().default(1),
    /** The first version without it (retired: never changed or deleted, answers keep pointing at it); null = current. */
    versionTo: integer('version_to'),
  },
  (t) => [
    index('quiz_questions_quiz_idx').on(t.quizId, t.sortOrder),
    check('quiz_questions_input_type_ck', sql`${t.inputType} in (0, 1, 2)`),
    check('quiz_questions_versions_ck', sql`${t.versionTo} is null or ${t.versionTo} > ${t.versionFrom}`),
  ],
);

export const quizQuestionMetas = pgTable(
  'quiz_question_metas',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    label: text('label').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('quiz_question_metas_question_idx').on(t.questionId)],
);

/** The latest answer of a user to a question within an enrolment or a renewal request. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id').references(() => enrollments.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => certificateRequests.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    attempts: integer('attempts').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quiz_answers_enrollment_uq')
      .on(t.enrollmentId, t.questionId)
      .where(sql`${t.enrollmentId} is not null`),
    uniqueIndex('quiz_answers_request_uq')
      .on(t.requestId, t.questionId)
      .where(sql`${t.requestId} is not null`),
  ],
);

export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The current version (decision 036). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('surveys_course_uq')
      .on(t.courseId)
      .where(sql`${t.courseId} is not null`),
  ],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** A title may carry a unit suffix after '@@'. */
    title: text('title').notNull(),
    /** 'option', 'option_other', 'text', 'respondent'. */
    kind: text('kind').notNull(),
    noSub: boolean('no_sub').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** As quiz_questions (decision 036). */
    versionFrom: integer('version_from').notNull().default(1),
    versionTo: integer('version_to'),
  },
  (t) => [
    index('survey_questions_survey_idx').on(t.surveyId, t.sortOrder),
    check('survey_questions_kind_ck', sql`${t.kind} in ('option', 'option_other', 'text', 'respondent')`),
    check('survey_questions_versions_ck', sql`${t.versionTo} is null or ${t.versionTo} > ${t.versionFrom}`),
  ],
);

export const surveyQuestionOptions = pgTable(
  'survey_question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('survey_question_options_question_idx').on(t.questionId)],
);

export const surveyResponses = pgTable('survey_responses', {
  id: serial('id').primaryKey(),
  surveyId: integer('survey_id')
    .notNull()
    .references(() => surveys.id),
  enrollmentId: integer('enrollment_id')
    .notNull()
    .unique()
    .references(() => enrollments.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    answer: text('answer').notNull(),
  },
  (t) => [uniqueIndex('survey_answers_uq').on(t.responseId, t.questionId)],
);

// ───────────────────────────── certificates ─────────────────────────────

export const certificateCounters = pgTable('certificate_counters', {
  prefix: text('prefix').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    trainingId: integer('training_id').references(() => trainings.id),
    enrollmentId: integer('enrollment_id').references(() => enrollments.id),
    /** 0 attendance, 1 by certificate code, 2 instructor certification, 3 renewal. */
    certificateType: smallint('certificate_type').notNull().default(0),
    certificateNumber: text('certificate_number').notNull().unique(),
    /** Unguessable public code for /verify/{code}. */
    verificationCode: text('verification_code').notNull().unique(),
    holderName: text('holder_name').notNull(),
    holderNameAlpha: text('holder_name_alpha'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    revokedAt: ts('revoked_at'),
    extendedFromId: integer('extended_from_id'),
    isExtended: boolean('is_extended').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('certificates_user_idx').on(t.userId),
    uniqueIndex('certificates_enrollment_uq')
      .on(t.enrollmentId)
      .where(sql`${t.enrollmentId} is not null`),
    check('certificates_type_ck', sql`${t.certificateType} between 0 and 3`),
    // A renewed certificate (type 3) continues one certificate, issued once (migration 0023, decision 034).
    uniqueIndex('certificates_extended_from_uq')
      .on(t.extendedFromId)
      .where(sql`${t.extendedFromId} is not null`),
    check(
      'certificates_renewal_source_ck',
      sql`${t.certificateType} <> 3 or ${t.extendedFromId} is not null`,
    ),
    // start_date >= the session's event_date: triggers certificates_issue_date_ck and
    // trainings_certificate_date_ck of migration 0009 (a CHECK cannot read trainings).
  ],
);

/** Certificates of the older system, claimed by attendance code or certificate number (data transfer). */
export const legacyCertificates = pgTable(
  'legacy_certificates',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    attendanceCode: text('attendance_code').unique(),
    certificateCode: text('certificate_code').unique(),
    holderName: text('holder_name').notNull(),
    email: text('email').notNull(),
    participatedDate: date('participated_date', { mode: 'string' }).notNull(),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id),
    certificateId: integer('certificate_id').references(() => certificates.id),
  },
  (t) => [
    check(
      'legacy_certificates_code_ck',
      sql`${t.attendanceCode} is not null or ${t.certificateCode} is not null`,
    ),
  ],
);

/** Instructor certification requests (type 2) and renewals (type 3). */
export const certificateRequests = pgTable(
  'certificate_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    certificateType: smallint('certificate_type').notNull(),
    status: smallint('status').notNull().default(0),
    username: text('username').notNull(),
    email: text('email').notNull(),
    meta: text('meta').notNull().default(''),
    attendanceCode: text('attendance_code'),
    certificateCode: text('certificate_code'),
    sourceCertificateId: integer('source_certificate_id').references(() => certificates.id),
    certificateId: integer('certificate_id').references(() => certificates.id),
    /** The pledge signed (instructor requests: PLEDGE_VARIANTS of @mels/domain), from status 1 on. */
    pledgeVariant: text('pledge_variant'),
    /** The office's approval or rejection: when, by whom, and the reason of a rejection. */
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('certificate_requests_user_idx').on(t.userId),
    check('certificate_requests_type_ck', sql`${t.certificateType} between 0 and 3`),
    // Instructor requests (type 2, decision 029): statuses 0–4, a pledge from 1 on, a certificate when approved,
    // and one open request (0–3) per member and course.
    check(
      'certificate_requests_instructor_status_ck',
      sql`${t.certificateType} <> 2 or ${t.status} between 0 and 4`,
    ),
    check(
      'certificate_requests_pledge_ck',
      sql`${t.certificateType} <> 2 or ${t.status} = 0 or ${t.status} = 4 or ${t.pledgeVariant} is not null`,
    ),
    check(
      'certificate_requests_approved_ck',
      sql`${t.certificateType} <> 2 or ${t.status} <> 3 or ${t.certificateId} is not null`,
    ),
    uniqueIndex('certificate_requests_instructor_open_uq')
      .on(t.userId, t.courseId)
      .where(sql`${t.certificateType} = 2 and ${t.status} in (0, 1, 2, 3)`),
    // Renewals (type 3, decision 034): statuses 0, 1, 3, 8, 4, and one renewal per source certificate.
    check(
      'certificate_requests_renewal_status_ck',
      sql`${t.certificateType} <> 3 or ${t.status} in (0, 1, 3, 8, 4)`,
    ),
    uniqueIndex('certificate_requests_renewal_source_uq')
      .on(t.sourceCertificateId)
      .where(sql`${t.certificateType} = 3`),
    check(
      'certificate_requests_renewal_complete_ck',
      sql`${t.certificateType} <> 3 or ${t.status} <> 4 or ${t.certificateId} is not null`,
    ),
  ],
);

/**
 * The renewal reminder mails sent for a certificate (decision 038): one row per certificate and reminder
 * (6 months, 1 month, 1 day before the end date, at expiry), so that each goes once whatever the job does.
 */
export const certificateReminders = pgTable(
  'certificate_reminders',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    reminder: text('reminder').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificate_reminders_uq').on(t.certificateId, t.reminder),
    check(
      'certificate_reminders_reminder_ck',
      sql`${t.reminder} in ('sixMonths', 'oneMonth', 'oneDay', 'expired')`,
    ),
  ],
);

/** Pledges and recommendation letters attached to instructor requests: one of each kind per request. */
export const instructorRequestDocuments = pgTable(
  'instructor_request_documents',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => certificateRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key'),
    agreedAt: ts('agreed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('instructor_request_documents_kind_uq').on(t.requestId, t.kind)],
);

// ───────────────────────────── ranks ─────────────────────────────

export const ranks = pgTable('ranks', {
  id: serial('id').primaryKey(),
  shortName: text('short_name').notNull().unique(),
  name: text('name').notNull(),
  level: smallint('level').notNull().unique(),
});

export const userRanks = pgTable(
  'user_ranks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rankId: integer('rank_id')
      .notNull()
      .references(() => ranks.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rankId] })],
);

export const rankUpRequests = pgTable(
  'rank_up_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    toRankId: integer('to_rank_id')
      .notNull()
      .references(() => ranks.id),
    /** The rank held when asking (decision 030). */
    fromRankId: integer('from_rank_id').references(() => ranks.id),
    /** RANK_UP_STATUS: 0 choosing a session (raffle candidates), 1 session chosen, 2 approved, 3 rejected. */
    status: smallint('status').$type<RankUpStatus>().notNull().default(0),
    trainingId: integer('training_id').references(() => trainings.id),
    /** The office's reason when rejecting. */
    reason: text('reason'),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rank_up_requests_user_idx').on(t.userId),
    check('rank_up_requests_status_ck', sql`${t.status} between 0 and 3`),
    check(
      'rank_up_requests_session_ck',
      sql`${t.status} = 0 OR ${t.status} = 3 OR ${t.trainingId} IS NOT NULL`,
    ),
    uniqueIndex('rank_up_requests_one_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in (0, 1)`),
  ],
);

/** 実績証明書 (decision 030): one verification code per member, session and role, reused on every download. */
export const performanceCertificates = pgTable(
  'performance_certificates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    verificationCode: text('verification_code').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('performance_certificates_one_idx').on(t.userId, t.trainingId, t.userTypeId)],
);

// ───────────────────────────── money ─────────────────────────────

/** A checkout attempt identified by t_key; the browser retries with the same key. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    tKey: text('t_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    objectType: smallint('object_type').$type<ObjectType>().notNull(),
    objectId: integer('object_id'),
    amount: integer('amount').notNull(),
    meta: jsonb('meta')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** 0 open, 1 failed, 2 completed. */
    status: smallint('status').$type<TransactionStatus>().notNull().default(0),
    postalCode: text('postal_code'),
    address: text('address'),
    customerName: text('customer_name'),
    /** The delivery phone number of a shop order. */
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId),
    check('transactions_amount_ck', sql`${t.amount} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 purchase, 2 refund. */
    type: smallint('type').$type<OrderType>().notNull().default(1),
    refundOfId: integer('refund_of_id'),
    objectType: smallint('object_type').$type<ObjectType>().notNull(),
    objectId: integer('object_id'),
    trainingId: integer('training_id').references(() => trainings.id),
    enrollmentId: integer('enrollment_id').references(() => enrollments.id),
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** The instructor certification request (5) or renewal (7) paid for; object_id is its course. */
    requestId: integer('request_id').references(() => certificateRequests.id),
    /** The legacy certificate claimed by attendance code (3); object_id is its course. */
    legacyCertificateId: integer('legacy_certificate_id').references(() => legacyCertificates.id),
    amount: integer('amount').notNull(),
    status: smallint('status').$type<OrderStatus>().notNull().default(0),
    paymentMethodId: smallint('payment_method_id').notNull().default(1),
    paymentIntentId: text('payment_intent_id').unique(),
    postalCode: text('postal_code'),
    address: text('address'),
    customerName: text('customer_name'),
    /** The delivery phone number of a shop order. */
    phone: text('phone'),
    dueAt: ts('due_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_object_idx').on(t.objectType, t.objectId),
    uniqueIndex('orders_refund_uq')
      .on(t.refundOfId)
      .where(sql`${t.refundOfId} is not null`),
    // One purchase is paid once (decision 017): at most one live (in payment or complete) purchase
    // of an object per user, keyed by the request (5, 7) or legacy certificate (3) where there is one;
    // shop orders (4) are separate purchases, but one transaction (t_key) is at most one order.
    uniqueIndex('orders_live_purchase_uq')
      .on(
        t.userId,
        t.objectType,
        t.objectId,
        sql`coalesce(${t.requestId}, 0)`,
        sql`coalesce(${t.legacyCertificateId}, 0)`,
      )
      .where(sql`${t.type} = 1 and ${t.status} in (0, 3) and ${t.objectType} <> 4`),
    uniqueIndex('orders_transaction_purchase_uq')
      .on(t.transactionId)
      .where(sql`${t.type} = 1 and ${t.transactionId} is not null`),
    check('orders_amount_ck', sql`${t.amount} >= 0`),
    check('orders_type_ck', sql`${t.type} in (1, 2)`),
    check('orders_status_ck', sql`${t.status} between 0 and 6`),
    check('orders_payment_method_ck', sql`${t.paymentMethodId} in (1, 2, 3)`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    attributes: jsonb('attributes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0`),
  ],
);

/** Gateway-side payments (one per PaymentIntent), whichever adapter made them. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    transactionId: integer('transaction_id').references(() => transactions.id),
    gateway: text('gateway').notNull(),
    intentId: text('intent_id').notNull().unique(),
    amount: integer('amount').notNull(),
    /** The gateway's status when last seen, or 'duplicate' (a second charge, refunded). */
    status: text('status').notNull(),
    /** What the intent pays for: the user, object type and object… */
    userId: integer('user_id').references(() => users.id),
    objectType: smallint('object_type').$type<ObjectType>(),
    objectId: integer('object_id'),
    /** …and the request (5, 7) or legacy certificate (3) it is keyed on, else 0. */
    objectKey: integer('object_key').notNull().default(0),
    /** Handed to a browser and not yet paid, cancelled or recorded: at most one per purchase. */
    open: boolean('open').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_gateway_ck', sql`${t.gateway} in ('sandbox', 'stripe')`),
    uniqueIndex('payments_open_purchase_uq')
      .on(t.userId, t.objectType, t.objectId, t.objectKey)
      .where(sql`${t.open} and ${t.objectType} <> 4`),
    uniqueIndex('payments_open_transaction_uq')
      .on(t.transactionId)
      .where(sql`${t.open}`),
  ],
);

/**
 * A second successful charge for a purchase already paid (decision 017): recorded once per intent,
 * refunded through the gateway, shown to the office and mailed to the member.
 */
export const duplicateCharges = pgTable(
  'duplicate_charges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** The purchase that stands. */
    keptOrderId: integer('kept_order_id').references(() => orders.id),
    gateway: text('gateway').notNull(),
    intentId: text('intent_id').notNull().unique(),
    objectType: smallint('object_type').$type<ObjectType>().notNull(),
    objectId: integer('object_id'),
    amount: integer('amount').notNull(),
    /** waiting (not yet asked), then the gateway's refund status (pending, succeeded, failed, canceled). */
    refundStatus: text('refund_status').notNull().default('waiting'),
    /** Why the charge is returned: 'duplicate' (the purchase was paid already) or 'out_of_stock' (decision 040). */
    reason: text('reason').notNull().default('duplicate'),
    refundId: text('refund_id'),
    refundedAt: ts('refunded_at'),
    mailedAt: ts('mailed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('duplicate_charges_created_idx').on(t.createdAt),
    check('duplicate_charges_amount_ck', sql`${t.amount} >= 0`),
    check(
      'duplicate_charges_refund_status_ck',
      sql`${t.refundStatus} in ('waiting', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled')`,
    ),
  ],
);

/** The built-in sandbox gateway's PaymentIntents (Stripe semantics, kept in the database). */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('jpy'),
  status: text('status').notNull().default('requires_payment_method'),
  metadata: jsonb('metadata')
    .notNull()
    .default(sql`'{}'::jsonb`),
  lastError: text('last_error'),
  cardLast4: text('card_last4'),
  cardBrand: text('card_brand'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ───────────────────────────── shop ─────────────────────────────

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => productCategories.id),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    description: text('description').notNull().default(''),
    /** Only buyable by users enrolled in one of the product's courses. */
    allowBuyWithCourse: boolean('allow_buy_with_course').notNull().default(false),
    /** At most one per user. */
    buyOncePerUser: boolean('buy_once_per_user').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Units left when the office counts them (null: not counted); taken by a conditional UPDATE (decision 040). */
    stock: integer('stock'),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.sortOrder),
    check('products_price_ck', sql`${t.price} >= 0`),
    check('products_stock_ck', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/**
 * What a live shop order holds of a product (decision 040): the units taken from its stock and, for a
 * one-per-person product, the member's one purchase (the partial unique index). Deleted when the order
 * is refunded, cancelled or failed, which gives the stock back once (trigger orders_release_product_holds,
 * migration 0026).
 */
export const productOrderHolds = pgTable(
  'product_order_holds',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    /** The quantity was taken from products.stock (given back on release). */
    stockTaken: boolean('stock_taken').notNull(),
    /** The product was one per person when ordered. */
    oncePerUser: boolean('once_per_user').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    uniqueIndex('product_order_holds_once_uq')
      .on(t.userId, t.productId)
      .where(sql`${t.oncePerUser}`),
    index('product_order_holds_product_idx').on(t.productId),
    check(
      'product_order_holds_quantity_ck',
      sql`${t.quantity} > 0 and (not ${t.oncePerUser} or ${t.quantity} = 1)`,
    ),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    isThumb: boolean('is_thumb').notNull().default(false),
  },
  // One thumbnail per product (decision 040).
  (t) => [
    uniqueIndex('product_images_thumb_uq')
      .on(t.productId)
      .where(sql`${t.isThumb}`),
  ],
);

export const productAttributes = pgTable('product_attributes', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  attribute: text('attribute').notNull(),
  /** 'select' (value holds the choices, comma-separated) or 'text'. */
  type: text('type').notNull(),
  value: text('value').notNull().default(''),
  isRequired: boolean('is_required').notNull().default(false),
});

export const productCourses = pgTable(
  'product_courses',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.courseId] })],
);

// ───────────────────────────── content ─────────────────────────────

export const newsCategories = pgTable('news_categories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
});

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => newsCategories.id),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    publicDate: ts('public_date').notNull(),
    /** Null: everyone; else only for that user type's pages. */
    userTypeId: smallint('user_type_id').references(() => userTypes.id),
    isPublished: boolean('is_published').notNull().default(true),
    /** Shown first in the public list (decision 039). */
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_public_date_idx').on(t.publicDate), index('news_updated_at_idx').on(t.updatedAt)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('faqs_sort_idx').on(t.sortOrder, t.id)],
);

export const aboutSections = pgTable('about_sections', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  step: integer('step').notNull().default(0),
  content: text('content').notNull(),
});

export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('flows_type_idx').on(t.type, t.sortOrder)],
);

export const seminarInfo = pgTable('seminar_info', {
  id: smallint('id').primaryKey().default(1),
  title: text('title').notNull(),
  description: text('description').notNull(),
  updatedAt: updatedAt(),
});

export const seminarInfoContents = pgTable('seminar_info_contents', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  image: text('image'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Contact messages and the office's handling of them (decision 032): status, assignee, the sender's language. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    clientName: text('client_name').notNull(),
    locationWork: text('location_work').notNull(),
    clientEmail: text('client_email').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    handledAt: ts('handled_at'),
    /** 'new', 'in_progress', 'answered', 'closed' (CONTACT_STATUSES). */
    status: text('status').notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The interface language the message was sent from: the reply is written in it. */
    language: text('language').notNull().default('ja'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_status_created_idx').on(t.status, t.createdAt),
    check('contacts_status_ck', sql`${t.status} in ('new', 'in_progress', 'answered', 'closed')`),
    check('contacts_language_ck', sql`${t.language} in ('ja', 'en')`),
  ],
);

/** A contact message's thread: the office's internal notes and the replies mailed to the sender. */
export const contactEntries = pgTable(
  'contact_entries',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** 'note' (internal) or 'reply' (mailed to the sender). */
    kind: text('kind').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_entries_contact_idx').on(t.contactId, t.createdAt),
    check('contact_entries_kind_ck', sql`${t.kind} in ('note', 'reply')`),
  ],
);

export const instructorDocumentCategories = pgTable('instructor_document_categories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
});

export const instructorDocuments = pgTable(
  'instructor_documents',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => instructorDocumentCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    minLevel: smallint('min_level').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('instructor_documents_created_idx').on(t.createdAt)],
);

// ───────────────────────────── infrastructure ─────────────────────────────

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** 'queued', 'sent', 'kept' (outbox only), 'failed'. */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /** The template's name (Mail.template), for the office's outbox view. */
    template: text('template'),
    /** How many times the office sent a failed mail again (the resend job's dedupe key). */
    resends: integer('resends').notNull().default(0),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Scheduled jobs live in the database so they survive restarts and are shared by instances. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedAt: ts('locked_at'),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // The pending jobs in the order the runner claims them (migration 0032): the first due row is the
    // first index entry, however many are waiting, with no sort.
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('jobs_status_ck', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

/** What the office did and every money or enrolment change, for the console's audit log (decision 033). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The client's address when written while answering a request (decision 033); null for jobs. */
    ip: text('ip').$defaultFn(() => requestIp() ?? sql`null`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorUserId, t.createdAt.desc()),
  ],
);

// ───────────────────────────── operations (decision 026) ─────────────────────────────

/**
 * The signing secrets of the installation, shared by every instance (tickets, reception codes,
 * certificate links). The newest unretired one signs; a retired one still verifies until its grace
 * period ends. APP_SECRET from the environment, when set, takes the place of this table.
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    id: serial('id').primaryKey(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    uniqueIndex('app_secrets_one_current_idx')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
    check('app_secrets_secret_ck', sql`length(${t.secret}) >= 32`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Files kept in PostgreSQL (the database storage driver): one row per file, its bytes in chunks. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stored_files_size_ck', sql`${t.size} >= 0`),
    check('stored_files_chunk_size_ck', sql`${t.chunkSize} > 0`),
  ],
);

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] }), check('stored_file_chunks_seq_ck', sql`${t.seq} >= 0`)],
);
