/**
 * Test helpers of the learning, survey and certificate modules (used by their *.test.ts only): a session
 * whose course carries the demo lessons, tests and survey, and enrolments placed at a given status.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TestContext } from '../../../test/context.ts';
import { seedCourseLearning } from '../../db/seed/learning.ts';
import { enrollments, enrollmentSteps, quizQuestionMetas, quizQuestions, quizzes } from '../../db/schema.ts';
import { stepOfStatus, type StepStatus } from '@mels/domain';
import { makeSession, type SessionOptions } from '../enrollments/enrollments.fixtures.ts';

export { call, makeUser, makeUsers, type Member } from '../enrollments/enrollments.fixtures.ts';

/** A session (attendees, free course unless told) whose course has the demo learning content. */
export async function makeLearningSession(ctx: TestContext, options: SessionOptions = {}) {
  const session = await makeSession(ctx, options);
  await seedCourseLearning(ctx.deps.db, session.courseId, '試験コース');
  return session;
}

/** An attendee enrolment placed directly at `status` (one step entry), as if the earlier steps were done. */
export async function enrolAt(ctx: TestContext, trainingId: number, userId: number, status: StepStatus) {
  const [row] = await ctx.deps.db
    .insert(enrollments)
    .values({ trainingId, userId, userTypeId: 4, status })
    .returning({ id: enrollments.id });
  if (!row) throw new Error('no enrolment');
  await ctx.deps.db
    .insert(enrollmentSteps)
    .values({ enrollmentId: row.id, step: stepOfStatus(status), status });
  return row.id;
}

/** The current questions of a course's test with their correct values (what only the server knows). */
export async function answerKey(ctx: TestContext, courseId: number, kind: 'pre' | 'post') {
  const questions = await ctx.deps.db
    .select({ id: quizQuestions.id, inputType: quizQuestions.inputType })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, kind), isNull(quizQuestions.versionTo)))
    .orderBy(asc(quizQuestions.sortOrder));
  const metas = await ctx.deps.db.select().from(quizQuestionMetas);
  return questions.map((q) => {
    const own = metas.filter((x) => x.questionId === q.id);
    const correct = own.filter((x) => x.isCorrect).map((x) => x.value);
    const wrong = own.filter((x) => !x.isCorrect).map((x) => x.value);
    return {
      id: q.id,
      inputType: q.inputType,
      right: q.inputType === 2 ? [correct[0] ?? '院内緊急コールで応援を要請します。'] : correct,
      wrong: q.inputType === 2 ? ['わかりません'] : wrong.slice(0, 1),
    };
  });
}

export const stepRows = (ctx: TestContext, enrollmentId: number) =>
  ctx.deps.db
    .select()
    .from(enrollmentSteps)
    .where(eq(enrollmentSteps.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentSteps.id));
