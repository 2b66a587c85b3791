/**
 * The office's catalogue (decision 031): the only queries of courses, sessions and recruitments as the
 * office writes them. The rules that depend on what members did are enforced here by conditional
 * statements under the session's row lock, not by the read before them: a recruitment's capacity never
 * drops below its places taken, its selection never switches once someone applied, its fee never
 * changes once someone paid, and it is never removed while someone holds an application.
 */
import {
  OBJECT_TYPE,
  ORDER_STATUS,
  ORDER_TYPE,
  STEP_STATUS,
  type Selection,
  type TrainingStatus,
} from '@mels/domain';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  courseConditions,
  courseOccupations,
  courses,
  enrollments,
  orders,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
  userTypes,
  videoPreviews,
} from '../../db/schema.ts';

// ───────────────────────────── audit ─────────────────────────────

// ───────────────────────────── courses ─────────────────────────────

const sessionsOfCourse =
  sql<number>`(select count(*) from ${trainings} t where t.course_id = ${courses.id})`.mapWith(Number);

export async function listCourses(
  db: Executor,
  options: { keyword: string | undefined; limit: number; offset: number },
) {
  const where = options.keyword
    ? ilike(courses.name, `%${options.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courses.id,
        name: courses.name,
        price: courses.price,
        sortOrder: courses.sortOrder,
        certificatePrefix: courses.certificatePrefix,
        isActive: courses.isActive,
        sessions: sessionsOfCourse,
        updatedAt: courses.updatedAt,
      })
      .from(courses)
      .where(where)
      .orderBy(asc(courses.sortOrder), asc(courses.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type CourseRow = typeof courses.$inferSelect;

export async function findCourse(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(courses).where(eq(courses.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [occupations, conditions, videos, [sessions]] = await Promise.all([
    db
      .select({ occupation: courseOccupations.occupation })
      .from(courseOccupations)
      .where(eq(courseOccupations.courseId, id))
      .orderBy(asc(courseOccupations.occupation)),
    db
      .select({
        groupNo: courseConditions.groupNo,
        courseId: courseConditions.requiredCourseId,
        userTypeId: courseConditions.requiredUserTypeId,
      })
      .from(courseConditions)
      .where(eq(courseConditions.courseId, id))
      .orderBy(asc(courseConditions.groupNo), asc(courseConditions.id)),
    db
      .select({ id: videoPreviews.id, name: videoPreviews.name, link: videoPreviews.link })
      .from(videoPreviews)
      .where(eq(videoPreviews.courseId, id))
      .orderBy(asc(videoPreviews.sortOrder), asc(videoPreviews.id)),
    db.select({ n: count() }).from(trainings).where(eq(trainings.courseId, id)),
  ]);
  return {
    course: row,
    occupations: occupations.map((o) => o.occupation),
    conditions,
    videos,
    sessions: Number(sessions?.n ?? 0),
  };
}
export type CourseRecord = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

export async function courseIdsExist(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertCourse(db: Executor, values: typeof courses.$inferInsert) {
  const [row] = await db.insert(courses).values(values).returning({ id: courses.id });
  if (!row) throw new Error('course not inserted');
  return row.id;
}

export async function updateCourse(db: Executor, id: number, values: Partial<typeof courses.$inferInsert>) {
  await db.update(courses).set(values).where(eq(courses.id, id));
}

export async function replaceOccupations(db: Executor, courseId: number, occupations: readonly number[]) {
  await db.delete(courseOccupations).where(eq(courseOccupations.courseId, courseId));
  if (occupations.length)
    await db
      .insert(courseOccupations)
      .values([...new Set(occupations)].map((occupation) => ({ courseId, occupation })));
}

export async function replaceConditions(
  db: Executor,
  courseId: number,
  groups: ReadonlyArray<ReadonlyArray<{ course_id: number; user_type_id: number | null }>>,
) {
  await db.delete(courseConditions).where(eq(courseConditions.courseId, courseId));
  const rows = groups.flatMap((group, i) =>
    group.map((c) => ({
      courseId,
      groupNo: i + 1,
      requiredCourseId: c.course_id,
      requiredUserTypeId: c.user_type_id,
    })),
  );
  if (rows.length) await db.insert(courseConditions).values(rows);
}

export async function replaceVideoPreviews(
  db: Executor,
  courseId: number,
  videos: ReadonlyArray<{ name: string; link: string }>,
) {
  await db.delete(videoPreviews).where(eq(videoPreviews.courseId, courseId));
  if (videos.length)
    await db
      .insert(videoPreviews)
      .values(videos.map((v, i) => ({ courseId, name: v.name, link: v.link, sortOrder: i + 1 })));
}

/**
 * Deletes a course nothing refers to: no session, no other course's condition. The condition is in the
 * DELETE itself; false when the course is in use (or gone).
 */
export async function deleteUnusedCourse(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(courses)
    .where(
      and(
        eq(courses.id, id),
        sql`not exists (select 1 from ${trainings} t where t.course_id = ${id})`,
        sql`not exists (select 1 from ${courseConditions} c where c.required_course_id = ${id} and c.course_id <> ${id})`,
      ),
    )
    .returning({ id: courses.id });
  return rows.length > 0;
}

// ───────────────────────────── sessions ─────────────────────────────

/** Statuses of a live application: applying, waiting, won, paying, attending and after (not lost). */
const LIVE = sql.raw(
  [
    STEP_STATUS.applying,
    STEP_STATUS.awaitingLottery,
    STEP_STATUS.won,
    STEP_STATUS.awaitingPayment,
    STEP_STATUS.attending,
    STEP_STATUS.postTestNotTaken,
    STEP_STATUS.surveyNotTaken,
    STEP_STATUS.completed,
  ].join(', '),
);

const applicantsOf = (trainingId: SQL | number, userTypeId: SQL | number) =>
  sql`(select count(*) from ${enrollments} e where e.training_id = ${trainingId} and e.user_type_id = ${userTypeId} and e.status in (${LIVE}))`;

const paidOrdersOf = (trainingId: SQL | number, userTypeId: SQL | number) =>
  sql`(select count(*) from ${orders} o join ${enrollments} e on e.id = o.enrollment_id where e.training_id = ${trainingId} and e.user_type_id = ${userTypeId} and o.type = ${ORDER_TYPE.purchase} and o.object_type = ${OBJECT_TYPE.sessionFee} and o.status = ${ORDER_STATUS.complete})`;

export async function lockTraining(db: Executor, id: number) {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, id)).for('update');
  return row;
}

export type TrainingRow = typeof trainings.$inferSelect;

/** A session with its course and prefecture names, payment methods and recruitments (with what members did). */
export async function findSessionForm(db: Executor, id: number) {
  const [row] = await db
    .select({ training: trainings, courseName: courses.name, areaName: areas.name })
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .where(eq(trainings.id, id));
  if (!row) return undefined;
  const [methods, recruitments] = await Promise.all([
    db
      .select({ id: trainingPaymentMethods.paymentMethodId })
      .from(trainingPaymentMethods)
      .where(eq(trainingPaymentMethods.trainingId, id))
      .orderBy(asc(trainingPaymentMethods.paymentMethodId)),
    findRecruitments(db, id),
  ]);
  return { ...row, paymentMethodIds: methods.map((m) => m.id), recruitments };
}
export type SessionRecord = NonNullable<Awaited<ReturnType<typeof findSessionForm>>>;

export function findRecruitments(db: Executor, trainingId: number) {
  return db
    .select({
      id: trainingUserTypes.id,
      userTypeId: trainingUserTypes.userTypeId,
      typeName: userTypes.type,
      description: trainingUserTypes.description,
      capacity: trainingUserTypes.capacity,
      participant: trainingUserTypes.participant,
      price: trainingUserTypes.price,
      selection: trainingUserTypes.selection,
      applyStartDate: trainingUserTypes.applyStartDate,
      applyEndDate: trainingUserTypes.applyEndDate,
      registerStartDate: trainingUserTypes.registerStartDate,
      registerEndDate: trainingUserTypes.registerEndDate,
      applicants: applicantsOf(
        trainingUserTypes.trainingId as unknown as SQL,
        trainingUserTypes.userTypeId as unknown as SQL,
      ).mapWith(Number),
      paidOrders: paidOrdersOf(
        trainingUserTypes.trainingId as unknown as SQL,
        trainingUserTypes.userTypeId as unknown as SQL,
      ).mapWith(Number),
    })
    .from(trainingUserTypes)
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(eq(trainingUserTypes.trainingId, trainingId))
    .orderBy(desc(sql`${trainingUserTypes.userTypeId} = 4`), asc(trainingUserTypes.userTypeId));
}
export type RecruitmentRow = Awaited<ReturnType<typeof findRecruitments>>[number];

export async function areaExists(db: Executor, id: number) {
  const [row] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, id));
  return Boolean(row);
}

export async function insertTraining(db: Executor, values: typeof trainings.$inferInsert) {
  const [row] = await db.insert(trainings).values(values).returning({ id: trainings.id });
  if (!row) throw new Error('session not inserted');
  return row.id;
}

export async function updateTraining(
  db: Executor,
  id: number,
  values: Partial<typeof trainings.$inferInsert>,
) {
  await db.update(trainings).set(values).where(eq(trainings.id, id));
}

/**
 * Unpublishes a session nobody applied to: the condition is in the UPDATE (a member applying at the
 * same moment waits on the recruitment row, then finds the session a draft). False when someone holds
 * an application.
 */
export async function unpublishIfNoApplicants(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(trainings)
    .set({ status: 'draft' satisfies TrainingStatus, updatedAt: now })
    .where(
      and(
        eq(trainings.id, id),
        sql`not exists (select 1 from ${enrollments} e where e.training_id = ${id} and e.status in (${LIVE}))`,
      ),
    )
    .returning({ id: trainings.id });
  return rows.length > 0;
}

export async function replacePaymentMethods(db: Executor, trainingId: number, ids: readonly number[]) {
  await db.delete(trainingPaymentMethods).where(eq(trainingPaymentMethods.trainingId, trainingId));
  if (ids.length)
    await db
      .insert(trainingPaymentMethods)
      .values([...new Set(ids)].map((paymentMethodId) => ({ trainingId, paymentMethodId })));
}

export type RecruitmentValues = {
  userTypeId: number;
  description: string;
  capacity: number;
  price: number;
  selection: Selection;
  applyStartDate: Date;
  applyEndDate: Date;
  registerStartDate: Date | null;
  registerEndDate: Date | null;
};

export async function insertRecruitments(
  db: Executor,
  trainingId: number,
  values: readonly RecruitmentValues[],
) {
  if (values.length) await db.insert(trainingUserTypes).values(values.map((v) => ({ ...v, trainingId })));
}

/**
 * Changes a recruitment under its rules, in one conditional UPDATE: the capacity not below the places
 * taken, the selection unchanged once someone applied, the fee unchanged once someone paid. False
 * when a condition failed (a member applied or paid since the office's form was read).
 */
export async function updateRecruitment(db: Executor, id: number, v: RecruitmentValues): Promise<boolean> {
  const t = trainingUserTypes;
  const rows = await db
    .update(t)
    .set({
      description: v.description,
      capacity: v.capacity,
      price: v.price,
      selection: v.selection,
      applyStartDate: v.applyStartDate,
      applyEndDate: v.applyEndDate,
      registerStartDate: v.registerStartDate,
      registerEndDate: v.registerEndDate,
    })
    .where(
      and(
        eq(t.id, id),
        sql`${t.participant} <= ${v.capacity}`,
        sql`(${t.selection} = ${v.selection} or ${applicantsOf(sql`${t.trainingId}`, sql`${t.userTypeId}`)} = 0)`,
        sql`(${t.price} = ${v.price} or ${paidOrdersOf(sql`${t.trainingId}`, sql`${t.userTypeId}`)} = 0)`,
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Removes a recruitment nobody applied to (the condition is in the DELETE); false otherwise. */
export async function deleteRecruitment(db: Executor, id: number): Promise<boolean> {
  const t = trainingUserTypes;
  const rows = await db
    .delete(t)
    .where(
      and(
        eq(t.id, id),
        sql`not exists (select 1 from ${enrollments} e where e.training_id = ${t.trainingId} and e.user_type_id = ${t.userTypeId})`,
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

// ───────────────────────────── cancellation ─────────────────────────────

/** Cancels a session once: false when it was already cancelled. */
export async function markCancelled(
  db: Executor,
  options: { id: number; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(trainings)
    .set({
      isActive: false,
      cancelledReason: options.reason,
      cancelledAt: options.now,
      updatedAt: options.now,
    })
    .where(
      and(eq(trainings.id, options.id), sql`${trainings.cancelledAt} is null`, eq(trainings.isActive, true)),
    )
    .returning({ id: trainings.id });
  return rows.length > 0;
}

/** The live applications of a session (who a cancellation mails), with their user type. */
export function findLiveEnrollments(db: Executor, trainingId: number) {
  return db
    .select({ id: enrollments.id, userId: enrollments.userId, userTypeId: enrollments.userTypeId })
    .from(enrollments)
    .where(and(eq(enrollments.trainingId, trainingId), sql`${enrollments.status} in (${LIVE})`))
    .orderBy(asc(enrollments.id));
}

/** The completed session-fee orders of a session's enrolments (what a cancellation refunds). */
export function findPaidSessionFees(db: Executor, trainingId: number) {
  return db
    .select({
      id: orders.id,
      enrollmentId: orders.enrollmentId,
      amount: orders.amount,
      paymentMethodId: orders.paymentMethodId,
    })
    .from(orders)
    .innerJoin(enrollments, eq(enrollments.id, orders.enrollmentId))
    .where(
      and(
        eq(enrollments.trainingId, trainingId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, OBJECT_TYPE.sessionFee),
        eq(orders.status, ORDER_STATUS.complete),
      ),
    )
    .orderBy(asc(orders.id));
}

// ───────────────────────────── the console's session list ─────────────────────────────

export type SessionListFilter = {
  course?: number | undefined;
  area?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  state?: 'draft' | 'published' | 'cancelled' | undefined;
  limit: number;
  offset: number;
};

/** Sessions (drafts included), filtered; by date then id. Each with its recruitments' places. */
export async function listSessions(db: Executor, filter: SessionListFilter) {
  const where = and(
    filter.course === undefined ? undefined : eq(trainings.courseId, filter.course),
    filter.area === undefined ? undefined : eq(trainings.areaId, filter.area),
    filter.from === undefined ? undefined : sql`${trainings.eventDate} >= ${filter.from}`,
    filter.to === undefined ? undefined : sql`${trainings.eventDate} <= ${filter.to}`,
    filter.state === 'cancelled'
      ? eq(trainings.isActive, false)
      : filter.state === undefined
        ? undefined
        : and(eq(trainings.isActive, true), eq(trainings.status, filter.state)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: trainings.id,
        name: trainings.name,
        courseId: trainings.courseId,
        courseName: courses.name,
        areaId: trainings.areaId,
        areaName: areas.name,
        eventDate: trainings.eventDate,
        eventStartTime: trainings.eventStartTime,
        status: trainings.status,
        isActive: trainings.isActive,
        recruitments: sql<
          Array<{
            type_id: number;
            type_name: string;
            capacity: number;
            participant: number;
            selection: string;
          }>
        >`(select coalesce(json_agg(json_build_object('type_id', u.user_type_id, 'type_name', ut.type, 'capacity', u.capacity, 'participant', u.participant, 'selection', u.selection) order by u.user_type_id), '[]'::json) from ${trainingUserTypes} u join ${userTypes} ut on ut.id = u.user_type_id where u.training_id = ${trainings.id})`,
      })
      .from(trainings)
      .innerJoin(courses, eq(courses.id, trainings.courseId))
      .innerJoin(areas, eq(areas.id, trainings.areaId))
      .where(where)
      .orderBy(desc(trainings.eventDate), desc(trainings.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(trainings).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
