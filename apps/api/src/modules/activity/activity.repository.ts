import {
  type ActivityKind,
  type ActivitySort,
  IN_PROGRESS_STATUSES,
  PLACE_HOLDING_STATUSES,
} from '@mels/domain';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  certificates,
  courses,
  enrollments,
  legacyHistories,
  trainings,
  userTypes,
} from '../../db/schema.ts';
import type { RawStep, RawUserTypeWindow } from '../trainings/index.ts';

export type ActivityFilter = {
  userId: number;
  kind: ActivityKind;
  userTypes: readonly number[] | undefined;
  /** Today in Japan, YYYY-MM-DD (the pending list keeps sessions of today and later). */
  today: string;
};

export type ActivityOrder = { sort: ActivitySort; direction: 'asc' | 'desc' };

/** activityList() of packages/domain in SQL: in progress on an active session dated today or later. */
function inProgress(today: string): SQL {
  return and(
    inArray(enrollments.status, [...IN_PROGRESS_STATUSES]),
    eq(trainings.isActive, true),
    gte(trainings.eventDate, today),
  ) as SQL;
}

function activityWhere(filter: ActivityFilter): SQL | undefined {
  return and(
    eq(enrollments.userId, filter.userId),
    filter.userTypes && filter.userTypes.length > 0
      ? inArray(enrollments.userTypeId, [...filter.userTypes])
      : undefined,
    // お申し込み中 (in progress) and 受講履歴 (over, finished, cancelled or lost) share no row.
    filter.kind === 'pending' ? inProgress(filter.today) : not(inProgress(filter.today)),
  );
}

const SORT_COLUMNS = {
  name: trainings.name,
  status: enrollments.status,
  event_date: trainings.eventDate,
} as const;

function activityOrder(kind: ActivityKind, order: ActivityOrder): SQL[] {
  // The pending list: the soonest session first, always.
  if (kind === 'pending')
    return [asc(trainings.eventDate), asc(trainings.eventStartTime), asc(enrollments.id)];
  const by = order.direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[order.sort]), desc(trainings.eventDate), desc(enrollments.id)];
}

/**
 * The page of the user's enrolments with what their status label needs: the last step's status, the
 * latest cancel request, the session's payment methods and whether the user holds a place in another
 * active session of the same course in the same user type ('won elsewhere'). The subqueries run for
 * the page's rows only.
 */
export async function findActivityPage(
  db: Executor,
  filter: ActivityFilter,
  order: ActivityOrder,
  limit: number,
  offset: number,
) {
  const where = activityWhere(filter);
  const [totalRow] = await db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(where);
  const rows = await db
    .select({
      enrollmentId: enrollments.id,
      trainingId: trainings.id,
      name: trainings.name,
      eventDate: trainings.eventDate,
      venueName: trainings.venueName,
      isActive: trainings.isActive,
      courseId: courses.id,
      courseName: courses.name,
      userTypeId: userTypes.id,
      userTypeName: userTypes.type,
      status: enrollments.status,
      assistantApprovedAt: enrollments.assistantApprovedAt,
      selection: sql<string | null>`(
        select tut.selection from training_user_types tut
        where tut.training_id = ${enrollments.trainingId} and tut.user_type_id = ${enrollments.userTypeId}
      )`,
      stepStatus: sql<number | null>`(
        select s.status from enrollment_steps s
        where s.enrollment_id = ${enrollments.id}
        order by s.id desc limit 1
      )`,
      cancelStatus: sql<number | null>`(
        select c.status from cancel_requests c
        where c.enrollment_id = ${enrollments.id}
        order by c.id desc limit 1
      )`,
      paymentMethods: sql<number[]>`(
        select coalesce(json_agg(p.payment_method_id order by p.payment_method_id), '[]'::json)
        from training_payment_methods p
        where p.training_id = ${trainings.id}
      )`,
      steps: sql<RawStep[]>`(
        select coalesce(json_agg(json_build_object(
          'step', s.step, 'status', s.status, 'created_at', s.created_at
        ) order by s.id), '[]'::json)
        from enrollment_steps s
        where s.enrollment_id = ${enrollments.id}
      )`,
      usersTypes: sql<RawUserTypeWindow[]>`(
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
      )`,
      wonElsewhere: sql<boolean>`exists (
        select 1 from enrollments o
        join trainings ot on ot.id = o.training_id
        where o.user_id = ${enrollments.userId}
          and o.user_type_id = ${enrollments.userTypeId}
          and o.training_id <> ${enrollments.trainingId}
          and ot.course_id = ${trainings.courseId}
          and ot.is_active
          and o.status in (${sql.join(
            PLACE_HOLDING_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})
      )`,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .where(where)
    .orderBy(...activityOrder(filter.kind, order))
    .limit(limit)
    .offset(offset);
  return { rows, total: Number(totalRow?.n ?? 0) };
}
export type ActivityRow = Awaited<ReturnType<typeof findActivityPage>>['rows'][number];

/** The user's certificates, newest first, with course, session and the enrolment's user type. */
export function findUserCertificates(db: Executor, userId: number) {
  return db
    .select({
      id: certificates.id,
      certificateNumber: certificates.certificateNumber,
      startDate: certificates.startDate,
      endDate: certificates.endDate,
      revokedAt: certificates.revokedAt,
      courseId: courses.id,
      courseName: courses.name,
      trainingId: trainings.id,
      trainingName: trainings.name,
      enrollmentUserTypeId: enrollments.userTypeId,
      enrollmentId: certificates.enrollmentId,
      holderName: certificates.holderName,
      isExtended: certificates.isExtended,
      certificatePrefix: courses.certificatePrefix,
      legacyAttendanceCode: sql<string | null>`(
        select l.attendance_code from legacy_certificates l
        where l.certificate_id = ${certificates.id}
        order by l.id limit 1
      )`,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(trainings, eq(trainings.id, certificates.trainingId))
    .leftJoin(
      enrollments,
      and(eq(enrollments.id, certificates.enrollmentId), eq(enrollments.userId, certificates.userId)),
    )
    .where(and(isNotNull(certificates.userId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.startDate), desc(certificates.id));
}
export type UserCertificateRow = Awaited<ReturnType<typeof findUserCertificates>>[number];

/** The user's last `limit` records of the older system, newest first. */
export function findLegacyHistories(db: Executor, userId: number, limit: number) {
  return db
    .select({
      participatedDate: legacyHistories.participatedDate,
      courseName: legacyHistories.courseName,
      userTypeName: legacyHistories.userTypeName,
    })
    .from(legacyHistories)
    .where(eq(legacyHistories.userId, userId))
    .orderBy(desc(legacyHistories.participatedDate), desc(legacyHistories.id))
    .limit(limit);
}
