import { OBJECT_TYPE, ORDER_TYPE, STEP_STATUS } from '@mels/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  courses,
  documents,
  enrollments,
  trainingUserTypes,
  trainings,
  userTypes,
} from '../../db/schema.ts';

/** What the session search filters on (the query, already validated and defaulted). */
export type SearchFilter = {
  userTypes: readonly number[];
  areas?: readonly number[] | undefined;
  courses?: readonly number[] | undefined;
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive. */
  to?: string | undefined;
};

/**
 * The search's WHERE over training_user_types ⋈ trainings. Every condition is a plain comparison on
 * an indexed column (no functions), so the planner can use trainings_search_idx,
 * trainings_area_date_idx, trainings_course_date_idx and training_user_types_uq.
 */
export function searchWhere(filter: SearchFilter): SQL | undefined {
  return and(
    inArray(trainingUserTypes.userTypeId, [...filter.userTypes]),
    filter.areas?.length ? inArray(trainings.areaId, [...filter.areas]) : undefined,
    filter.courses?.length ? inArray(trainings.courseId, [...filter.courses]) : undefined,
    filter.from ? gte(trainings.eventDate, filter.from) : undefined,
    filter.to ? lte(trainings.eventDate, filter.to) : undefined,
  );
}

/** The order of the cards: date, start time, session, user type (stable across pages). */
const searchOrder = [
  asc(trainings.eventDate),
  asc(trainings.eventStartTime),
  asc(trainings.id),
  asc(trainingUserTypes.userTypeId),
] as const;

/** The recruited user types of a session (users_types), as JSON, for one row of the page only. */
const usersTypesJson = sql<RawUserTypeWindow[]>`(
  select coalesce(json_agg(json_build_object(
    'type_id', u.user_type_id,
    'description', u.description,
    'apply_start_date', u.apply_start_date,
    'apply_end_date', u.apply_end_date,
    'register_start_date', u.register_start_date,
    'register_end_date', u.register_end_date
  ) order by u.user_type_id), '[]'::json)
  from training_user_types u
  where u.training_id = ${trainings.id}
)`;

const paymentMethodsJson = sql<number[]>`(
  select coalesce(json_agg(p.payment_method_id order by p.payment_method_id), '[]'::json)
  from training_payment_methods p
  where p.training_id = ${trainings.id}
)`;

export type RawUserTypeWindow = {
  type_id: number;
  description: string;
  apply_start_date: string;
  apply_end_date: string;
  register_start_date: string | null;
  register_end_date: string | null;
};

/** Everything a card shows, for rows already chosen (the page, or one session). */
const cardColumns = {
  trainingId: trainings.id,
  name: trainings.name,
  eventDate: trainings.eventDate,
  eventStartTime: trainings.eventStartTime,
  eventEndTime: trainings.eventEndTime,
  startTimeMorning: trainings.startTimeMorning,
  endTimeMorning: trainings.endTimeMorning,
  startTimeAfternoon: trainings.startTimeAfternoon,
  endTimeAfternoon: trainings.endTimeAfternoon,
  sponsorBy: trainings.sponsorBy,
  venue: trainings.venue,
  venueName: trainings.venueName,
  target: trainings.target,
  note: trainings.note,
  registerDateNote: trainings.registerDateNote,
  applyDateNote: trainings.applyDateNote,
  isActive: trainings.isActive,
  courseId: courses.id,
  courseName: courses.name,
  certificatePrefix: courses.certificatePrefix,
  coursePrice: courses.price,
  areaId: areas.id,
  areaName: areas.name,
  userTypeId: userTypes.id,
  userTypeName: userTypes.type,
  capacity: trainingUserTypes.capacity,
  participant: trainingUserTypes.participant,
  price: trainingUserTypes.price,
  selection: trainingUserTypes.selection,
  applyStartDate: trainingUserTypes.applyStartDate,
  applyEndDate: trainingUserTypes.applyEndDate,
  usersTypes: usersTypesJson,
  paymentMethods: paymentMethodsJson,
};


/**
 * The page's keys: the narrow part of the search (filter, order, limit, offset) over the join of
 * training_user_types and trainings. Only these ids go through the sort; the wide columns are
 * joined afterwards for the page's rows alone (a deferred join).
 */
