import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents, certificateCounters, certificates, courses, trainings } from '../../db/schema.ts';

export type CertificateRow = typeof certificates.$inferSelect;

export async function findByEnrollment(db: Executor, enrollmentId: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.enrollmentId, enrollmentId));
  return row;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function findByCode(db: Executor, code: string) {
  const [row] = await db
    .select({ certificate: certificates, courseName: courses.name })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.verificationCode, code));
  return row;
}

/** What the PDF shows beyond the certificate row: the course and the session. */
export async function findPrintData(db: Executor, certificateId: number) {
  const [row] = await db
    .select({
      certificate: certificates,
      courseName: courses.name,
      sessionName: trainings.name,
      eventDate: trainings.eventDate,
      venue: trainings.venue,
      venueName: trainings.venueName,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(trainings, eq(trainings.id, certificates.trainingId))
    .where(eq(certificates.id, certificateId));
  return row;
}

/** The next number of a prefix, atomically (one upsert; concurrent callers get distinct numbers). */
export async function nextNumber(tx: Executor, prefix: string): Promise<number> {
  const [row] = await tx
    .insert(certificateCounters)
    .values({ prefix, lastNumber: 1 })
    .onConflictDoUpdate({
      target: certificateCounters.prefix,
      set: { lastNumber: sql`${certificateCounters.lastNumber} + 1` },
    })
    .returning({ n: certificateCounters.lastNumber });
  if (!row) throw new Error('certificate counter not advanced');
  return row.n;
}

export async function insertCertificate(tx: Executor, values: typeof certificates.$inferInsert) {
  const [row] = await tx.insert(certificates).values(values).returning();
  if (!row) throw new Error('certificate not inserted');
  return row;
}

export async function revoke(tx: Executor, id: number, now: Date) {
  const [row] = await tx
    .update(certificates)
    .set({ revokedAt: now })
    .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
    .returning();
  return row;
}

/** A certificate with its course's prefix, locked for the transaction (the renewal's issue). */
export async function lockCertificateWithPrefix(tx: Executor, id: number) {
  const [row] = await tx
    .select({ certificate: certificates, prefix: courses.certificatePrefix })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, id))
    .for('update', { of: certificates });
  return row ? { ...row.certificate, prefix: row.prefix } : undefined;
}

/** The renewed certificate continuing this one (one at most: certificates_extended_from_uq). */
export async function findExtensionOf(db: Executor, id: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.extendedFromId, id));
  return row;
}

/** Marks a certificate renewed, once: false when it is already renewed or revoked. */
export async function markExtended(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(certificates)
    .set({ isExtended: true })
    .where(
      and(
        eq(certificates.id, id),
        eq(certificates.isExtended, false),
        sql`${certificates.revokedAt} is null`,
      ),
    )
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** The certification period (years) of the active renewal course, the first by sort order; null if none. */
export async function findRenewalPeriod(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ period: courses.certificationPeriod })
    .from(courses)
    .where(and(eq(courses.isRenewal, true), eq(courses.isActive, true)))
    .orderBy(asc(courses.sortOrder), asc(courses.id))
    .limit(1);
  return row?.period ?? null;
}

export async function audit(
  tx: Executor,
  values: { actorUserId: number | null; action: string; entity: string; entityId: number; data?: unknown },
  now: Date,
) {
  await tx.insert(auditEvents).values({ ...values, data: values.data ?? {}, createdAt: now });
}

/** The course's certification_period in years (null: the certificate does not expire). */
export async function findCertificationPeriod(db: Executor, courseId: number): Promise<number | null> {
  const [row] = await db
    .select({ period: courses.certificationPeriod })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.period ?? null;
}

/** The session's date (YYYY-MM-DD), the earliest day its certificates may carry. */
export async function findSessionDate(db: Executor, trainingId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ eventDate: trainings.eventDate })
    .from(trainings)
    .where(eq(trainings.id, trainingId));
  return row?.eventDate;
}
