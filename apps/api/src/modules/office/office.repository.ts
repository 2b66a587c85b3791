import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  OBJECT_TYPE,
  ORDER_STATUS,
  PLACE_HOLDING_STATUSES,
  STEP_STATUS,
  ORDER_TYPE,
  CANCEL_REQUEST_STATUS,
  type CancelRequestStatus,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  cancelRequests,
  certificates,
  courses,
  enrollments,
  enrollmentSteps,
  lotteryDraws,
  orders,
  quizQuestions,
  quizzes,
  trainings,
  trainingUserTypes,
  userTypes,
  users,
} from '../../db/schema.ts';

export async function writeAudit(
  db: Executor,
  actorUserId: number,
  action: string,
  entity: string,
  entityId: number | null,
  data: Record<string, unknown>,
  now: Date,
) {
  await db.insert(auditEvents).values({ actorUserId, action, entity, entityId, data, createdAt: now });
}

/** Locks a recruitment row for the draw / an offer (concurrent office actions queue behind it). */
export async function lockRecruitment(db: Executor, trainingId: number, userTypeId: number) {
  const [row] = await db
    .select()
    .from(trainingUserTypes)
    .where(and(eq(trainingUserTypes.trainingId, trainingId), eq(trainingUserTypes.userTypeId, userTypeId)))
    .for('update');
  return row;
}

export async function findDraw(db: Executor, trainingId: number, userTypeId: number) {
  const [row] = await db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.trainingId, trainingId), eq(lotteryDraws.userTypeId, userTypeId)));
  return row;
}

export async function insertDraw(db: Executor, values: typeof lotteryDraws.$inferInsert) {
  await db.insert(lotteryDraws).values(values);
}

/** The applicants awaiting the draw (status 5), in application order. */
export function findLotteryEntrants(db: Executor, trainingId: number, userTypeId: number) {
  return db
    .select({ id: enrollments.id, userId: enrollments.userId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, trainingId),
        eq(enrollments.userTypeId, userTypeId),
        eq(enrollments.status, STEP_STATUS.awaitingLottery),
      ),
    )
    .orderBy(asc(enrollments.id));
}

/** Of these users, those holding a place in another session of the course. */
export async function usersWonElsewhere(
  db: Executor,
  userIds: readonly number[],
  courseId: number,
  trainingId: number,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: enrollments.userId })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        inArray(enrollments.userId, [...userIds]),
        eq(trainings.courseId, courseId),
        ne(enrollments.trainingId, trainingId),
        inArray(enrollments.status, [...PLACE_HOLDING_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Losers of a draw in offer order (lottery_rank), still lost. */
export function findRankedLosers(db: Executor, trainingId: number, userTypeId: number) {
  return db
    .select({ id: enrollments.id, userId: enrollments.userId, rank: enrollments.lotteryRank })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, trainingId),
        eq(enrollments.userTypeId, userTypeId),
        eq(enrollments.status, STEP_STATUS.lost),
        isNotNull(enrollments.lotteryRank),
      ),
    )
    .orderBy(asc(enrollments.lotteryRank));
}

export async function setLotteryRank(db: Executor, enrollmentId: number, rank: number | null) {
  await db.update(enrollments).set({ lotteryRank: rank }).where(eq(enrollments.id, enrollmentId));
}

export async function findUsersContact(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { email: string; name: string }>();
  const rows = await db
    .select({ id: users.id, email: users.email, lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, { email: r.email, name: `${r.lastName} ${r.firstName}` }]));
}

export async function findCancelRequest(db: Executor, id: number) {
  const [row] = await db.select().from(cancelRequests).where(eq(cancelRequests.id, id)).for('update');
  return row;
}

export async function decideCancelRequest(
  db: Executor,
  id: number,
  status: Exclude<CancelRequestStatus, typeof CANCEL_REQUEST_STATUS.awaitingApproval>,
  actor: number,
  now: Date,
) {
  const rows = await db
    .update(cancelRequests)
    .set({ status, decidedBy: actor, decidedAt: now })
    .where(and(eq(cancelRequests.id, id), eq(cancelRequests.status, CANCEL_REQUEST_STATUS.awaitingApproval)))
    .returning({ id: cancelRequests.id });
  return rows.length > 0;
}

export async function findTrainingSummary(db: Executor, trainingId: number) {
  const [row] = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      eventDate: trainings.eventDate,
      eventStartTime: trainings.eventStartTime,
      venueName: trainings.venueName,
      courseId: trainings.courseId,
      courseName: courses.name,
      localHoldingId: trainings.localHoldingId,
    })
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(eq(trainings.id, trainingId));
  return row;
}

