/**
 * The queries of the office's survey editor (decision 036): as the test editor's, a question row is
 * inserted, retired (version_to) or moved, never changed in what a member answered, never deleted.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { answeredQuestionFacts } from '../../db/answer-facts.ts';
import type { Executor } from '../../db/client.ts';
import { courses, surveyAnswers, surveyQuestionOptions, surveyQuestions, surveys } from '../../db/schema.ts';

export async function findCourseName(db: Executor, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** The course's own survey, created (version 1, no question) when missing; locked for the transaction. */
export async function ensureCourseSurvey(tx: Executor, values: { courseId: number; name: string }) {
  const inserted = await tx
    .insert(surveys)
    .values(values)
    .onConflictDoNothing({ target: surveys.courseId, where: sql`${surveys.courseId} is not null` })
    .returning({ id: surveys.id });
  const [survey] = await tx.select().from(surveys).where(eq(surveys.courseId, values.courseId)).for('update');
  if (!survey) throw new Error('survey not created');
  return { survey, created: inserted.length > 0 };
}

export async function updateSurvey(tx: Executor, id: number, values: { name: string; version: number }) {
  await tx.update(surveys).set(values).where(eq(surveys.id, id));
}

export async function retireSurveyQuestions(tx: Executor, ids: readonly number[], version: number) {
  if (ids.length === 0) return;
  await tx
    .update(surveyQuestions)
    .set({ versionTo: version })
    .where(and(inArray(surveyQuestions.id, [...ids]), isNull(surveyQuestions.versionTo)));
}

export async function insertSurveyQuestion(
  tx: Executor,
  values: {
    surveyId: number;
    title: string;
    kind: string;
    noSub: boolean;
    isRequired: boolean;
    sortOrder: number;
    versionFrom: number;
    options: readonly string[];
  },
) {
  const { options, ...question } = values;
  const [row] = await tx.insert(surveyQuestions).values(question).returning({ id: surveyQuestions.id });
  if (!row) throw new Error('survey question not inserted');
  if (options.length)
    await tx
      .insert(surveyQuestionOptions)
      .values(options.map((value, i) => ({ questionId: row.id, value, sortOrder: i + 1 })));
  return row.id;
}

/** The display order of a kept question (and of its options, by value). */
export async function reorderSurveyQuestion(
  tx: Executor,
  id: number,
  order: { sortOrder: number; optionValues?: readonly string[] | undefined },
) {
  await tx.update(surveyQuestions).set({ sortOrder: order.sortOrder }).where(eq(surveyQuestions.id, id));
  for (const [i, value] of (order.optionValues ?? []).entries())
    await tx
      .update(surveyQuestionOptions)
      .set({ sortOrder: i + 1 })
      .where(and(eq(surveyQuestionOptions.questionId, id), eq(surveyQuestionOptions.value, value)));
}

/** Which of these questions were answered, and by how many responses. */
export function surveyAnswerFacts(db: Executor, questionIds: readonly number[]) {
  return answeredQuestionFacts(
    db,
    { table: surveyAnswers, question: surveyAnswers.questionId, respondent: surveyAnswers.responseId },
    questionIds,
  );
}
