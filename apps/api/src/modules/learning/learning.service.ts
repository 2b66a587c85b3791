import {
  coversLesson,
  LEARNING_LIMITS,
  mergeRanges,
  type PreVideos,
  QUIZ_INPUT_TYPE,
  type Quiz,
  quizAnswerError,
  rangesLength,
  STEP_STATUS,
  WORKFLOW_STEP,
  K,
} from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { ApiError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordSteps } from '../enrollments/index.ts';
import {
  assertStepOpen,
  ensureEnrollment,
  learningContext,
  lockEnrollment,
  ownEnrollment,
} from './learning.context.ts';
import { presentLesson, presentQuestion } from './learning.presenter.ts';
import {
  answeredVersion,
  type AnswerRow,
  countSeen,
  findAnswers,
  findPreLessons,
  findQuiz,
  findMemberViews,
  findViews,
  type LessonRow,
  lockView,
  type QuestionData,
  type Range,
  saveView,
  upsertAnswer,
  type ViewKey,
  type ViewRow,
} from './learning.repository.ts';

const m = K.learning.api;

export type Caller = { trainingId: number; userTypeId: number; userId: number; now: Date };

const round = (n: number) => Math.round(n * 100) / 100;
/** Reported ranges shorter than this are ignored (seconds). */
const MIN_RANGE_SECONDS = 0.2;
/** A watch record of more separate ranges than this is not a real viewing (refused, 400). */
const MAX_STORED_RANGES = 1000;

// ───────────────────────────── pre-videos ─────────────────────────────

/** GET …/pre-videos: the lessons with the caller's watch record (step 2 open or finished). */
export async function preVideos(db: Database, c: Caller): Promise<PreVideos> {
  const ctx = await learningContext(db, c.trainingId, c.userTypeId, c.userId, WORKFLOW_STEP.preVideo, c.now);
  assertStepOpen(ctx, WORKFLOW_STEP.preVideo, m.preVideoNotOpen, true);
  const lessons = await findPreLessons(db, ctx.r.courseId);
  const [views, histories] = await Promise.all([
    ctx.enrollment ? findViews(db, { enrollmentId: ctx.enrollment.id }) : [],
    findMemberViews(
      db,
      c.userId,
      lessons.map((l) => l.id),
    ),
  ]);
  const list = lessons.map((l) =>
    presentLesson(
      l,
      views.find((v) => v.lessonId === l.id),
      histories,
    ),
  );
  return {
    lessons: list,
    is_completed:
      list.every((l) => l.is_seen) && (ctx.enrollment?.status ?? 0) >= STEP_STATUS.preVideoWatched,
    step_status: ctx.enrollment?.status ?? null,
  };
}

/**
 * The seconds of `reported` not yet in `watched`, in playing order, credited up to `allowance`
 * seconds: what the wall-clock time since the previous report allows to have been played.
 */
export function creditRanges(watched: Range[], reported: Range[], allowance: number): Range[] {
  const have = mergeRanges(watched);
  const fresh: Range[] = [];
  for (const [a, b] of mergeRanges(reported)) {
    let start = a;
    for (const [x, y] of have) {
      if (y <= start || x >= b) continue;
      if (x > start) fresh.push([start, x]);
      start = Math.max(start, y);
    }
    if (start < b) fresh.push([start, b]);
  }
  const credited: Range[] = [];
  let left = Math.max(0, allowance);
  for (const [a, b] of fresh) {
    if (left <= 0) break;
    const end = Math.min(b, a + left);
    credited.push([a, end]);
    left -= end - a;
  }
  return mergeRanges([...have, ...credited]);
}

/**
 * The watch proof, for an enrolment's record as for a request's (learning.requests.ts): only what was
 * really played counts, credited no faster than the wall clock since the previous report allows (a first
 * report, `created`, only the slack); saves the record and answers the progress. In the caller's
 * transaction, on the record it locked.
 */
