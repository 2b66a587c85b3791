/** The queries of the certificate renewal (decision 034): the only place here that reads or writes. */
import {
  ATTENDED_STATUSES,
  RENEWAL_CERTIFICATE_TYPE,
  RENEWAL_STATUS,
  type RenewalStatus,
  USER_TYPE,
} from '@mels/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  certificateRequests,
  certificates,
  courses,
  enrollments,
  trainings,
  users,
} from '../../db/schema.ts';

export type RenewalRow = typeof certificateRequests.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;

/** A certificate with its course's prefix and name. */
export async function findCertificate(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: certificates.id,
      userId: certificates.userId,
      courseId: certificates.courseId,
      courseName: courses.name,
      prefix: courses.certificatePrefix,
      certificateNumber: certificates.certificateNumber,
      startDate: certificates.startDate,
      endDate: certificates.endDate,
      revokedAt: certificates.revokedAt,
      isExtended: certificates.isExtended,
      verificationCode: certificates.verificationCode,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, id));
  return row;
}
export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** The active renewal course (is_renewal), the first by sort order: what a renewal pays for and takes. */
export async function findRenewalCourse(db: Executor) {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.isRenewal, true), eq(courses.isActive, true)))
    .orderBy(asc(courses.sortOrder), asc(courses.id))
    .limit(1);
  return row;
}

export async function findCourse(db: Executor, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

/** The sessions the user taught as instructor with attendance confirmed (checked in and after). */
export function findInstructorActivities(db: Executor, userId: number) {
  return db
    .select({ trainingId: trainings.id, name: trainings.name, eventDate: trainings.eventDate })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.userTypeId, USER_TYPE.instructor),
        inArray(enrollments.status, [...ATTENDED_STATUSES]),
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.id));
}

export async function findUserName(db: Executor, userId: number) {
  const [row] = await db
    .select({ lastName: users.lastName, firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The renewal of a certificate (one per certificate: the partial unique index). */
export async function findRenewalOf(db: Executor, certificateId: number) {
  const [row] = await db
    .select()
    .from(certificateRequests)
    .where(
      and(
        eq(certificateRequests.sourceCertificateId, certificateId),
        eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE),
      ),
    );
  return row;
}

/** The member's own renewal request, or undefined (another member's reads as missing). */
export async function findOwnRenewal(db: Executor, input: { userId: number; id: number }) {
  const [row] = await db
    .select()
    .from(certificateRequests)
    .where(
      and(
        eq(certificateRequests.id, input.id),
        eq(certificateRequests.userId, input.userId),
        eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE),
      ),
    );
  return row;
}

/**
 * Creates the renewal of a certificate unless it exists: two starts at once make one row (the partial
 * unique index on source_certificate_id decides); answers the renewal either way.
 */
export async function createOrFindRenewal(
  db: Executor,
  input: {
    userId: number;
    courseId: number;
    certificateId: number;
    username: string;
    email: string;
    now: Date;
  },
): Promise<RenewalRow> {
  const [created] = await db
    .insert(certificateRequests)
    .values({
      userId: input.userId,
      courseId: input.courseId,
      certificateType: RENEWAL_CERTIFICATE_TYPE,
      status: RENEWAL_STATUS.created,
      username: input.username,
      email: input.email,
      sourceCertificateId: input.certificateId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({
      target: [certificateRequests.sourceCertificateId],
      where: sql`${certificateRequests.certificateType} = 3`,
    })
    .returning();
  if (created) return created;
  const existing = await findRenewalOf(db, input.certificateId);
  if (!existing) throw new Error('renewal neither created nor found');
  return existing;
}

export async function findIssued(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: certificates.id,
      certificateNumber: certificates.certificateNumber,
      startDate: certificates.startDate,
      endDate: certificates.endDate,
      verificationCode: certificates.verificationCode,
    })
    .from(certificates)
    .where(eq(certificates.id, id));
  return row;
}

/** The member's own renewal, locked for the transaction (another member's reads as missing). */
export async function lockOwnRenewal(tx: Executor, input: { userId: number; id: number }) {
  const [row] = await tx
    .select()
    .from(certificateRequests)
    .where(
      and(
        eq(certificateRequests.id, input.id),
        eq(certificateRequests.userId, input.userId),
        eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE),
      ),
    )
    .for('update');
  return row;
}

/**
 * Moves a renewal from one status to the next, once (a conditional update: false when it is no longer at
 * `from`); the complete one (4) records the certificate it issued.
 */
export async function moveRenewal(
  tx: Executor,
  input: { id: number; from: RenewalStatus; to: RenewalStatus; certificateId?: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(certificateRequests)
    .set({
      status: input.to,
      updatedAt: input.now,
      ...(input.certificateId !== undefined ? { certificateId: input.certificateId } : {}),
    })
    .where(
      and(
        eq(certificateRequests.id, input.id),
        eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE),
        eq(certificateRequests.status, input.from),
      ),
    )
    .returning({ id: certificateRequests.id });
  return rows.length > 0;
}
