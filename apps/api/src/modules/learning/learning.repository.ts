import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  lessons,
  lessonViews,
  quizAnswers,
  quizQuestionMetas,
  quizQuestions,
  quizzes,
} from '../../db/schema.ts';

export type Range = [number, number];

/** A course's lessons of a kind (the session's pre-videos, the renewal's videos), not hidden by the office, in order. */
export function findLessons(db: Executor, courseId: number, kind: 'pre' | 'renewal') {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.kind, kind), isNull(lessons.archivedAt)))
    .orderBy(asc(lessons.sortOrder), asc(lessons.id));
}

export const findPreLessons = (db: Executor, courseId: number) => findLessons(db, courseId, 'pre');
export type LessonRow = Awaited<ReturnType<typeof findPreLessons>>[number];

/**
 * What a watch record belongs to: a session enrolment, or a certificate request (the renewal's videos,
 * decision 034); each has its own partial unique index with the lesson.
 */
export type ViewKey = { enrollmentId: number } | { requestId: number };

const viewOf = (key: ViewKey) =>
  'enrollmentId' in key
    ? eq(lessonViews.enrollmentId, key.enrollmentId)
    : eq(lessonViews.requestId, key.requestId);

export function findViews(db: Executor, key: ViewKey) {
  return db.select().from(lessonViews).where(viewOf(key));
}
export type ViewRow = Awaited<ReturnType<typeof findViews>>[number];

/** The member's watch records of these lessons in any of their enrolments (the pre-video histories). */
export function findMemberViews(db: Executor, userId: number, lessonIds: readonly number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lessonViews.id,
      lessonId: lessonViews.lessonId,
      enrollmentId: lessonViews.enrollmentId,
      watchedSeconds: lessonViews.watchedSeconds,
      position: lessonViews.position,
      seenAt: lessonViews.seenAt,
      updatedAt: lessonViews.updatedAt,
    })
    .from(lessonViews)
    .where(
      and(
        eq(lessonViews.userId, userId),
        inArray(lessonViews.lessonId, [...lessonIds]),
        isNotNull(lessonViews.enrollmentId),
      ),
    )
    .orderBy(asc(lessonViews.lessonId), asc(lessonViews.id));
}
export type MemberViewRow = Awaited<ReturnType<typeof findMemberViews>>[number];

/**
 * The watch record of a lesson, locked for the transaction; created empty when missing (then
 * `created` is true: a first report is credited only the slack, there is no previous report).
 */
export async function lockView(
  tx: Executor,
  input: { userId: number; lessonId: number } & ViewKey,
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
    .where(and(viewOf(input), eq(lessonViews.lessonId, input.lessonId)))
    .for('update');
  if (!view) throw new Error('lesson view not created');
  return { view, created: inserted.length > 0 };
}

export async function saveView(
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

export async function countSeen(tx: Executor, key: ViewKey, lessonIds: number[]): Promise<number> {
  if (lessonIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(lessonViews)
    .where(and(viewOf(key), inArray(lessonViews.lessonId, lessonIds), isNotNull(lessonViews.seenAt)));
  return Number(row?.n ?? 0);
}

/**
 * A course's test of a kind with its questions (and their metas) in order: the CURRENT version (the
 * questions not retired, version_to null; decision 036) unless `version` asks for an earlier one (the
 * questions that version had). Every reader of a test's questions goes through here.
 */
export async function findQuiz(
  db: Executor,
  courseId: number,
  kind: 'pre' | 'post' | 'renewal',
  options: { version?: number | undefined; lock?: boolean } = {},
) {
  const base = db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, kind)));
  const [quiz] = options.lock ? await base.for('update') : await base;
  if (!quiz) return undefined;
  const v = options.version;
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(
      and(
        eq(quizQuestions.quizId, quiz.id),
        v === undefined
          ? isNull(quizQuestions.versionTo)
          : and(
              lte(quizQuestions.versionFrom, v),
              or(isNull(quizQuestions.versionTo), gt(quizQuestions.versionTo, v)),
            ),
      ),
    )
    .orderBy(asc(quizQuestions.sortOrder), asc(quizQuestions.id));
  const metas = questions.length
    ? await db
        .select()
        .from(quizQuestionMetas)
        .where(
          inArray(
            quizQuestionMetas.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizQuestionMetas.sortOrder), asc(quizQuestionMetas.id))
    : [];
  return {
    quiz,
    questions: questions.map((q) => ({ ...q, metas: metas.filter((m) => m.questionId === q.id) })),
  };
}
export type QuizData = NonNullable<Awaited<ReturnType<typeof findQuiz>>>;
export type QuestionData = QuizData['questions'][number];

/**
 * The version of a test an enrolment answered: the newest version any of its answered questions
 * belongs to (a version keeps the unchanged questions of the one before), or undefined if none.
 */
export async function answeredVersion(db: Executor, enrollmentId: number, quizId: number) {
  const [row] = await db
    .select({ v: max(quizQuestions.versionFrom) })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(and(eq(quizAnswers.enrollmentId, enrollmentId), eq(quizQuestions.quizId, quizId)));
  return row?.v ?? undefined;
}

export function findAnswers(db: Executor, enrollmentId: number, questionIds: number[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.enrollmentId, enrollmentId), inArray(quizAnswers.questionId, questionIds)));
}
export type AnswerRow = Awaited<ReturnType<typeof findAnswers>>[number];

/** Writes the latest answer (one row per enrolment and question; attempts counted). */
export async function upsertAnswer(
  tx: Executor,
  values: { questionId: number; userId: number; enrollmentId: number; answer: string[]; isCorrect: boolean },
  now: Date,
) {
  await tx
    .insert(quizAnswers)
    .values({ ...values, attempts: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [quizAnswers.enrollmentId, quizAnswers.questionId],
      targetWhere: sql`${quizAnswers.enrollmentId} is not null`,
      set: {
        answer: values.answer,
        isCorrect: values.isCorrect,
        attempts: sql`${quizAnswers.attempts} + 1`,
        updatedAt: now,
      },
    });
}
