/**
 * The learning steps of a certificate request (the renewal's videos and test, decision 034), for the
 * renewals module through the index: the same watch proof as the session pre-videos (only what was really
 * played, credited no faster than the wall clock allows; seen when the record covers the lesson) and the
 * same server-side judging of answers, keyed by the request instead of an enrolment. The caller checks the
 * request (its member, its status) and moves its status; these functions run in the caller's transaction.
 */
import { K, type Lesson, type QuizQuestion } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { presentLesson, presentQuestion } from './learning.presenter.ts';
import { findQuiz, findViews, lockView } from './learning.repository.ts';
import {
  findRenewalLessons,
  findRequestAnswers,
  upsertRequestAnswer,
} from './learning.requests.repository.ts';
import { answerValues, judge, markSeen, recordWatch } from './learning.service.ts';

const m = K.learning.api;

export type RequestLearner = { requestId: number; userId: number; courseId: number; now: Date };

/** The renewal videos of the request's course with the request's watch records. */
export async function requestLessons(db: Executor, r: RequestLearner): Promise<Lesson[]> {
  const [rows, views] = await Promise.all([
    findRenewalLessons(db, r.courseId),
    findViews(db, { requestId: r.requestId }),
  ]);
  return rows.map((l) =>
    presentLesson(
      l,
      views.find((v) => v.lessonId === l.id),
    ),
  );
}

async function lessonOf(db: Executor, r: RequestLearner, lessonId: number) {
  const rows = await findRenewalLessons(db, r.courseId);
  const lesson = rows.find((l) => l.id === lessonId);
  if (!lesson) throw notFound(m.lessonNotFound);
  return { lesson, rows };
}

/** The player's report of what it really played (as POST …/enrollments/pre-videos/progress). */
export async function reportRequestProgress(
  tx: Executor,
  r: RequestLearner,
  body: { lesson_id: number; ranges: Array<[number, number]>; position: number },
) {
  const { lesson } = await lessonOf(tx, r, body.lesson_id);
  const { view, created } = await lockView(
    tx,
    { userId: r.userId, lessonId: lesson.id, requestId: r.requestId },
    r.now,
  );
  return recordWatch(tx, { view, created, lesson, ranges: body.ranges, position: body.position, now: r.now });
}

/**
 * Marks a lesson seen when its watch record covers it (409 NOT_WATCHED otherwise); answers whether every
 * renewal video of the course is seen now.
 */
export async function markRequestLessonSeen(tx: Executor, r: RequestLearner, lessonId: number) {
  const { lesson, rows } = await lessonOf(tx, r, lessonId);
  const seen = await markSeen(tx, {
    key: { requestId: r.requestId },
    userId: r.userId,
    lesson,
    lessonIds: rows.map((l) => l.id),
    now: r.now,
  });
  return { allSeen: rows.length > 0 && seen === rows.length };
}

export type RequestTest = {
  title: string;
  questions: QuizQuestion[];
  answered_count: number;
  correct_count: number;
  /** Every question answered correctly. */
  is_completed: boolean;
};

async function testOf(db: Executor, r: RequestLearner) {
  const quiz = await findQuiz(db, r.courseId, 'renewal');
  if (!quiz || quiz.questions.length === 0) throw notFound(m.questionNotFound);
  return quiz;
}

function summarise(
  quiz: Awaited<ReturnType<typeof testOf>>,
  answers: Awaited<ReturnType<typeof findRequestAnswers>>,
): RequestTest {
  const questions = quiz.questions.map((q, i) =>
    presentQuestion(
      q,
      i + 1,
      answers.find((a) => a.questionId === q.id),
    ),
  );
  const answered = questions.filter((q) => q.is_answer_correct !== null).length;
  const correct = questions.filter((q) => q.is_answer_correct === true).length;
  return {
    title: quiz.quiz.title,
    questions,
    answered_count: answered,
    correct_count: correct,
    is_completed: correct === questions.length,
  };
}

/** The renewal test of the request's course: correctness only of answered questions. */
export async function requestTest(db: Executor, r: RequestLearner): Promise<RequestTest> {
  const quiz = await testOf(db, r);
  const answers = await findRequestAnswers(
    db,
    r.requestId,
    quiz.questions.map((q) => q.id),
  );
  return summarise(quiz, answers);
}

/**
 * Answers a question of the renewal test, judged here: a wrong answer may be replaced until it is correct,
 * a correct one stays (409 ALREADY_CORRECT; the database's conditional upsert decides). Answers the question
 * and the test's totals after it.
 */
export async function answerRequestQuestion(
  tx: Executor,
  r: RequestLearner,
  body: { question_id: number; answer: string[] },
): Promise<{ question: QuizQuestion } & RequestTest> {
  const quiz = await testOf(tx, r);
  const question = quiz.questions.find((q) => q.id === body.question_id);
  if (!question) throw notFound(m.questionNotFound);
  const values = answerValues(question, body.answer);
  const written = await upsertRequestAnswer(
    tx,
    {
      questionId: question.id,
      userId: r.userId,
      requestId: r.requestId,
      answer: values,
      isCorrect: judge(question, values),
    },
    r.now,
  );
  if (!written) throw conflict(m.postTestAlreadyCorrect, 'ALREADY_CORRECT');
  const answers = await findRequestAnswers(
    tx,
    r.requestId,
    quiz.questions.map((q) => q.id),
  );
  const test = summarise(quiz, answers);
  const presented = test.questions.find((q) => q.id === question.id);
  if (!presented) throw notFound(m.questionNotFound);
  return { question: presented, ...test };
}
