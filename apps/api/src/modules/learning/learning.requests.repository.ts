/**
 * The queries of the learning steps taken within a certificate request rather than an enrolment (the
 * renewal's videos and test, decision 034): lessons and tests of kind 'renewal', watch records and answers
 * keyed by request_id (the partial unique indexes lesson_views_request_uq and quiz_answers_request_uq).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessons, lessonViews, quizAnswers } from '../../db/schema.ts';
import type { Range, ViewRow } from './learning.repository.ts';

/** The renewal videos of a course (lessons of kind 'renewal', not hidden by the office), in order. */
export function findRenewalLessons(db: Executor, courseId: number) {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, 'renewal'), isNull(lessons.archivedAt)))
    .orderBy(asc(lessons.sortOrder), asc(lessons.id));
}

export function findRequestViews(db: Executor, requestId: number) {
  return db.select().from(lessonViews).where(eq(lessonViews.requestId, requestId));
}

/** The watch record of a lesson within a request, locked; created empty when missing. */
export async function lockRequestView(
  tx: Executor,
  input: { userId: number; lessonId: number; requestId: number },
  now: Date,
): Promise<{ view: ViewRow; created: boolean }> {
  const inserted = await tx
    .insert(lessonViews)
    .values({ ...input, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: lessonViews.id });
  const [view] = await tx
    .select()
    .from(lessonViews)
    .where(and(eq(lessonViews.requestId, input.requestId), eq(lessonViews.lessonId, input.lessonId)))
    .for('update');
  if (!view) throw new Error('lesson view not created');
  return { view, created: inserted.length > 0 };
}

export async function saveRequestView(
  tx: Executor,
  id: number,
  values: { watchedRanges?: Range[]; watchedSeconds?: number; position?: number; seenAt?: Date },
  now: Date,
) {
  await tx
    .update(lessonViews)
    .set({ ...values, updatedAt: now })
    .where(eq(lessonViews.id, id));
}

export async function countRequestSeen(tx: Executor, requestId: number, lessonIds: number[]) {
  if (lessonIds.length === 0) return 0;
  const rows = await tx
    .select({ id: lessonViews.id })
    .from(lessonViews)
    .where(
      and(
        eq(lessonViews.requestId, requestId),
        inArray(lessonViews.lessonId, lessonIds),
        isNotNull(lessonViews.seenAt),
      ),
    );
  return rows.length;
}

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
