/** The queries of the BI certification request (decision 029): the only place here that reads or writes. */
import {
  INSTRUCTOR_REQUEST_CERTIFICATE_TYPE,
  INSTRUCTOR_REQUEST_STATUS,
  ORDER_STATUS,
  ORDER_TYPE,
  STEP_STATUS,
  USER_TYPE,
  type PledgeVariant,
} from '@mels/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  certificateRequests,
  certificates,
  courses,
  enrollments,
  instructorRequestDocuments,
  legacyCertificates,
  orders,
  trainings,
  users,
} from '../../db/schema.ts';

export type RequestRow = typeof certificateRequests.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The prefix of the basic course, whose sessions count as assistant experience (decision 029). */
export const BASIC_COURSE_PREFIX = 'B';

export const DOCUMENT_KIND = { pledge: 'pledge', recommendation: 'recommendation' } as const;

export async function findCourse(db: Executor, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The member's completed attendance of the course (the earliest session), or undefined. */
export async function findCourseCompletion(db: Executor, userId: number, courseId: number) {
  const [row] = await db
    .select({ trainingId: trainings.id, name: trainings.name, eventDate: trainings.eventDate })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(trainings.courseId, courseId),
        eq(enrollments.userTypeId, USER_TYPE.attendee),
        eq(enrollments.status, STEP_STATUS.completed),
      ),
    )
    .orderBy(asc(trainings.eventDate))
    .limit(1);
  return row;
}

/** A record of the older system for the course by one of its codes (data transfer), or undefined. */
export async function findLegacyRecord(
  db: Executor,
  input: { courseId: number; attendanceCode?: string; certificateCode?: string },
) {
  const byCode = input.attendanceCode
    ? eq(legacyCertificates.attendanceCode, input.attendanceCode)
    : eq(legacyCertificates.certificateCode, input.certificateCode ?? '');
  const [row] = await db
    .select()
    .from(legacyCertificates)
    .where(and(eq(legacyCertificates.courseId, input.courseId), byCode));
  return row;
}

/** The member's approved assistant sessions of the basic course that reached the final status. */
export function findAssistantSessions(db: Executor, userId: number) {
  return db
    .select({ trainingId: trainings.id, name: trainings.name, eventDate: trainings.eventDate })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.userTypeId, USER_TYPE.assistant),
        isNotNull(enrollments.assistantApprovedAt),
        eq(enrollments.status, STEP_STATUS.completed),
        eq(courses.certificatePrefix, BASIC_COURSE_PREFIX),
      ),
    )
    .orderBy(asc(trainings.eventDate));
}

const OPEN = [0, 1, 2, 3];

/** The member's open (0–3) instructor request of the course, or undefined. */
export async function findOpenRequest(db: Executor, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(certificateRequests)
    .where(
      and(
        eq(certificateRequests.userId, userId),
        eq(certificateRequests.courseId, courseId),
        eq(certificateRequests.certificateType, INSTRUCTOR_REQUEST_CERTIFICATE_TYPE),
        inArray(certificateRequests.status, OPEN),
      ),
    );
  return row;
}

/**
 * Creates the member's request unless an open one exists (the partial unique index decides: two calls
 * at once make one row); answers the open request either way.
 */
