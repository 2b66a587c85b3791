import {
  formsJa,
  ja,
  lessonProgressResponseSchema,
  lessonViewResponseSchema,
  preVideosResponseSchema,
  quizAnswerResponseSchema,
  quizResponseSchema,
} from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import { enrollments } from '../../db/schema.ts';
import {
  answerKey,
  call,
  enrolAt,
  makeLearningSession,
  makeUser,
  type Member,
  stepRows,
} from './learning.fixtures.ts';

const m = ja.learning.api;
const url = (id: number, path: string) => `/api/v1/trainings/${id}/enrollments/${path}`;

describe.each(drivers())('pre-videos and tests on %s', (driver) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const progress = (id: number, user: Member, lessonId: number, ranges: number[][], position: number) =>
    call(ctx.app, 'POST', url(id, 'pre-videos/progress'), user.token, {
      lesson_id: lessonId,
      ranges,
      position,
    });
  const view = (id: number, user: Member, lessonId: number) =>
    call(ctx.app, 'POST', url(id, 'pre-videos/view'), user.token, { lesson_id: lessonId });
  const lessonsOf = async (id: number, user: Member) =>
    expectBody(await call(ctx.app, 'GET', url(id, 'pre-videos'), user.token), 200, preVideosResponseSchema)
      .data;

  /** Plays a lesson honestly: a start report, then one every 4 seconds of real (clock) time. */
  async function watch(id: number, user: Member, lessonId: number, duration: number) {
    expect((await progress(id, user, lessonId, [], 0)).statusCode).toBe(200);
    let at = 0;
    let last = 0;
    while (at < duration) {
      const step = Math.min(4, duration - at);
      ctx.clock.advance(step * 1000);
      at += step;
      const r = expectBody(
        await progress(id, user, lessonId, [[last, at]], at),
        200,
        lessonProgressResponseSchema,
      ).data;
      last = at;
      expect(r.watched_seconds).toBe(Math.floor(at));
    }
    return view(id, user, lessonId);
  }

  it('needs a login, and a paid course’s pre-videos wait for course registration (409)', async () => {
    const session = await makeLearningSession(ctx, { coursePrice: 3300 });
    const user = await makeUser(ctx);
    expectError(await call(ctx.app, 'GET', url(session.id, 'pre-videos')), 401, 'UNAUTHORIZED');
    expectError(
      await call(ctx.app, 'GET', url(session.id, 'pre-videos'), user.token),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expectError(
      await call(ctx.app, 'GET', url(session.id, 'pre-tests'), user.token),
      409,
      'STEP_OUT_OF_ORDER',
    );
  });

  it('refuses "seen" without a watch record and after a jump to the end; resumes at the last position', async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    const list = await lessonsOf(session.id, user);
    expect(list.lessons).toHaveLength(3);
    expect(list.lessons[0]).toMatchObject({ is_seen: false, position: 0, watched_seconds: 0 });
    expect(list.lessons[0]?.link).toMatch(/^\/media\/lessons\/lesson-1\.webm$/);
    const [first, second] = list.lessons;
    if (!first || !second) throw new Error('lessons');

    // No watch record at all.
    const none = expectError(await view(session.id, user, first.id), 409, 'NOT_WATCHED');
    expect(none.meta.message).toBe(m.notWatchedToEnd);

    // Seeking to the end: the reported range is far longer than the time that passed.
    await progress(session.id, user, second.id, [], 0);
    ctx.clock.advance(1000);
    const seek = expectBody(
      await progress(session.id, user, second.id, [[0, second.duration]], second.duration),
      200,
      lessonProgressResponseSchema,
    ).data;
    expect(seek.watched_seconds).toBeLessThanOrEqual(5);
    expect(seek.can_complete).toBe(false);
    expectError(await view(session.id, user, second.id), 409, 'NOT_WATCHED');
    // Only the end played (scrubbed there, then 'ended').
    ctx.clock.advance(1000);
    await progress(session.id, user, second.id, [[second.duration - 0.5, second.duration]], second.duration);
    expectError(await view(session.id, user, second.id), 409, 'NOT_WATCHED');

    // Half of the first lesson, then the page is left: the resume point and the seconds are kept.
    await progress(session.id, user, first.id, [], 0);
    ctx.clock.advance(4000);
    await progress(session.id, user, first.id, [[0, 4]], 4);
    const again = await lessonsOf(session.id, user);
    expect(again.lessons[0]).toMatchObject({ position: 4, watched_seconds: 4, is_seen: false });
    expect(again.is_completed).toBe(false);
  });

  it("carries each lesson's histories (the member's own viewing records) beside watched_seconds", async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    const other = await makeUser(ctx);
    const before = await lessonsOf(session.id, user);
    expect(before.lessons.map((l) => l.histories)).toEqual(before.lessons.map(() => []));
    const [first, second] = before.lessons;
    if (!first || !second) throw new Error('lessons');

    await progress(session.id, user, first.id, [], 0);
    ctx.clock.advance(4000);
    await progress(session.id, user, first.id, [[0, 4]], 4);
    await watch(session.id, user, second.id, second.duration);

    const after = await lessonsOf(session.id, user);
    const [enrollment] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, session.id), eq(enrollments.userId, user.id)));
    expect(after.lessons[0]?.histories).toEqual([
      expect.objectContaining({
        lesson_id: first.id,
        enrollment_id: enrollment?.id,
        watched_seconds: 4,
        position: 4,
        is_seen: false,
        seen_at: null,
      }),
    ]);
    expect(after.lessons[0]?.watched_seconds).toBe(4);
    expect(after.lessons[1]?.histories).toEqual([
      expect.objectContaining({ lesson_id: second.id, is_seen: true, seen_at: expect.any(String) }),
    ]);
    expect(after.lessons[2]?.histories).toEqual([]);
    // Another member sees only their own (none).
    const theirs = await lessonsOf(session.id, other);
    expect(theirs.lessons.flatMap((l) => l.histories)).toEqual([]);
  });

  it('counts honest watching; all seen records step 2 once; the pre-test then opens', async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    const { lessons } = await lessonsOf(session.id, user);
    // The pre-test is not open before the videos are seen.
    expectError(
      await call(ctx.app, 'GET', url(session.id, 'pre-tests'), user.token),
      409,
      'STEP_OUT_OF_ORDER',
    );

    for (const [i, lesson] of lessons.entries()) {
      const r = expectBody(
        await watch(session.id, user, lesson.id, lesson.duration),
        200,
        lessonViewResponseSchema,
      ).data;
      expect(r.is_completed).toBe(i === lessons.length - 1);
    }
    // Seen again: accepted, nothing recorded twice.
    expect((await view(session.id, user, lessons[0]?.id ?? 0)).statusCode).toBe(200);
    const [enrollment] = await ctx.deps.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, session.id), eq(enrollments.userId, user.id)));
    expect(enrollment?.status).toBe(2);
    const steps = await stepRows(ctx, enrollment?.id ?? 0);
    expect(steps.filter((s) => s.status === 2)).toHaveLength(1);
    const after = await lessonsOf(session.id, user);
    expect(after.is_completed).toBe(true);
    expect(after.lessons.every((l) => l.is_seen)).toBe(true);

    // Pre-test: no correctness before answering.
    const quiz = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'pre-tests'), user.token),
      200,
      quizResponseSchema,
    ).data;
    expect(quiz.questions).toHaveLength(5);
    for (const q of quiz.questions) {
      expect(q.is_answer_correct).toBeNull();
      expect(q.quiz_question_metas.some((x) => 'is_correct' in x)).toBe(false);
    }
    expect(JSON.stringify(quiz)).not.toContain('is_correct');
  });

  it('validates answers, takes one answer per pre-test question, and completes with wrong answers', async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 2);
    const key = await answerKey(ctx, session.courseId, 'pre');
    const answer = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', url(session.id, 'pre-test/answer'), user.token, body);
    const choice = key.find((q) => q.inputType !== 2);
    const text = key.find((q) => q.inputType === 2);
    if (!choice || !text) throw new Error('key');

    const noChoice = expectError(await answer({ lesson_id: choice.id, answer: [] }), 400, 'VALIDATION_ERROR');
    expect(noChoice.errors.answer).toEqual([m.selectOne]);
    const empty = expectError(await answer({ lesson_id: text.id, answer: ['  '] }), 400, 'VALIDATION_ERROR');
    expect(empty.errors.answer).toEqual(['入力してください。']);
    const long = expectError(
      await answer({ lesson_id: text.id, answer: ['あ'.repeat(501)] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(long.errors.answer).toEqual(['500文字以下で入力してください。']);
    expectError(await answer({ question_id: choice.id, answer: ['zz'] }), 400, 'VALIDATION_ERROR');
    expectError(await answer({ question_id: 99_999_999, answer: ['a'] }), 404, 'NOT_FOUND');

    // A wrong answer: judged, and now the metas show which were correct.
    const wrong = expectBody(
      await answer({ lesson_id: choice.id, answer: choice.wrong }),
      200,
      quizAnswerResponseSchema,
    ).data;
    expect(wrong.question.is_answer_correct).toBe(false);
    expect(wrong.question.quiz_question_metas.every((x) => typeof x.is_correct === 'boolean')).toBe(true);
    expect(wrong.question.quiz_question_answers).toEqual(choice.wrong.map((a) => ({ answer: a })));
    const twice = expectError(
      await answer({ lesson_id: choice.id, answer: choice.right }),
      409,
      'ALREADY_ANSWERED',
    );
    expect(twice.meta.message).toBe(m.preTestAlreadyAnswered);

    let last = wrong;
    for (const q of key.filter((x) => x.id !== choice.id))
      last = expectBody(
        await answer({ lesson_id: q.id, answer: q.wrong }),
        200,
        quizAnswerResponseSchema,
      ).data;
    expect(last.is_completed).toBe(true);
    expect(last.step_status).toBe(3);
    expect(last.answered_count).toBe(5);
  });

  it('post-test: refused before 10, wrong then right, passing moves 10 → 11, nothing after', async () => {
    const session = await makeLearningSession(ctx);
    const early = await makeUser(ctx);
    await enrolAt(ctx, session.id, early.id, 9);
    const refused = expectError(
      await call(ctx.app, 'GET', url(session.id, 'post-tests'), early.token),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expect(refused.meta.message).toBe(m.postTestNotOpen);
    const key = await answerKey(ctx, session.courseId, 'post');
    expectError(
      await call(ctx.app, 'POST', url(session.id, 'post-test/answer'), early.token, {
        lesson_id: key[0]?.id,
        answer: key[0]?.right,
      }),
      409,
      'STEP_OUT_OF_ORDER',
    );
    // Someone without an enrolment: 404, as for another user's.
    const stranger = await makeUser(ctx);
    const missing = expectError(
      await call(ctx.app, 'GET', url(session.id, 'post-tests'), stranger.token),
      404,
      'NOT_FOUND',
    );
    expect(missing.meta.message).toBe(formsJa.enrollment.notApplied);

    const user = await makeUser(ctx);
    const enrollmentId = await enrolAt(ctx, session.id, user.id, 10);
    const quiz = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'post-tests'), user.token),
      200,
      quizResponseSchema,
    ).data;
    expect(JSON.stringify(quiz)).not.toContain('is_correct');
    expect(quiz.questions.find((q) => q.input_type === 2)?.quiz_question_metas).toEqual([]);
    const answer = (id: number, values: string[]) =>
      call(ctx.app, 'POST', url(session.id, 'post-test/answer'), user.token, {
        lesson_id: id,
        answer: values,
      });

    const [q1, ...rest] = key;
    if (!q1) throw new Error('key');
    const wrong = expectBody(await answer(q1.id, q1.wrong), 200, quizAnswerResponseSchema).data;
    expect(wrong.question.is_answer_correct).toBe(false);
    const right = expectBody(await answer(q1.id, q1.right), 200, quizAnswerResponseSchema).data;
    expect(right.question.is_answer_correct).toBe(true);
    expectError(await answer(q1.id, q1.right), 409, 'ALREADY_CORRECT');
    let last = right;
    for (const q of rest) {
      expect(last.is_completed).toBe(false);
      last = expectBody(await answer(q.id, q.right), 200, quizAnswerResponseSchema).data;
    }
    expect(last.is_completed).toBe(true);
    expect(last.step_status).toBe(11);
    const steps = await stepRows(ctx, enrollmentId);
    expect(steps.at(-1)).toMatchObject({ step: 6, status: 11, actorUserId: user.id });
    const after = expectError(await answer(q1.id, q1.right), 409, 'POST_TEST_PASSED');
    expect(after.meta.message).toBe(m.postTestPassed);
    // The results stay readable.
    const passed = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'post-tests'), user.token),
      200,
      quizResponseSchema,
    ).data;
    expect(passed.is_completed).toBe(true);
    expect(passed.correct_count).toBe(key.length);
  });
});