export async function recordWatch(
  tx: Executor,
  w: {
    view: ViewRow;
    created: boolean;
    lesson: LessonRow;
    ranges: Array<[number, number]>;
    position: number;
    now: Date;
  },
) {
  const { view, lesson, now } = w;
  const elapsed = w.created ? 0 : Math.max(0, (now.getTime() - view.updatedAt.getTime()) / 1000);
  const allowance = elapsed * LEARNING_LIMITS.maxPlaybackRate + LEARNING_LIMITS.progressSlackSeconds;
  const clip = (n: number) => Math.min(Math.max(n, 0), lesson.duration);
  // Fragments under MIN_RANGE seconds are timer noise; dropping them also bounds the stored record.
  const reported = w.ranges
    .map(([a, b]) => [clip(a), clip(b)] as Range)
    .filter(([a, b]) => b - a >= MIN_RANGE_SECONDS);
  const watched = creditRanges(view.watchedRanges as Range[], reported, allowance).map(
    ([a, b]) => [round(a), round(b)] as Range,
  );
  if (watched.length > MAX_STORED_RANGES)
    throw badRequest(K.errors.validation, { ranges: [m.notWatchedToEnd] });
  const watchedSeconds = Math.floor(rangesLength(watched));
  const position = Math.floor(clip(w.position));
  await saveView(tx, view.id, { watchedRanges: watched, watchedSeconds, position }, now);
  return {
    lesson_id: lesson.id,
    position,
    watched_seconds: watchedSeconds,
    coverage: round(Math.min(1, rangesLength(watched) / lesson.duration)),
    can_complete: !view.seenAt && coversLesson(watched, lesson.duration),
    is_seen: Boolean(view.seenAt),
  };
}

/**
 * Marks a lesson seen when its watch record (of the enrolment or request `key`) covers it (409
 * NOT_WATCHED otherwise); answers how many of `lessonIds` are seen now. In the caller's transaction.
 */
export async function markSeen(
  tx: Executor,
  s: { key: ViewKey; userId: number; lesson: LessonRow; lessonIds: number[]; now: Date },
) {
  const { view } = await lockView(tx, { userId: s.userId, lessonId: s.lesson.id, ...s.key }, s.now);
  if (!view.seenAt) {
    if (!coversLesson(view.watchedRanges as Range[], s.lesson.duration))
      throw conflict(m.notWatchedToEnd, 'NOT_WATCHED');
    await saveView(tx, view.id, { seenAt: s.now, position: 0 }, s.now);
  }
  return countSeen(tx, s.key, s.lessonIds);
}

async function lessonFor(db: Database, c: Caller) {
  const ctx = await learningContext(db, c.trainingId, c.userTypeId, c.userId, WORKFLOW_STEP.preVideo, c.now);
  assertStepOpen(ctx, WORKFLOW_STEP.preVideo, m.preVideoNotOpen, true);
  const lessons = await findPreLessons(db, ctx.r.courseId);
  return { ctx, lessons };
}

/** POST …/pre-videos/progress: the player's report of what it really played. */
export async function reportProgress(
  db: Database,
  c: Caller,
  body: { lesson_id: number; ranges: Array<[number, number]>; position: number },
) {
  const { lessons } = await lessonFor(db, c);
  const lesson = lessons.find((l) => l.id === body.lesson_id);
  if (!lesson) throw notFound(m.lessonNotFound);
  return db.transaction(async (tx) => {
    const enrollment = await ensureEnrollment(tx, c, c.now);
    const { view, created } = await lockView(
      tx,
      { userId: c.userId, lessonId: lesson.id, enrollmentId: enrollment.id },
      c.now,
    );
    return recordWatch(tx, {
      view,
      created,
      lesson,
      ranges: body.ranges,
      position: body.position,
      now: c.now,
    });
  });
}

/**
 * POST …/pre-videos/view: the lesson is seen when its watch record covers it; when every lesson is
 * seen, step 2 (status 2) is recorded, once (compare-and-set from 0/1).
 */