/** The roster: every enrolment of a session with the person, status and latest cancel request. */
export function findRoster(db: Executor, trainingId: number) {
  return db
    .select({
      enrollmentId: enrollments.id,
      userTypeId: enrollments.userTypeId,
      userTypeName: userTypes.type,
      status: enrollments.status,
      lotteryRank: enrollments.lotteryRank,
      assistantApprovedAt: enrollments.assistantApprovedAt,
      checkedInAt: enrollments.checkedInAt,
      createdAt: enrollments.createdAt,
      paymentMethodId: enrollments.paymentMethodId,
      userId: users.id,
      lastName: users.lastName,
      firstName: users.firstName,
      lastNameKana: users.lastNameKana,
      firstNameKana: users.firstNameKana,
      email: users.email,
      phone: users.phone,
      occupation: users.occupation,
      locationWork: users.locationWork,
      lastNote: sql<
        string | null
      >`(select s.note from ${enrollmentSteps} s where s.enrollment_id = ${enrollments.id} order by s.id desc limit 1)`,
      cancelStatus: sql<
        number | null
      >`(select c.status from ${cancelRequests} c where c.enrollment_id = ${enrollments.id} order by c.id desc limit 1)`,
      cancelId: sql<
        number | null
      >`(select c.id from ${cancelRequests} c where c.enrollment_id = ${enrollments.id} order by c.id desc limit 1)`,
      selection: sql<string>`(select tut.selection from ${trainingUserTypes} tut
        where tut.training_id = ${enrollments.trainingId} and tut.user_type_id = ${enrollments.userTypeId})`,
      certificateId: sql<
        number | null
      >`(select c.id from ${certificates} c where c.enrollment_id = ${enrollments.id})`,
      certificateNumber: sql<
        string | null
      >`(select c.certificate_number from ${certificates} c where c.enrollment_id = ${enrollments.id})`,
      certificateRevokedAt: sql<
        string | null
      >`(select c.revoked_at from ${certificates} c where c.enrollment_id = ${enrollments.id})`,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .where(eq(enrollments.trainingId, trainingId))
    .orderBy(asc(enrollments.userTypeId), asc(enrollments.id));
}

/** Check-in: 9 → 10 once (compare-and-set on checked_in_at). */
export async function markCheckedIn(db: Executor, enrollmentId: number, now: Date) {
  const rows = await db
    .update(enrollments)
    .set({ checkedInAt: now })
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        sql`${enrollments.checkedInAt} is null`,
        eq(enrollments.status, STEP_STATUS.attending),
      ),
    )
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

export async function approveAssistantRow(db: Executor, enrollmentId: number, actor: number, now: Date) {
  const rows = await db
    .update(enrollments)
    .set({ assistantApprovedAt: now, assistantApprovedBy: actor, updatedAt: now })
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        sql`${enrollments.assistantApprovedAt} is null`,
        // A declined application (7 without an approval) stays declined.
        sql`${enrollments.status} <> ${STEP_STATUS.lost}`,
      ),
    )
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

/** The completed session-fee order of an enrolment (what a cancellation refunds), if any. */
export async function findPaidSessionFeeOrder(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select({ id: orders.id, amount: orders.amount, paymentMethodId: orders.paymentMethodId })
    .from(orders)
    .where(
      and(
        eq(orders.enrollmentId, enrollmentId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, OBJECT_TYPE.sessionFee),
        eq(orders.status, ORDER_STATUS.complete),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the course has a post-test with at least one question (step 6 of the workflow). */
export async function courseHasPostTest(db: Executor, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quizQuestions.id })
    .from(quizzes)
    .innerJoin(quizQuestions, and(eq(quizQuestions.quizId, quizzes.id), isNull(quizQuestions.versionTo)))
    .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, 'post')))
    .limit(1);
  return row !== undefined;
}

/** The note of the draw's 'won elsewhere' entries (WON_ELSEWHERE_NOTE of the enrolments module). */
const WON_ELSEWHERE = 'won elsewhere';

/**
 * What the office's labels need of each enrolment of a session (officeStatusLabel in the domain),
 * counted: status, latest cancel request, assistant approval and a 'won elsewhere' draw result.
 */
export function findStatusFacts(db: Executor, trainingId: number) {
  const cancel = sql<
    number | null
  >`(select c.status from ${cancelRequests} c where c.enrollment_id = ${enrollments.id} order by c.id desc limit 1)`;
  const wonElsewhere = sql<boolean>`coalesce((select s.note = ${WON_ELSEWHERE} from ${enrollmentSteps} s
    where s.enrollment_id = ${enrollments.id} order by s.id desc limit 1), false)`;
  const approved = sql<boolean>`(${enrollments.assistantApprovedAt} is not null)`;
  return db
    .select({
      userTypeId: enrollments.userTypeId,
      status: enrollments.status,
      cancelStatus: cancel,
      approved,
      wonElsewhere,
      n: sql<number>`count(*)::int`,
    })
    .from(enrollments)
    .where(eq(enrollments.trainingId, trainingId))
    .groupBy(enrollments.userTypeId, enrollments.status, cancel, approved, wonElsewhere)
    .orderBy(asc(enrollments.userTypeId), asc(enrollments.status));
}

/** Locks an enrolment row (the certificate issue takes the same lock). */
export async function lockEnrollmentRow(db: Executor, enrollmentId: number) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, enrollmentId)).for('update');
  return row;
}

/** The enrolment's certificate, if one was issued and is not revoked. */
export async function findValidCertificate(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.enrollmentId, enrollmentId), sql`${certificates.revokedAt} is null`));
  return row;
}

/** The step history of an enrolment with the acting person's name and role. */
export function findTrail(db: Executor, enrollmentId: number) {
  return db
    .select({
      id: enrollmentSteps.id,
      step: enrollmentSteps.step,
      status: enrollmentSteps.status,
      note: enrollmentSteps.note,
      createdAt: enrollmentSteps.createdAt,
      actorUserId: enrollmentSteps.actorUserId,
      actorLastName: users.lastName,
      actorFirstName: users.firstName,
      actorRole: users.role,
    })
    .from(enrollmentSteps)
    .leftJoin(users, eq(users.id, enrollmentSteps.actorUserId))
    .where(eq(enrollmentSteps.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentSteps.id));
}
