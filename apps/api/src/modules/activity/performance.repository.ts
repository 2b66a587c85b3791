import { ATTENDED_STATUSES, USER_TYPE } from '@mels/domain';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  enrollments,
  performanceCertificates,
  trainings,
  userTypes,
  users,
} from '../../db/schema.ts';

/** The roles a performance certificate is issued for: instructor, assistant, observer. */
export const PERFORMANCE_USER_TYPES = [USER_TYPE.instructor, USER_TYPE.assistant, USER_TYPE.observer];

const attended = sql<boolean>`${enrollments.status} in (${sql.join(
  ATTENDED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** The user's enrolments as instructor, assistant or observer in sessions up to today, newest first. */
export function findPerformanceTrainings(db: Executor, input: { userId: number; today: string }) {
  return db
    .select({
      id: trainings.id,
      name: trainings.name,
      eventDate: trainings.eventDate,
      venueName: trainings.venueName,
      courseName: courses.name,
      userTypeId: userTypes.id,
      userTypeName: userTypes.type,
      attended,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .where(
      and(
        eq(enrollments.userId, input.userId),
        inArray(enrollments.userTypeId, PERFORMANCE_USER_TYPES),
        lte(trainings.eventDate, input.today),
      ),
    )
    .orderBy(desc(trainings.eventDate), desc(trainings.id), enrollments.userTypeId);
}

/** What the certificates print, for the user's attended enrolments among the sessions asked. */
export function findPerformancePrintRows(db: Executor, input: { userId: number; trainingIds: number[] }) {
  return db
    .select({
      trainingId: trainings.id,
      trainingName: trainings.name,
      eventDate: trainings.eventDate,
      startTime: trainings.eventStartTime,
      endTime: trainings.eventEndTime,
      venue: trainings.venue,
      venueName: trainings.venueName,
      courseName: courses.name,
      userTypeId: userTypes.id,
      userTypeName: userTypes.type,
      lastName: users.lastName,
      firstName: users.firstName,
      lastNameAlpha: users.lastNameAlpha,
      firstNameAlpha: users.firstNameAlpha,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .where(
      and(
        eq(enrollments.userId, input.userId),
        inArray(enrollments.trainingId, input.trainingIds),
        inArray(enrollments.userTypeId, PERFORMANCE_USER_TYPES),
        attended,
      ),
    );
}
export type PerformancePrintRow = Awaited<ReturnType<typeof findPerformancePrintRows>>[number];

/**
 * The verification code of (user, session, role): the one already issued, or `fresh` recorded now. The
 * unique index keeps one per triple, also when two downloads run at once (the loser reads the winner's).
 */
export async function verificationCodeFor(
  db: Executor,
  input: { userId: number; trainingId: number; userTypeId: number; fresh: string; now: Date },
): Promise<string> {
  await db
    .insert(performanceCertificates)
    .values({
      userId: input.userId,
      trainingId: input.trainingId,
      userTypeId: input.userTypeId,
      verificationCode: input.fresh,
      createdAt: input.now,
    })
    .onConflictDoNothing({
      target: [
        performanceCertificates.userId,
        performanceCertificates.trainingId,
        performanceCertificates.userTypeId,
      ],
    });
  const [row] = await db
    .select({ code: performanceCertificates.verificationCode })
    .from(performanceCertificates)
    .where(
      and(
        eq(performanceCertificates.userId, input.userId),
        eq(performanceCertificates.trainingId, input.trainingId),
        eq(performanceCertificates.userTypeId, input.userTypeId),
      ),
    );
  if (!row) throw new Error('performance certificate code not recorded');
  return row.code;
}

/** A performance certificate by its verification code, with what the public check shows. */
export async function findPerformanceByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      lastName: users.lastName,
      firstName: users.firstName,
      trainingName: trainings.name,
      courseName: courses.name,
      role: userTypes.type,
      eventDate: trainings.eventDate,
      createdAt: performanceCertificates.createdAt,
    })
    .from(performanceCertificates)
    .innerJoin(users, eq(users.id, performanceCertificates.userId))
    .innerJoin(trainings, eq(trainings.id, performanceCertificates.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(userTypes, eq(userTypes.id, performanceCertificates.userTypeId))
    .where(eq(performanceCertificates.verificationCode, code));
  return row;
}
