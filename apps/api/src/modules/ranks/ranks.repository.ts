import {
  ATTENDED_STATUSES,
  CANDIDATE_STATUSES,
  RANK_UP_STATUS,
  type RankUpStatus,
  USER_TYPE,
} from '@mels/domain';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  courses,
  enrollments,
  rankUpRequests,
  ranks,
  trainings,
  userRanks,
  users,
} from '../../db/schema.ts';

/** Every rank, lowest level first. */
export function findRanks(db: Executor) {
  return db
    .select({ id: ranks.id, shortName: ranks.shortName, name: ranks.name, level: ranks.level })
    .from(ranks)
    .orderBy(ranks.level);
}

export async function findRankByLevel(db: Executor, level: number) {
  const [row] = await db
    .select({ id: ranks.id, shortName: ranks.shortName, name: ranks.name, level: ranks.level })
    .from(ranks)
    .where(eq(ranks.level, level));
  return row;
}

/** The ranks the user holds, with the day each was granted, highest level first. */
export function findHeldRanks(db: Executor, userId: number) {
  return db
    .select({
      id: ranks.id,
      shortName: ranks.shortName,
      name: ranks.name,
      level: ranks.level,
      grantedAt: userRanks.grantedAt,
    })
    .from(userRanks)
    .innerJoin(ranks, eq(ranks.id, userRanks.rankId))
    .where(eq(userRanks.userId, userId))
    .orderBy(desc(ranks.level));
}

/**
 * Records that the user holds the rank (idempotent: the primary key (user, rank) keeps one row; a second
 * grant changes nothing and answers false).
 */
