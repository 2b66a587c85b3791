import { CANCEL_REQUEST_STATUS, STEP_STATUS } from '@mels/domain';
import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  calendarFeeds,
  cancelRequests,
  courses,
  enrollments,
  trainings,
  userTypes,
  users,
} from '../../db/schema.ts';

export async function findFeed(db: Executor, userId: number) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** One feed per member: a new token replaces the old one in the same row (the old URL stops working). */
export async function replaceFeed(db: Executor, options: { userId: number; tokenHash: string; now: Date }) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: options.userId, tokenHash: options.tokenHash, createdAt: options.now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: options.tokenHash, createdAt: options.now },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!;
}

export async function deleteFeed(db: Executor, userId: number) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The active member a feed token belongs to. */
export async function findFeedOwner(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.isActive, true)));
  return row ?? null;
}

const eventColumns = {
  trainingId: trainings.id,
  name: trainings.name,
  courseName: courses.name,
  eventDate: trainings.eventDate,
  eventStartTime: trainings.eventStartTime,
  eventEndTime: trainings.eventEndTime,
  venueName: trainings.venueName,
  venue: trainings.venue,
  isActive: trainings.isActive,
  updatedAt: trainings.updatedAt,
};

/**
 * The member's sessions for the feed: every application that is live (applied, awaiting the lottery,
 * won, paying, attending or done; not lost and not cancelled with the office's approval), with the
 * session's state as it is now (a cancelled session stays, marked cancelled).
 */
export async function memberSessions(db: Executor, userId: number) {
  return db
    .select({
      ...eventColumns,
      userTypeId: enrollments.userTypeId,
      status: enrollments.status,
      role: userTypes.type,
      roleEn: userTypes.typeEn,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .where(
      and(
        eq(enrollments.userId, userId),
        sql`${enrollments.status} >= ${STEP_STATUS.applying}`,
        ne(enrollments.status, STEP_STATUS.lost),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cancelRequests)
            .where(
              and(
                eq(cancelRequests.enrollmentId, enrollments.id),
                eq(cancelRequests.status, CANCEL_REQUEST_STATUS.approved),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.eventStartTime), asc(trainings.id));
}

export async function findSession(db: Executor, trainingId: number) {
  const [row] = await db
    .select(eventColumns)
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    // A draft is not public (decision 031): its .ics is as unknown as its page.
    .where(and(eq(trainings.id, trainingId), eq(trainings.status, 'published')));
  return row ?? null;
}
