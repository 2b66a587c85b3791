import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  enrollments,
  surveyAnswers,
  surveyQuestionOptions,
  surveyQuestions,
  surveyResponses,
  surveys,
  trainings,
  users,
} from '../../db/schema.ts';

/**
 * The survey of a course (or, when it has none, the general survey without a course) with its CURRENT
 * questions (version_to null, decision 036); `withRetired` adds the retired ones (the office's results
 * of answers given to an earlier version), after the current ones.
 */
export async function findSurvey(db: Executor, courseId: number, opts: { withRetired?: boolean } = {}) {
  const rows = await db
    .select()
    .from(surveys)
    .where(or(eq(surveys.courseId, courseId), isNull(surveys.courseId)))
    .orderBy(asc(surveys.id));
  const survey = rows.find((s) => s.courseId === courseId) ?? rows[0];
  if (!survey) return undefined;
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(
      opts.withRetired
        ? eq(surveyQuestions.surveyId, survey.id)
        : and(eq(surveyQuestions.surveyId, survey.id), isNull(surveyQuestions.versionTo)),
    )
    .orderBy(
      sql`${surveyQuestions.versionTo} is not null`,
      asc(surveyQuestions.sortOrder),
      asc(surveyQuestions.id),
    );
  const options = questions.length
    ? await db
        .select()
        .from(surveyQuestionOptions)
        .where(
          inArray(
            surveyQuestionOptions.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(surveyQuestionOptions.sortOrder), asc(surveyQuestionOptions.id))
    : [];
  return {
    survey,
    questions: questions.map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) })),
  };
}
export type SurveyData = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

export async function findResponse(db: Executor, enrollmentId: number) {
  const [row] = await db.select().from(surveyResponses).where(eq(surveyResponses.enrollmentId, enrollmentId));
  return row;
}

/** Inserts the response; undefined when the enrolment already has one (unique enrollment_id). */
export async function insertResponse(tx: Executor, surveyId: number, enrollmentId: number, now: Date) {
  const [row] = await tx
    .insert(surveyResponses)
    .values({ surveyId, enrollmentId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function insertAnswers(
  tx: Executor,
  rows: Array<{ responseId: number; questionId: number; answer: string }>,
) {
  if (rows.length) await tx.insert(surveyAnswers).values(rows);
}

export async function findTraining(db: Executor, trainingId: number) {
  const [row] = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      courseId: trainings.courseId,
      courseName: courses.name,
    })
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(eq(trainings.id, trainingId));
  return row;
}

/** Every response of a session's enrolments with its answers, oldest first. */
export async function findSessionResponses(db: Executor, trainingId: number, surveyId: number) {
  const responses = await db
    .select({
      id: surveyResponses.id,
      createdAt: surveyResponses.createdAt,
      enrollmentId: enrollments.id,
      userTypeId: enrollments.userTypeId,
      lastName: users.lastName,
      firstName: users.firstName,
    })
    .from(surveyResponses)
    .innerJoin(enrollments, eq(enrollments.id, surveyResponses.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.trainingId, trainingId), eq(surveyResponses.surveyId, surveyId)))
    .orderBy(asc(surveyResponses.id));
  const answers = responses.length
    ? await db
        .select()
        .from(surveyAnswers)
        .where(
          inArray(
            surveyAnswers.responseId,
            responses.map((r) => r.id),
          ),
        )
    : [];
  return responses.map((r) => ({
    ...r,
    answers: new Map(answers.filter((a) => a.responseId === r.id).map((a) => [a.questionId, a.answer])),
  }));
}