export async function insertUserRank(
  db: Executor,
  input: { userId: number; rankId: number; grantedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(userRanks)
    .values(input)
    .onConflictDoNothing({ target: [userRanks.userId, userRanks.rankId] })
    .returning({ userId: userRanks.userId });
  return rows.length > 0;
}

export async function holdsRank(db: Executor, userId: number, rankId: number) {
  const [row] = await db
    .select({ userId: userRanks.userId })
    .from(userRanks)
    .where(and(eq(userRanks.userId, userId), eq(userRanks.rankId, rankId)));
  return row !== undefined;
}

// ───────────────────────────── rank-up requests (decision 030) ─────────────────────────────

const fromRanks = alias(ranks, 'from_ranks');

const requestColumns = {
  id: rankUpRequests.id,
  userId: rankUpRequests.userId,
  status: rankUpRequests.status,
  reason: rankUpRequests.reason,
  createdAt: rankUpRequests.createdAt,
  decidedAt: rankUpRequests.decidedAt,
  toLevel: ranks.level,
  toShortName: ranks.shortName,
  toName: ranks.name,
  fromLevel: fromRanks.level,
  fromShortName: fromRanks.shortName,
  fromName: fromRanks.name,
  trainingId: trainings.id,
  trainingName: trainings.name,
  eventDate: trainings.eventDate,
  venueName: trainings.venueName,
  courseName: courses.name,
};

function requestQuery(db: Executor) {
  return db
    .select(requestColumns)
    .from(rankUpRequests)
    .innerJoin(ranks, eq(ranks.id, rankUpRequests.toRankId))
    .leftJoin(fromRanks, eq(fromRanks.id, rankUpRequests.fromRankId))
    .leftJoin(trainings, eq(trainings.id, rankUpRequests.trainingId))
    .leftJoin(courses, eq(courses.id, trainings.courseId));
}
export type RankUpRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

/** The user's requests, newest first. */
export function findUserRequests(db: Executor, userId: number) {
  return requestQuery(db).where(eq(rankUpRequests.userId, userId)).orderBy(desc(rankUpRequests.id));
}

/** One request; with `userId`, only when it is that user's (another member's is as unknown). */
export async function findRequest(db: Executor, id: number, userId?: number) {
  const [row] = await requestQuery(db).where(
    and(eq(rankUpRequests.id, id), userId === undefined ? undefined : eq(rankUpRequests.userId, userId)),
  );
  return row;
}

/** Every request for the office: open ones first (oldest first), then decided ones, newest first. */
export function findRequestsForOffice(db: Executor, limit: number) {
  return db
    .select({
      ...requestColumns,
      lastName: users.lastName,
      firstName: users.firstName,
      email: users.email,
      grantedAt: sql<Date | string | null>`(
        select ur.granted_at from user_ranks ur
        where ur.user_id = ${rankUpRequests.userId} and ur.rank_id = ${rankUpRequests.fromRankId}
      )`,
    })
    .from(rankUpRequests)
    .innerJoin(users, eq(users.id, rankUpRequests.userId))
    .innerJoin(ranks, eq(ranks.id, rankUpRequests.toRankId))
    .leftJoin(fromRanks, eq(fromRanks.id, rankUpRequests.fromRankId))
    .leftJoin(trainings, eq(trainings.id, rankUpRequests.trainingId))
    .leftJoin(courses, eq(courses.id, trainings.courseId))
    .orderBy(
      sql`case when ${rankUpRequests.status} in (${RANK_UP_STATUS.choosingSession}, ${RANK_UP_STATUS.sessionChosen}) then 0 else 1 end`,
      sql`case when ${rankUpRequests.status} in (${RANK_UP_STATUS.choosingSession}, ${RANK_UP_STATUS.sessionChosen}) then ${rankUpRequests.id} else -${rankUpRequests.id} end`,
    )
    .limit(limit);
}

/**
 * Records a new request at status 0. The partial unique index (one open request per user) refuses a
 * second one, also when two arrive at once: answers undefined then.
 */
export async function insertRequest(
  db: Executor,
  input: { userId: number; fromRankId: number; toRankId: number; now: Date },
) {
  const rows = await db
    .insert(rankUpRequests)
    .values({
      userId: input.userId,
      fromRankId: input.fromRankId,
      toRankId: input.toRankId,
      status: RANK_UP_STATUS.choosingSession,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({
      target: rankUpRequests.userId,
      where: sql`${rankUpRequests.status} in (0, 1)`,
    })
    .returning({ id: rankUpRequests.id });
  return rows[0]?.id;
}

/** Status 0 → 1 with the session, only from 0 and only for its owner (a conditional UPDATE). */
export async function chooseSession(
  db: Executor,
  input: { id: number; userId: number; trainingId: number; now: Date },
) {
  const rows = await db
    .update(rankUpRequests)
    .set({ status: RANK_UP_STATUS.sessionChosen, trainingId: input.trainingId, updatedAt: input.now })
    .where(
      and(
        eq(rankUpRequests.id, input.id),
        eq(rankUpRequests.userId, input.userId),
        eq(rankUpRequests.status, RANK_UP_STATUS.choosingSession),
      ),
    )
    .returning({ id: rankUpRequests.id });
  return rows.length > 0;
}

/** The office's decision, only from the given statuses (a conditional UPDATE: a second decision changes nothing). */
export async function decideRequest(
  db: Executor,
  input: {
    id: number;
    from: readonly RankUpStatus[];
    to: RankUpStatus;
    reason: string | null;
    actor: number;
    now: Date;
  },
) {
  const [row] = await db
    .update(rankUpRequests)
    .set({
      status: input.to,
      reason: input.reason,
      decidedAt: input.now,
      decidedBy: input.actor,
      updatedAt: input.now,
    })
    .where(and(eq(rankUpRequests.id, input.id), inArray(rankUpRequests.status, [...input.from])))
    .returning({ userId: rankUpRequests.userId, toRankId: rankUpRequests.toRankId });
  return row;
}

export async function requestExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: rankUpRequests.id })
    .from(rankUpRequests)
    .where(eq(rankUpRequests.id, id));
  return row !== undefined;
}

/** The days of the sessions the user taught as instructor with attendance confirmed (checked in and after). */
export async function findTaughtDays(db: Executor, userId: number) {
  const rows = await db
    .select({ day: trainings.eventDate })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.userTypeId, USER_TYPE.instructor),
        inArray(enrollments.status, [...ATTENDED_STATUSES]),
      ),
    );
  return rows.map((r) => r.day);
}

/**
 * The sessions, today or later and not cancelled, that the user takes part in or has applied to as the
 * user type (applying, awaiting the lottery, won, awaiting payment, attending): the evaluation candidates.
 */
export function findCandidateSessions(
  db: Executor,
  input: { userId: number; userTypeId: number; today: string },
) {
  return db
    .select({
      id: trainings.id,
      name: trainings.name,
      eventDate: trainings.eventDate,
      venueName: trainings.venueName,
      courseName: courses.name,
      status: enrollments.status,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(
      and(
        eq(enrollments.userId, input.userId),
        eq(enrollments.userTypeId, input.userTypeId),
        inArray(enrollments.status, [...CANDIDATE_STATUSES]),
        eq(trainings.isActive, true),
        gte(trainings.eventDate, input.today),
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.id));
}

/** The office's audit row of a decision. */
export async function insertAudit(
  db: Executor,
  values: { actorUserId: number; action: string; entity: string; entityId: number; data: unknown },
  now: Date,
) {
  await db.insert(auditEvents).values({ ...values, createdAt: now });
}
