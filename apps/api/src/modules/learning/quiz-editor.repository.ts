/**
 * The queries of the office's test editor (decision 036): a question row is inserted, retired
 * (version_to set) or given a new position, never changed in what a member answered, never deleted.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { answeredQuestionFacts } from '../../db/answer-facts.ts';
import type { Executor } from '../../db/client.ts';
import { courses, quizAnswers, quizQuestionMetas, quizQuestions, quizzes } from '../../db/schema.ts';

export async function findCourseName(db: Executor, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** The course's test of a kind, created (version 1, no question) when missing; locked for the transaction. */
export async function ensureQuiz(
  tx: Executor,
  values: { courseId: number; kind: 'pre' | 'post' | 'renewal'; title: string },
) {
  const inserted = await tx
    .insert(quizzes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: quizzes.id });
  const [quiz] = await tx
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.courseId, values.courseId), eq(quizzes.kind, values.kind)))
    .for('update');
  if (!quiz) throw new Error('quiz not created');
  return { quiz, created: inserted.length > 0 };
}

export async function updateQuiz(tx: Executor, id: number, values: { title: string; version: number }) {
  await tx.update(quizzes).set(values).where(eq(quizzes.id, id));
}

/** Retires current questions: the version given is the first without them. */
export async function retireQuestions(tx: Executor, ids: readonly number[], version: number) {
  if (ids.length === 0) return;
  await tx
    .update(quizQuestions)
    .set({ versionTo: version })
    .where(and(inArray(quizQuestions.id, [...ids]), isNull(quizQuestions.versionTo)));
}

export async function insertQuestion(
  tx: Executor,
  values: {
    quizId: number;
    title: string;
    description: string;
    inputType: number;
    sortOrder: number;
    versionFrom: number;
    metas: ReadonlyArray<{ value: string; label: string; isCorrect: boolean }>;
  },
) {
  const { metas, ...question } = values;
  const [row] = await tx.insert(quizQuestions).values(question).returning({ id: quizQuestions.id });
  if (!row) throw new Error('question not inserted');
  if (metas.length)
    await tx
      .insert(quizQuestionMetas)
      .values(metas.map((m, i) => ({ ...m, questionId: row.id, sortOrder: i + 1 })));
  return row.id;
}

/** The display order of a kept question (and of its choices, by value), which no answer depends on. */
export async function reorderQuestion(
  tx: Executor,
  id: number,
  order: { sortOrder: number; metaValues?: readonly string[] | undefined },
) {
  await tx.update(quizQuestions).set({ sortOrder: order.sortOrder }).where(eq(quizQuestions.id, id));
  for (const [i, value] of (order.metaValues ?? []).entries())
    await tx
      .update(quizQuestionMetas)
      .set({ sortOrder: i + 1 })
      .where(and(eq(quizQuestionMetas.questionId, id), eq(quizQuestionMetas.value, value)));
}

/** Which of these questions someone has answered, and how many members answered any of them. */
export function answerFacts(db: Executor, questionIds: readonly number[]) {
  return answeredQuestionFacts(
    db,
    { table: quizAnswers, question: quizAnswers.questionId, respondent: quizAnswers.userId },
    questionIds,
  );
}
