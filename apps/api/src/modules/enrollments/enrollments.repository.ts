import {
  OBJECT_TYPE,
  ORDER_STATUS,
  ORDER_TYPE,
  PLACE_HOLDING_STATUSES,
  STEP_STATUS,
  USER_TYPE,
  type StepStatus,
  type WorkflowStep,
  CANCEL_REQUEST_STATUS,
} from '@mels/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  cancelRequests,
  certificates,
  courseConditions,
  courseOccupations,
  courses,
  documents,
  enrollments,
  enrollmentSteps,
  lessons,
  orders,
  quizzes,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
  userTypes,
  users,
} from '../../db/schema.ts';
import { sessionDocumentVisible } from '../documents/index.ts';

/** One recruitment of a session (training × user type) with its session, course and area. */
export async function findRecruitment(db: Executor, trainingId: number, userTypeId: number) {
  const [row] = await db
    .select({
      recruitmentId: trainingUserTypes.id,
      trainingId: trainings.id,
      name: trainings.name,
      eventDate: trainings.eventDate,
      eventStartTime: trainings.eventStartTime,
      eventEndTime: trainings.eventEndTime,
      venue: trainings.venue,
      venueName: trainings.venueName,
      sponsorBy: trainings.sponsorBy,
      target: trainings.target,
      note: trainings.note,
      registerDateNote: trainings.registerDateNote,
      applyDateNote: trainings.applyDateNote,
      isActive: trainings.isActive,
      /** 'draft' or 'published' (decision 031): a member never reaches a draft. */
      status: trainings.status,
      areaName: areas.name,
      courseId: courses.id,
      courseName: courses.name,
      coursePrice: courses.price,
      certificatePrefix: courses.certificatePrefix,
      isRenewal: courses.isRenewal,
      introVideo: courses.introVideo,
      userTypeId: trainingUserTypes.userTypeId,
      userTypeName: userTypes.type,
      capacity: trainingUserTypes.capacity,
      participant: trainingUserTypes.participant,
      price: trainingUserTypes.price,
      selection: trainingUserTypes.selection,
      applyStartDate: trainingUserTypes.applyStartDate,
      applyEndDate: trainingUserTypes.applyEndDate,
    })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(and(eq(trainingUserTypes.trainingId, trainingId), eq(trainingUserTypes.userTypeId, userTypeId)));
  return row;
}
export type Recruitment = NonNullable<Awaited<ReturnType<typeof findRecruitment>>>;

export async function findPaymentMethods(db: Executor, trainingId: number): Promise<number[]> {
  const rows = await db
    .select({ id: trainingPaymentMethods.paymentMethodId })
    .from(trainingPaymentMethods)
    .where(eq(trainingPaymentMethods.trainingId, trainingId))
    .orderBy(asc(trainingPaymentMethods.paymentMethodId));
  return rows.map((r) => r.id);
}

/** The course's documents and those of the session the user may see (decision 020). */
export function findDocuments(
  db: Executor,
  options: { courseId: number; trainingId: number; userId: number },
) {
  return db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      sql`(${documents.courseId} = ${options.courseId} and ${documents.trainingId} is null) or (${documents.trainingId} = ${options.trainingId} and ${sessionDocumentVisible(options.userId)})`,
    )
    .orderBy(asc(documents.id));
}

export async function findUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findEnrollment(db: Executor, trainingId: number, userId: number, userTypeId: number) {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, trainingId),
        eq(enrollments.userId, userId),
        eq(enrollments.userTypeId, userTypeId),
      ),
    );
  return row;
}
export type EnrollmentRow = typeof enrollments.$inferSelect;

export async function findEnrollmentById(db: Executor, id: number) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

export function findSteps(db: Executor, enrollmentId: number) {
  return db
    .select()
    .from(enrollmentSteps)
    .where(eq(enrollmentSteps.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentSteps.id));
}

export async function findLatestCancel(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select()
    .from(cancelRequests)
    .where(eq(cancelRequests.enrollmentId, enrollmentId))
    .orderBy(desc(cancelRequests.id))
    .limit(1);
  return row;
}

/** The latest session-fee purchase of an enrolment (status, method, amount, transfer deadline), or undefined. */
export async function findSessionFeeOrder(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentMethodId: orders.paymentMethodId,
      amount: orders.amount,
      dueAt: orders.dueAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.enrollmentId, enrollmentId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, OBJECT_TYPE.sessionFee),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}
export type SessionFeeOrder = NonNullable<Awaited<ReturnType<typeof findSessionFeeOrder>>>;