export async function markViewed(db: Database, c: Caller, lessonId: number) {
  const { ctx, lessons } = await lessonFor(db, c);
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson) throw notFound(m.lessonNotFound);
  if (!ctx.enrollment) throw conflict(m.notWatchedToEnd, 'NOT_WATCHED');
  const enrollmentId = ctx.enrollment.id;
  return db.transaction(async (tx) => {
    await lockEnrollment(tx, enrollmentId);
    const seen = await markSeen(tx, {
      key: { enrollmentId },
      userId: c.userId,
      lesson,
      lessonIds: lessons.map((l) => l.id),
      now: c.now,
    });
    const allSeen = seen === lessons.length;
    if (allSeen)
      await recordSteps(
        tx,
        enrollmentId,
        [{ step: WORKFLOW_STEP.preVideo, status: STEP_STATUS.preVideoWatched }],
        c.userId,
        c.now,
        [STEP_STATUS.initial, STEP_STATUS.courseRegistered],
      );
    const status = await lockEnrollment(tx, enrollmentId);
    return {
      lesson_id: lessonId,
      is_seen: true as const,
      is_completed: allSeen && (status ?? 0) >= STEP_STATUS.preVideoWatched,
      step_status: status,
    };
  });
}

// ───────────────────────────── tests ─────────────────────────────

const normalise = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** The server's judgement: choices must equal the correct set; free text matches an accepted answer (any text when none is set). */
export function judge(q: QuestionData, answer: readonly string[]): boolean {
  if (q.inputType === QUIZ_INPUT_TYPE.text) {
    const accepted = q.metas.filter((x) => x.isCorrect).map((x) => normalise(x.value));
    const text = normalise(answer[0] ?? '');
    return accepted.length === 0 ? text !== '' : accepted.includes(text);
  }
  const correct = new Set(q.metas.filter((x) => x.isCorrect).map((x) => x.value));
  const chosen = new Set(answer);
  return chosen.size === correct.size && [...chosen].every((v) => correct.has(v));
}

/**
 * A member's answer to a question as stored: free text trimmed (its first value), choices without repeats
 * and each one of the question's; 400 under `answer` otherwise. Shared with learning.requests.ts.
 */
export function answerValues(question: QuestionData, given: readonly string[]): string[] {
  const answer = given.map((a) => (question.inputType === QUIZ_INPUT_TYPE.text ? a.trim() : a));
  const error = quizAnswerError(question.inputType, answer);
  if (error) throw fieldError('answer', error);
  const values = question.inputType === QUIZ_INPUT_TYPE.text ? [answer[0] ?? ''] : [...new Set(answer)];
  if (
    question.inputType !== QUIZ_INPUT_TYPE.text &&
    !values.every((v) => question.metas.some((x) => x.value === v))
  )
    throw badRequest(m.invalidChoice, { answer: [m.invalidChoice] });
  return values;
}

type Kind = 'pre' | 'post';
const stepOf = (kind: Kind) => (kind === 'pre' ? WORKFLOW_STEP.preTest : WORKFLOW_STEP.postTest);

async function quizContext(db: Database, c: Caller, kind: Kind) {
  const step = stepOf(kind);
  const ctx = await learningContext(db, c.trainingId, c.userTypeId, c.userId, step, c.now);
  if (kind === 'pre') assertStepOpen(ctx, step, m.preTestNotOpen, true);
  else {
    const enrollment = ownEnrollment(ctx);
    if (enrollment.status < STEP_STATUS.postTestNotTaken)
      throw new ApiError(409, 'STEP_OUT_OF_ORDER', m.postTestNotOpen);
    assertStepOpen(ctx, step, m.postTestNotOpen, true);
  }
  let quiz = await findQuiz(db, ctx.r.courseId, kind);
  if (!quiz) throw notFound(m.questionNotFound);
  // A member who finished the test sees the version they took (decision 036): a later edit neither
  // hides their answers nor makes a passed test look failed.
  const finished = kind === 'pre' ? STEP_STATUS.preTestDone : STEP_STATUS.surveyNotTaken;
  const e = ctx.enrollment;
  if (e && e.status >= finished) {
    const version = await answeredVersion(db, e.id, quiz.quiz.id);
    if (version !== undefined && version !== quiz.quiz.version)
      quiz = (await findQuiz(db, ctx.r.courseId, kind, { version })) ?? quiz;
  }
  return { ctx, quiz };
}

function summary(kind: Kind, questions: QuestionData[], answers: AnswerRow[]) {
  const answered = questions.filter((q) => answers.some((a) => a.questionId === q.id)).length;
  const correct = questions.filter((q) => answers.some((a) => a.questionId === q.id && a.isCorrect)).length;
  const done = kind === 'pre' ? answered === questions.length : correct === questions.length;
  return { answered_count: answered, correct_count: correct, is_completed: done && questions.length > 0 };
}

