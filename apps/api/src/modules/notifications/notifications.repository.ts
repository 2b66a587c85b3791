import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  certificates,
  courses,
  enrollments,
  orderItems,
  orders,
  trainings,
  trainingUserTypes,
  users,
} from '../../db/schema.ts';
import type { MailReader } from '../../lib/mail-templates/words.ts';

/** The member a mail is for, in their language; null when the account is gone or inactive. */
export async function findReader(db: Executor, userId: number): Promise<MailReader | null> {
  const [row] = await db
    .select({
      email: users.email,
      lastName: users.lastName,
      firstName: users.firstName,
      lastNameAlpha: users.lastNameAlpha,
      firstNameAlpha: users.firstNameAlpha,
      language: users.language,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !row.isActive) return null;
  return { ...row, language: row.language === 'en' ? 'en' : 'ja' };
}

/** An enrolment with its session (venue, times, notes) and its recruitment (selection, window). */
export async function findEnrollmentSession(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select({
      enrollmentId: enrollments.id,
      userId: enrollments.userId,
      status: enrollments.status,
      trainingId: enrollments.trainingId,
      userTypeId: enrollments.userTypeId,
      name: trainings.name,
      courseName: courses.name,
      eventDate: trainings.eventDate,
      eventStartTime: trainings.eventStartTime,
      eventEndTime: trainings.eventEndTime,
      venueName: trainings.venueName,
      venue: trainings.venue,
      note: trainings.note,
      isActive: trainings.isActive,
      selection: trainingUserTypes.selection,
      applyEndDate: trainingUserTypes.applyEndDate,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(
      trainingUserTypes,
      and(
        eq(trainingUserTypes.trainingId, enrollments.trainingId),
        eq(trainingUserTypes.userTypeId, enrollments.userTypeId),
      ),
    )
    .where(eq(enrollments.id, enrollmentId));
  return row ?? null;
}

/** An order with the names of what it paid for, and its lines. */
export async function findOrderForMail(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      trainingName: trainings.name,
      courseName: courses.name,
    })
    .from(orders)
    .leftJoin(trainings, eq(trainings.id, orders.trainingId))
    .leftJoin(courses, eq(courses.id, trainings.courseId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select({ name: orderItems.name, quantity: orderItems.quantity, attributes: orderItems.attributes })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...row, lines };
}

/** A certificate with its course and the user type of its enrolment (for the link). */
export async function findCertificateForMail(db: Executor, certificateId: number) {
  const [row] = await db
    .select({
      id: certificates.id,
      userId: certificates.userId,
      number: certificates.certificateNumber,
      trainingId: certificates.trainingId,
      endDate: certificates.endDate,
      revokedAt: certificates.revokedAt,
      courseName: courses.name,
      userTypeId: enrollments.userTypeId,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .where(eq(certificates.id, certificateId));
  return row ?? null;
}

/** The event date of an enrolment's session (to schedule its day-before reminder). */
export async function findEventDate(db: Executor, enrollmentId: number): Promise<string | null> {
  const [row] = await db
    .select({ eventDate: trainings.eventDate })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(eq(enrollments.id, enrollmentId));
  return row?.eventDate ?? null;
}