export async function createOrFindRequest(
  db: Executor,
  values: {
    userId: number;
    courseId: number;
    username: string;
    email: string;
    attendanceCode: string | null;
    certificateCode: string | null;
    now: Date;
  },
): Promise<RequestRow> {
  const { now, ...rest } = values;
  await db
    .insert(certificateRequests)
    .values({
      ...rest,
      certificateType: INSTRUCTOR_REQUEST_CERTIFICATE_TYPE,
      status: INSTRUCTOR_REQUEST_STATUS.created,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({
      target: [certificateRequests.userId, certificateRequests.courseId],
      where: sql`${certificateRequests.certificateType} = 2 and ${certificateRequests.status} in (0, 1, 2, 3)`,
    });
  const row = await findOpenRequest(db, values.userId, values.courseId);
  if (!row) throw new Error('instructor request neither created nor found');
  return row;
}

/** The member's own instructor request by id (another member's: undefined, as a missing one). */
/** The instructor request with this id (of this member when a member is given). */
const instructorRequest = (id: number, userId?: number) =>
  and(
    eq(certificateRequests.id, id),
    userId === undefined ? undefined : eq(certificateRequests.userId, userId),
    eq(certificateRequests.certificateType, INSTRUCTOR_REQUEST_CERTIFICATE_TYPE),
  );

export async function findOwnRequest(db: Executor, userId: number, id: number) {
  const [row] = await db.select().from(certificateRequests).where(instructorRequest(id, userId));
  return row;
}

export async function findRequest(db: Executor, id: number) {
  const [row] = await db.select().from(certificateRequests).where(instructorRequest(id));
  return row;
}

/** Locks the request row for a decision (approve, reject) in the caller's transaction. */
export async function lockRequest(tx: Executor, id: number) {
  const [row] = await tx.select().from(certificateRequests).where(instructorRequest(id)).for('update');
  return row;
}

/** Stores the application form's fields on an open request. */
export async function saveApplication(
  db: Executor,
  input: { id: number; username: string; email: string; meta: string; now: Date },
) {
  await db
    .update(certificateRequests)
    .set({ username: input.username, email: input.email, meta: input.meta, updatedAt: input.now })
    .where(and(eq(certificateRequests.id, input.id), inArray(certificateRequests.status, [0, 1, 2])));
}

/** 0 → 1 with the signed pledge, once (compare-and-set); answers whether this call signed it. */
export async function signPledge(
  tx: Executor,
  input: { id: number; variant: PledgeVariant; now: Date },
): Promise<boolean> {
  const moved = await tx
    .update(certificateRequests)
    .set({ status: INSTRUCTOR_REQUEST_STATUS.pledged, pledgeVariant: input.variant, updatedAt: input.now })
    .where(
      and(
        eq(certificateRequests.id, input.id),
        eq(certificateRequests.status, INSTRUCTOR_REQUEST_STATUS.created),
      ),
    )
    .returning({ id: certificateRequests.id });
  if (moved.length === 0) return false;
  await tx
    .insert(instructorRequestDocuments)
    .values({ requestId: input.id, kind: DOCUMENT_KIND.pledge, agreedAt: input.now, createdAt: input.now })
    .onConflictDoNothing();
  return true;
}

/** Records the recommendation letter's delivery once (the unique (request, kind) keeps the first). */
export async function recordRecommendation(tx: Executor, input: { id: number; now: Date }) {
  await tx
    .insert(instructorRequestDocuments)
    .values({
      requestId: input.id,
      kind: DOCUMENT_KIND.recommendation,
      agreedAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

export function findDocuments(db: Executor, requestId: number) {
  return db
    .select()
    .from(instructorRequestDocuments)
    .where(eq(instructorRequestDocuments.requestId, requestId));
}

export async function findCertificate(db: Executor, id: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

/** 2 → 3 with the certificate (compare-and-set); answers whether this call approved it. */
export async function markApproved(
  tx: Executor,
  input: { id: number; certificateId: number; actor: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(certificateRequests)
    .set({
      status: INSTRUCTOR_REQUEST_STATUS.approved,
      certificateId: input.certificateId,
      decidedAt: input.now,
      decidedBy: input.actor,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(certificateRequests.id, input.id),
        eq(certificateRequests.status, INSTRUCTOR_REQUEST_STATUS.processing),
      ),
    )
    .returning({ id: certificateRequests.id });
  return rows.length > 0;
}

/** 0–2 → 4 with the reason (compare-and-set); answers whether this call rejected it. */
export async function markRejected(
  tx: Executor,
  input: { id: number; reason: string; actor: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(certificateRequests)
    .set({
      status: INSTRUCTOR_REQUEST_STATUS.rejected,
      decisionReason: input.reason,
      decidedAt: input.now,
      decidedBy: input.actor,
      updatedAt: input.now,
    })
    .where(and(eq(certificateRequests.id, input.id), inArray(certificateRequests.status, [0, 1, 2])))
    .returning({ id: certificateRequests.id });
  return rows.length > 0;
}

export async function writeAudit(
  tx: Executor,
  input: { actor: number; action: string; requestId: number; data: Record<string, unknown>; now: Date },
) {
  await tx.insert(auditEvents).values({
    actorUserId: input.actor,
    action: input.action,
    entity: 'certificate_request',
    entityId: input.requestId,
    data: input.data,
    createdAt: input.now,
  });
}

/** The office's list: awaiting review (2) first, then newest; optionally one status. */
export async function listRequests(db: Executor, input: { status?: number; page: number; limit: number }) {
  const where = and(
    eq(certificateRequests.certificateType, INSTRUCTOR_REQUEST_CERTIFICATE_TYPE),
    input.status === undefined ? undefined : eq(certificateRequests.status, input.status),
  );
  const [total] = await db.select({ n: count() }).from(certificateRequests).where(where);
  const rows = await db
    .select({ request: certificateRequests, user: users, courseName: courses.name })
    .from(certificateRequests)
    .innerJoin(users, eq(users.id, certificateRequests.userId))
    .innerJoin(courses, eq(courses.id, certificateRequests.courseId))
    .where(where)
    .orderBy(
      sql`case when ${certificateRequests.status} = 2 then 0 else 1 end`,
      desc(certificateRequests.updatedAt),
      desc(certificateRequests.id),
    )
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return { rows, total: total?.n ?? 0 };
}

/** Which of these requests have a complete order and a recommendation recorded. */
export async function findListFacts(db: Executor, ids: number[]) {
  if (ids.length === 0) return { paid: new Set<number>(), recommended: new Set<number>() };
  const paid = await db
    .select({ id: orders.requestId })
    .from(orders)
    .where(
      and(
        inArray(orders.requestId, ids),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.status, ORDER_STATUS.complete),
      ),
    );
  const recommended = await db
    .select({ id: instructorRequestDocuments.requestId })
    .from(instructorRequestDocuments)
    .where(
      and(
        inArray(instructorRequestDocuments.requestId, ids),
        eq(instructorRequestDocuments.kind, DOCUMENT_KIND.recommendation),
      ),
    );
  return {
    paid: new Set(paid.map((r) => r.id ?? 0)),
    recommended: new Set(recommended.map((r) => r.id)),
  };
}
