import { STEP_STATUS, USER_TYPE } from '@mels/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enrollments, users } from '../../db/schema.ts';

/** An instructor's enrolment that holds or has used a place (won, awaiting payment, attending and after). */
const DIRECTOR_STATUSES = [
  STEP_STATUS.won,
  STEP_STATUS.awaitingPayment,
  STEP_STATUS.attending,
  STEP_STATUS.postTestNotTaken,
  STEP_STATUS.surveyNotTaken,
  STEP_STATUS.completed,
];

/**
 * The directors of the sessions (get_director=1, decision 030): their instructors (user type 1) holding a
 * place whose highest rank is at least `minLevel`, by session, in kana order.
 */
export async function findSessionDirectors(db: Executor, input: { trainingIds: number[]; minLevel: number }) {
  if (input.trainingIds.length === 0) return [];
  const rows = await db
    .select({
      trainingId: enrollments.trainingId,
      lastName: users.lastName,
      firstName: users.firstName,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      and(
        inArray(enrollments.trainingId, input.trainingIds),
        eq(enrollments.userTypeId, USER_TYPE.instructor),
        inArray(enrollments.status, DIRECTOR_STATUSES),
        sql`(select max(r.level) from user_ranks ur join ranks r on r.id = ur.rank_id
             where ur.user_id = ${enrollments.userId}) >= ${input.minLevel}`,
      ),
    )
    .orderBy(asc(users.lastNameKana), asc(users.id));
  return rows.map((r) => ({ trainingId: r.trainingId, name: `${r.lastName} ${r.firstName}` }));
}
