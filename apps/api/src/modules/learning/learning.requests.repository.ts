/**
 * The queries of the learning steps taken within a certificate request rather than an enrolment (the
 * renewal's videos and test, decision 034): lessons and tests of kind 'renewal', watch records and answers
 * keyed by request_id (the partial unique indexes lesson_views_request_uq and quiz_answers_request_uq; the
 * watch records' queries are learning.repository.ts's, given the request as their key).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { quizAnswers } from '../../db/schema.ts';
import { findLessons } from './learning.repository.ts';

/** The renewal videos of a course (lessons of kind 'renewal', not hidden by the office), in order. */
export const findRenewalLessons = (db: Executor, courseId: number) => findLessons(db, courseId, 'renewal');

export function findRequestAnswers(db: Executor, requestId: number, questionIds: number[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.requestId, requestId), inArray(quizAnswers.questionId, questionIds)));
}

/** Writes the latest answer of a request's question (one row per request and question; attempts counted). */
export async function upsertRequestAnswer(
  tx: Executor,
  values: { questionId: number; userId: number; requestId: number; answer: string[]; isCorrect: boolean },
  now: Date,
) {
  const [row] = await tx
    .insert(quizAnswers)
    .values({ ...values, attempts: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [quizAnswers.requestId, quizAnswers.questionId],
      targetWhere: sql`${quizAnswers.requestId} is not null`,
      // Only a wrong answer is replaced: a correct one stays (answered again until correct, then done).
      setWhere: sql`${quizAnswers.isCorrect} = false`,
      set: {
        answer: values.answer,
        isCorrect: values.isCorrect,
        attempts: sql`${quizAnswers.attempts} + 1`,
        updatedAt: now,
      },
    })
    .returning({ id: quizAnswers.id });
  return row !== undefined;
}