export function searchPageKeys(db: Executor, filter: SearchFilter, limit: number, offset: number) {
  return db
    .select({ tutId: sql<number>`${trainingUserTypes.id}`.as('tut_id') })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .where(searchWhere(filter))
    .orderBy(...searchOrder)
    .limit(limit)
    .offset(offset);
}

export function searchCount(db: Executor, filter: SearchFilter) {
  return db
    .select({ n: count() })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .where(searchWhere(filter));
}

/** The page of the search: its rows (in order) and the total, in two queries run side by side. */
export function searchPage(db: Executor, filter: SearchFilter, limit: number, offset: number) {
  const keys = searchPageKeys(db, filter, limit, offset).as('page');
  return db
    .select(cardColumns)
    .from(keys)
    .innerJoin(trainingUserTypes, eq(trainingUserTypes.id, keys.tutId))
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .orderBy(...searchOrder);
}
export type CardRow = Awaited<ReturnType<typeof searchPage>>[number];

export async function searchTrainings(db: Executor, filter: SearchFilter, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    searchPage(db, filter, limit, (page - 1) * limit),
    searchCount(db, filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One session for one user type; without a user type, the attendee card when the session recruits
 * attendees, else its first recruited type.
 */
export async function findTrainingCard(db: Executor, id: number, userTypeId: number | undefined) {
  const [row] = await db
    .select(cardColumns)
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(
      and(
        eq(trainingUserTypes.trainingId, id),
        userTypeId === undefined ? undefined : eq(trainingUserTypes.userTypeId, userTypeId),
      ),
    )
    .orderBy(desc(sql`${trainingUserTypes.userTypeId} = 4`), asc(trainingUserTypes.userTypeId))
    .limit(1);
  return row satisfies CardRow | undefined;
}

/** The documents of a session's course (public) and, when asked, of the session itself. */
export function findTrainingDocuments(db: Executor, courseId: number, trainingId: number | null) {
  return db
    .select({ id: documents.id, name: documents.name, trainingId: documents.trainingId })
    .from(documents)
    .where(
      trainingId === null
        ? eq(documents.courseId, courseId)
        : sql`(${documents.courseId} = ${courseId} and ${documents.trainingId} is null) or ${documents.trainingId} = ${trainingId}`,
    )
    .orderBy(sql`${documents.trainingId} nulls first`, asc(documents.id));
}

/** Statuses meaning the user got a place (won, then everything after payment/agreement). */
export const WON_STATUSES = [
  STEP_STATUS.won,
  STEP_STATUS.awaitingPayment,
  STEP_STATUS.attending,
  STEP_STATUS.postTestNotTaken,
  STEP_STATUS.surveyNotTaken,
  STEP_STATUS.completed,
] as const;

export type RawStep = { step: number; status: number; created_at: string };

/**
 * The user's enrolments in sessions of the given courses, with each one's step history, latest
 * cancel request and latest session-fee order: one query, whatever the page size. The caller picks
 * the page's own enrolments and looks for places won in other sessions of the same course.
 */
export async function findUserEnrollments(db: Executor, userId: number, courseIds: readonly number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({
      id: enrollments.id,
      trainingId: enrollments.trainingId,
      userTypeId: enrollments.userTypeId,
      status: enrollments.status,
      assistantApprovedAt: enrollments.assistantApprovedAt,
      courseId: trainings.courseId,
      trainingActive: trainings.isActive,
      steps: sql<RawStep[]>`(
        select coalesce(json_agg(json_build_object('step', s.step, 'status', s.status, 'created_at', s.created_at) order by s.id), '[]'::json)
        from enrollment_steps s
        where s.enrollment_id = ${enrollments.id}
      )`,
      cancelStatus: sql<number | null>`(
        select c.status from cancel_requests c
        where c.enrollment_id = ${enrollments.id}
        order by c.id desc limit 1
      )`,
      orderStatus: sql<number | null>`(
        select o.status from orders o
        where o.user_id = ${enrollments.userId} and o.enrollment_id = ${enrollments.id}
          and o.type = ${ORDER_TYPE.purchase} and o.object_type = ${OBJECT_TYPE.sessionFee}
        order by o.id desc limit 1
      )`,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(and(eq(enrollments.userId, userId), inArray(trainings.courseId, [...courseIds])))
    .orderBy(asc(enrollments.id));
}
export type UserEnrollmentRow = Awaited<ReturnType<typeof findUserEnrollments>>[number];