/** Records the member's payment method on an enrolment awaiting payment (compare-and-set on status 8). */
export async function setPaymentMethod(
  db: Executor,
  input: { enrollmentId: number; paymentMethodId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(enrollments)
    .set({ paymentMethodId: input.paymentMethodId, updatedAt: input.now })
    .where(and(eq(enrollments.id, input.enrollmentId), eq(enrollments.status, STEP_STATUS.awaitingPayment)))
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

export async function findCourseOccupations(db: Executor, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ occupation: courseOccupations.occupation })
    .from(courseOccupations)
    .where(eq(courseOccupations.courseId, courseId))
    .orderBy(asc(courseOccupations.occupation));
  return rows.map((r) => r.occupation);
}

export function findCourseConditions(db: Executor, courseId: number) {
  return db
    .select({
      groupNo: courseConditions.groupNo,
      courseId: courseConditions.requiredCourseId,
      courseName: courses.name,
      userTypeId: courseConditions.requiredUserTypeId,
    })
    .from(courseConditions)
    .innerJoin(courses, eq(courses.id, courseConditions.requiredCourseId))
    .where(eq(courseConditions.courseId, courseId))
    .orderBy(asc(courseConditions.groupNo), asc(courseConditions.id));
}

/** The occupations each of these courses accepts (no rows for a course: every occupation). */
export function findCoursesOccupations(db: Executor, courseIds: readonly number[]) {
  return db
    .select({ courseId: courseOccupations.courseId, occupation: courseOccupations.occupation })
    .from(courseOccupations)
    .where(inArray(courseOccupations.courseId, [...courseIds]))
    .orderBy(asc(courseOccupations.courseId), asc(courseOccupations.occupation));
}

/** The course conditions of each of these courses (forCourseId: the course they belong to). */
export function findCoursesConditions(db: Executor, courseIds: readonly number[]) {
  return db
    .select({
      forCourseId: courseConditions.courseId,
      groupNo: courseConditions.groupNo,
      courseId: courseConditions.requiredCourseId,
      courseName: courses.name,
      userTypeId: courseConditions.requiredUserTypeId,
    })
    .from(courseConditions)
    .innerJoin(courses, eq(courses.id, courseConditions.requiredCourseId))
    .where(inArray(courseConditions.courseId, [...courseIds]))
    .orderBy(asc(courseConditions.groupNo), asc(courseConditions.id));
}

/** The member's purchase orders of a course's registration fee (object type 1). */
function courseRegistrationOrders(input: { userId: number; courseId: number }) {
  return and(
    eq(orders.userId, input.userId),
    eq(orders.type, ORDER_TYPE.purchase),
    eq(orders.objectType, OBJECT_TYPE.courseRegistration),
    eq(orders.objectId, input.courseId),
  );
}

/**
 * order_office_status: the status of the member's latest course-registration order (object type 1)
 * of the course; null when they have none.
 */
export async function findCourseRegistrationOrderStatus(
  db: Executor,
  input: { userId: number; courseId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(courseRegistrationOrders(input))
    .orderBy(desc(orders.id))
    .limit(1);
  return row === undefined ? null : Number(row.status);
}

/** What the user has passed: completed enrolments (course × user type) and valid certificates. */
export async function findPassedCourses(db: Executor, userId: number) {
  const completed = await db
    .selectDistinct({ courseId: trainings.courseId, userTypeId: enrollments.userTypeId })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.status, STEP_STATUS.completed)));
  const certs = await db
    .select({ courseId: certificates.courseId, endDate: certificates.endDate })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)));
  return { completed, certs };
}

/**
 * check_training: another live application (applied and not lost or cancelled) of the user to a
 * session on the same day whose times overlap this one's.
 */
export async function findSameTimeConflict(
  db: Executor,
  userId: number,
  r: Recruitment,
): Promise<number | null> {
  const [row] = await db
    .select({ trainingId: trainings.id })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        ne(enrollments.trainingId, r.trainingId),
        sql`${enrollments.status} >= ${STEP_STATUS.applying} and ${enrollments.status} <> ${STEP_STATUS.lost}`,
        eq(trainings.eventDate, r.eventDate),
        lt(trainings.eventStartTime, r.eventEndTime),
        gt(trainings.eventEndTime, r.eventStartTime),
      ),
    )
    .limit(1);
  return row?.trainingId ?? null;
}