/** GET …/pre-tests and …/post-tests */
export async function quizView(db: Database, c: Caller, kind: Kind): Promise<Quiz> {
  const { ctx, quiz } = await quizContext(db, c, kind);
  const answers = ctx.enrollment
    ? await findAnswers(
        db,
        ctx.enrollment.id,
        quiz.questions.map((q) => q.id),
      )
    : [];
  return {
    kind,
    title: quiz.quiz.title,
    questions: quiz.questions.map((q, i) =>
      presentQuestion(
        q,
        i + 1,
        answers.find((a) => a.questionId === q.id),
      ),
    ),
    ...summary(kind, quiz.questions, answers),
    step_status: ctx.enrollment?.status ?? null,
  };
}

/**
 * POST …/pre-test/answer and …/post-test/answer. Pre-test: one answer per question, wrong ones count;
 * all answered → step 3. Post-test (status 10 only): wrong answers may be answered again; all correct
 * → 10 → 11; nothing after passing.
 */
export async function answerQuestion(
  db: Database,
  c: Caller,
  kind: Kind,
  body: { question_id: number; answer: string[] },
) {
  const step = stepOf(kind);
  const ctx = await learningContext(db, c.trainingId, c.userTypeId, c.userId, step, c.now);
  if (kind === 'post') {
    const e = ownEnrollment(ctx);
    if (e.status >= STEP_STATUS.surveyNotTaken) throw conflict(m.postTestPassed, 'POST_TEST_PASSED');
    if (e.status < STEP_STATUS.postTestNotTaken)
      throw new ApiError(409, 'STEP_OUT_OF_ORDER', m.postTestNotOpen);
  }
  assertStepOpen(ctx, step, kind === 'pre' ? m.preTestNotOpen : m.postTestNotOpen);
  const quiz = await findQuiz(db, ctx.r.courseId, kind);
  const index = quiz?.questions.findIndex((q) => q.id === body.question_id) ?? -1;
  const question = quiz?.questions[index];
  if (!quiz || !question) throw notFound(m.questionNotFound);

  const values = answerValues(question, body.answer);
  const isCorrect = judge(question, values);
  const ids = quiz.questions.map((q) => q.id);

  try {
    return await db.transaction(async (tx) => {
      const enrollment = kind === 'pre' ? await ensureEnrollment(tx, c, c.now) : ownEnrollment(ctx);
      const status = await lockEnrollment(tx, enrollment.id);
      if (kind === 'post' && status !== STEP_STATUS.postTestNotTaken)
        throw conflict(m.postTestPassed, 'POST_TEST_PASSED');
      const [previous] = await findAnswers(tx, enrollment.id, [question.id]);
      if (previous && kind === 'pre') throw conflict(m.preTestAlreadyAnswered, 'ALREADY_ANSWERED');
      if (previous?.isCorrect) throw conflict(m.postTestAlreadyCorrect, 'ALREADY_CORRECT');
      await upsertAnswer(
        tx,
        { questionId: question.id, userId: c.userId, enrollmentId: enrollment.id, answer: values, isCorrect },
        c.now,
      );
      const answers = await findAnswers(tx, enrollment.id, ids);
      const s = summary(kind, quiz.questions, answers);
      if (s.is_completed) {
        if (kind === 'pre')
          await recordSteps(
            tx,
            enrollment.id,
            [{ step: WORKFLOW_STEP.preTest, status: STEP_STATUS.preTestDone }],
            c.userId,
            c.now,
            [STEP_STATUS.initial, STEP_STATUS.courseRegistered, STEP_STATUS.preVideoWatched],
          );
        else
          await recordSteps(
            tx,
            enrollment.id,
            [{ step: WORKFLOW_STEP.postTest, status: STEP_STATUS.surveyNotTaken, note: 'post-test passed' }],
            c.userId,
            c.now,
            [STEP_STATUS.postTestNotTaken],
          );
      }
      const after = await lockEnrollment(tx, enrollment.id);
      return {
        question: presentQuestion(
          question,
          index + 1,
          answers.find((a) => a.questionId === question.id),
        ),
        ...s,
        step_status: after,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.preTestAlreadyAnswered, 'ALREADY_ANSWERED');
    throw error;
  }
}