/** is_win_other_training_same_course: a place held in another session of the same course. */
export async function wonOtherSessionSameCourse(
  db: Executor,
  userId: number,
  courseId: number,
  trainingId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(trainings.courseId, courseId),
        ne(enrollments.trainingId, trainingId),
        inArray(enrollments.status, [...PLACE_HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The member's records of a course outside one session (decision 021): whether the course
 * registration is paid (a complete registration order of the course; a free registration is a
 * complete order of 0 yen) and the statuses of their attendee enrolments in the course's other sessions.
 */
export async function findCourseRecords(
  db: Executor,
  input: { userId: number; courseId: number; trainingId: number },
): Promise<{ registrationPaid: boolean; otherStatuses: number[] }> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(courseRegistrationOrders(input), eq(orders.status, ORDER_STATUS.complete)))
    .limit(1);
  const others = await db
    .select({ status: enrollments.status })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, input.userId),
        eq(enrollments.userTypeId, USER_TYPE.attendee),
        eq(trainings.courseId, input.courseId),
        ne(enrollments.trainingId, input.trainingId),
      ),
    );
  return { registrationPaid: Boolean(paid), otherStatuses: others.map((o) => o.status) };
}

export async function courseHasPreContent(db: Executor, courseId: number) {
  const [video] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, 'pre'), isNull(lessons.archivedAt)))
    .limit(1);
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, 'pre')))
    .limit(1);
  return { hasPreVideo: Boolean(video), hasPreTest: Boolean(quiz) };
}

/** Takes one place atomically: succeeds only while participant < capacity. */
export async function takePlace(db: Executor, recruitmentId: number): Promise<boolean> {
  const rows = await db
    .update(trainingUserTypes)
    .set({ participant: sql`${trainingUserTypes.participant} + 1` })
    .where(
      and(
        eq(trainingUserTypes.id, recruitmentId),
        lt(trainingUserTypes.participant, trainingUserTypes.capacity),
      ),
    )
    .returning({ id: trainingUserTypes.id });
  return rows.length > 0;
}

export async function releasePlace(db: Executor, trainingId: number, userTypeId: number): Promise<void> {
  await db
    .update(trainingUserTypes)
    .set({ participant: sql`${trainingUserTypes.participant} - 1` })
    .where(
      and(
        eq(trainingUserTypes.trainingId, trainingId),
        eq(trainingUserTypes.userTypeId, userTypeId),
        gt(trainingUserTypes.participant, 0),
      ),
    );
}

export type StepEntry = { step: WorkflowStep; status: StepStatus; note?: string | null };

/**
 * Records transitions: one enrollment_steps row each (with actor and time) and the enrolment's
 * status set to the last one. `fromStatuses` makes the move conditional (compare-and-set): when the
 * enrolment is no longer in one of them nothing is written and false is returned.
 */
export async function recordSteps(
  db: Executor,
  enrollmentId: number,
  entries: readonly StepEntry[],
  actorUserId: number | null,
  now: Date,
  fromStatuses?: readonly StepStatus[],
  extra: Partial<typeof enrollments.$inferInsert> = {},
): Promise<boolean> {
  const last = entries[entries.length - 1];
  if (!last) return true;
  const updated = await db
    .update(enrollments)
    .set({ status: last.status, updatedAt: now, ...extra })
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        fromStatuses ? inArray(enrollments.status, [...fromStatuses]) : undefined,
      ),
    )
    .returning({ id: enrollments.id });
  if (updated.length === 0) return false;
  await db.insert(enrollmentSteps).values(
    entries.map((e, i) => ({
      enrollmentId,
      step: e.step,
      status: e.status,
      note: e.note ?? null,
      actorUserId,
      // Entries of one transition keep their order (ids), and their times are the same moment.
      createdAt: new Date(now.getTime() + i),
    })),
  );
  return true;
}

export async function insertEnrollment(
  db: Executor,
  values: { trainingId: number; userId: number; userTypeId: number; now: Date },
) {
  const [row] = await db
    .insert(enrollments)
    .values({
      trainingId: values.trainingId,
      userId: values.userId,
      userTypeId: values.userTypeId,
      status: STEP_STATUS.initial,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('enrolment not inserted');
  return row;
}

export async function insertCancelRequest(
  db: Executor,
  enrollmentId: number,
  reason: string | null,
  now: Date,
) {
  const [row] = await db
    .insert(cancelRequests)
    .values({ enrollmentId, reason, status: CANCEL_REQUEST_STATUS.awaitingApproval, createdAt: now })
    .returning();
  return row;
}

export async function setAttendanceCode(db: Executor, enrollmentId: number, code: string): Promise<string> {
  const [row] = await db
    .update(enrollments)
    .set({ attendanceCode: code })
    .where(and(eq(enrollments.id, enrollmentId), isNull(enrollments.attendanceCode)))
    .returning({ code: enrollments.attendanceCode });
  if (row?.code) return row.code;
  const [current] = await db
    .select({ code: enrollments.attendanceCode })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  return current?.code ?? code;
}
