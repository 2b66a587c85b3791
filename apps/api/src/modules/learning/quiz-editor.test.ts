import {
  ja,
  officeJa,
  quizResponseSchema,
  surveyListResponseSchema,
  type OfficeQuiz,
  type OfficeSurvey,
} from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError } from '../../../test/http.ts';
import { officeQuizSchema, officeSurveySchema } from '@mels/domain';
import { z } from 'zod';
import {
  auditEvents,
  enrollments,
  quizAnswers,
  quizQuestions,
  surveyAnswers,
  surveyQuestions,
} from '../../db/schema.ts';
import { makeCourse } from '../enrollments/enrollments.fixtures.ts';
import { answerKey, call, enrolAt, makeLearningSession, makeUser, type Member } from './learning.fixtures.ts';

/**
 * Issue 16 (decision 036): the office edits a course's tests and survey; a change to what members
 * answered makes a new version, their answers keep their question, and a passed test stays passed.
 */
const rules = officeJa.quizzes.rules;
const quizBody = z.object({ data: officeQuizSchema });
const surveyBody = z.object({ data: officeSurveySchema });
const memberUrl = (id: number, path: string) => `/api/v1/trainings/${id}/enrollments/${path}`;

/** The editor's body for a test as the office read it (ids kept), with changes applied by the caller. */
const editable = (quiz: OfficeQuiz) => ({
  title: quiz.title,
  questions: quiz.questions.map((q) => ({
    id: q.id as number | undefined,
    title: q.title,
    description: q.description,
    input_type: q.input_type,
    quiz_question_metas: q.quiz_question_metas.map(({ label, value, is_correct }) => ({
      label,
      value,
      is_correct,
    })),
  })),
});
const editableSurvey = (survey: OfficeSurvey) => ({
  name: survey.name,
  questions: survey.questions.map((q) => ({
    id: q.id as number | undefined,
    title: q.title,
    kind: q.kind,
    no_sub: q.no_sub,
    is_required: q.is_required,
    options: q.options.map(({ value }) => ({ value })),
  })),
});

const threeQuestions = {
  title: '事前テスト',
  questions: [
    {
      title: '最初に行う対応はどれですか。',
      input_type: 1,
      quiz_question_metas: [
        { label: '応援を呼ぶ', value: 'a', is_correct: true },
        { label: '様子を見る', value: 'b', is_correct: false },
      ],
    },
    {
      title: '当てはまるものをすべて選んでください。',
      input_type: 0,
      quiz_question_metas: [
        { label: '冷汗', value: 'a', is_correct: true },
        { label: '顔面蒼白', value: 'b', is_correct: true },
        { label: '平熱', value: 'c', is_correct: false },
      ],
    },
    { title: '施設での応援要請の方法を書いてください。', input_type: 2, quiz_question_metas: [] },
  ],
};

describe.each(drivers())('office test and survey editors (%s)', (driver) => {
  let ctx: TestContext;
  let office: Member;
  let member: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
    member = await makeUser(ctx);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const send = (method: 'GET' | 'PUT', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Token ${token}` } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const getQuiz = async (courseId: number, kind: string) =>
    expectBody(await send('GET', `/office/courses/${courseId}/quizzes/${kind}`, office.token), 200, quizBody)
      .data;
  const putQuiz = async (courseId: number, kind: string, body: object) =>
    expectBody(
      await send('PUT', `/office/courses/${courseId}/quizzes/${kind}`, office.token, body),
      200,
      quizBody,
    ).data;
  const getSurvey = async (courseId: number) =>
    expectBody(await send('GET', `/office/courses/${courseId}/survey`, office.token), 200, surveyBody).data;
  const putSurvey = async (courseId: number, body: object) =>
    expectBody(await send('PUT', `/office/courses/${courseId}/survey`, office.token, body), 200, surveyBody)
      .data;
  const auditOf = (entity: string, id: number) =>
    ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));
  const memberQuiz = async (trainingId: number, kind: 'pre' | 'post', user: Member) =>
    expectBody(
      await call(
        ctx.app,
        'GET',
        memberUrl(trainingId, kind === 'pre' ? 'pre-tests' : 'post-tests'),
        user.token,
      ),
      200,
      quizResponseSchema,
    ).data;
  const answer = (
    trainingId: number,
    kind: 'pre' | 'post',
    user: Member,
    questionId: number,
    values: string[],
  ) =>
    call(ctx.app, 'POST', memberUrl(trainingId, `${kind}-test/answer`), user.token, {
      question_id: questionId,
      answer: values,
    });

  it('refuses a visitor (401) and a member (403); an unknown course or kind is 404/400', async () => {
    const { id: courseId } = await makeCourse(ctx);
    const calls: Array<['GET' | 'PUT', string, object?]> = [
      ['GET', `/office/courses/${courseId}/quizzes/pre`],
      ['PUT', `/office/courses/${courseId}/quizzes/post`, threeQuestions],
      ['GET', `/office/courses/${courseId}/survey`],
      ['PUT', `/office/courses/${courseId}/survey`, { name: 'x', questions: [] }],
    ];
    for (const [method, url, body] of calls) {
      expectError(await send(method, url, undefined, body), 401, 'UNAUTHORIZED');
      expectError(await send(method, url, member.token, body), 403, 'FORBIDDEN');
    }
    expectError(await send('GET', '/office/courses/999999/quizzes/pre', office.token), 404, 'NOT_FOUND');
    expectError(
      await send('PUT', '/office/courses/999999/survey', office.token, {
        name: 'x',
        questions: [{ title: 'q', kind: 'text' }],
      }),
      404,
      'NOT_FOUND',
    );
    expectValidationError(await send('GET', `/office/courses/${courseId}/quizzes/final`, office.token), [
      'kind',
    ]);
  });

  it('creates a test, refuses broken questions with Japanese field messages, and audits', async () => {
    const { id: courseId } = await makeCourse(ctx);
    const empty = await getQuiz(courseId, 'post');
    expect(empty).toMatchObject({ exists: false, title: '事後テスト', version: 1, questions: [] });

    const broken = expectValidationError(
      await send('PUT', `/office/courses/${courseId}/quizzes/pre`, office.token, {
        title: '事前テスト',
        questions: [
          {
            title: '一つだけ',
            input_type: 1,
            quiz_question_metas: [{ label: 'A', value: 'a', is_correct: true }],
          },
          {
            title: '正解が二つ',
            input_type: 1,
            quiz_question_metas: [
              { label: 'A', value: 'a', is_correct: true },
              { label: 'B', value: 'b', is_correct: true },
            ],
          },
          {
            title: '正解なし',
            input_type: 0,
            quiz_question_metas: [
              { label: 'A', value: 'a' },
              { label: '', value: 'b' },
            ],
          },
        ],
      }),
      [
        'questions.0.quiz_question_metas',
        'questions.1.quiz_question_metas',
        'questions.2.quiz_question_metas',
        'questions.2.quiz_question_metas.1.label',
      ],
    );
    expect(broken['questions.0.quiz_question_metas']).toEqual([rules.choicesTooFew]);
    expect(broken['questions.1.quiz_question_metas']).toEqual([rules.singleOneCorrect]);
    expect(broken['questions.2.quiz_question_metas']).toEqual([rules.correctRequired]);
    expect(broken['questions.2.quiz_question_metas.1.label']).toEqual([rules.choiceLabelRequired]);
    expectValidationError(
      await send('PUT', `/office/courses/${courseId}/quizzes/pre`, office.token, {
        title: '',
        questions: [],
      }),
      ['title'],
    );
    const none = expectValidationError(
      await send('PUT', `/office/courses/${courseId}/quizzes/pre`, office.token, {
        title: 'T',
        questions: [],
      }),
      ['questions'],
    );
    expect(none['questions']).toEqual([rules.questionsRequired]);
    expectValidationError(
      await send('PUT', `/office/courses/${courseId}/quizzes/pre`, office.token, {
        title: 'T',
        questions: [{ title: '', input_type: 5 }],
      }),
      ['questions'],
    );
    const blank = expectValidationError(
      await send('PUT', `/office/courses/${courseId}/quizzes/pre`, office.token, {
        title: 'T',
        questions: [{ ...threeQuestions.questions[2], title: ' ' }],
      }),
      ['questions.0.title'],
    );
    expect(blank['questions.0.title']).toEqual([rules.questionTitleRequired]);
    expect(await getQuiz(courseId, 'pre')).toMatchObject({ exists: false, questions: [] });

    const saved = await putQuiz(courseId, 'pre', threeQuestions);
    expect(saved).toMatchObject({ exists: true, version: 1, answered_members: 0 });
    expect(saved.questions.map((q) => [q.order, q.input_type, q.quiz_question_metas.length])).toEqual([
      [1, 1, 2],
      [2, 0, 3],
      [3, 2, 0],
    ]);
    expect(await getQuiz(courseId, 'pre')).toEqual(saved);
    const [created] = await auditOf(
      'quiz',
      (await ctx.deps.db.select().from(quizQuestions).where(eq(quizQuestions.id, saved.questions[0]!.id)))[0]!
        .quizId,
    );
    expect(created).toMatchObject({ actorUserId: office.id, action: 'quiz.create' });

    // Reordering questions and choices changes no version and keeps every row.
    const body = editable(saved);
    body.questions.reverse();
    body.questions[2]!.quiz_question_metas.reverse();
    const reordered = await putQuiz(courseId, 'pre', body);
    expect(reordered.version).toBe(1);
    expect(reordered.questions.map((q) => q.id)).toEqual([...saved.questions].reverse().map((q) => q.id));
    expect(reordered.questions[2]!.quiz_question_metas.map((m) => m.value)).toEqual(['b', 'a']);
    // The renewal test is a kind of its own.
    expect((await putQuiz(courseId, 'renewal', { ...threeQuestions, title: '更新テスト' })).kind).toBe(
      'renewal',
    );
    expect((await getQuiz(courseId, 'pre')).title).toBe('事前テスト');
  });

  it('a change to an answered pre-test is a new version: the old answer keeps its question, a new member gets the new one', async () => {
    const session = await makeLearningSession(ctx);
    const first = await makeUser(ctx);
    await enrolAt(ctx, session.id, first.id, 2);
    const key = await answerKey(ctx, session.courseId, 'pre');
    const [q1, q2] = key;
    expect((await answer(session.id, 'pre', first, q1!.id, q1!.right)).statusCode).toBe(200);

    const before = await getQuiz(session.courseId, 'pre');
    expect(before.answered_members).toBe(1);
    expect(before.questions.map((q) => q.answered)).toEqual(before.questions.map((q) => q.id === q1!.id));
    const body = editable(before);
    body.questions[0]!.title = '改訂：妊産婦の急変に最初に行う対応は？';
    const after = await putQuiz(session.courseId, 'pre', body);
    expect(after.version).toBe(2);
    expect(after.questions[0]!.id).not.toBe(q1!.id);
    expect(after.questions.slice(1).map((q) => q.id)).toEqual(before.questions.slice(1).map((q) => q.id));
    expect(after.answered_members).toBe(0);

    // The old answer still points at the old question, which is retired, not changed.
    const [old] = await ctx.deps.db.select().from(quizQuestions).where(eq(quizQuestions.id, q1!.id));
    expect(old).toMatchObject({ title: before.questions[0]!.title, versionFrom: 1, versionTo: 2 });
    const answers = await ctx.deps.db.select().from(quizAnswers).where(eq(quizAnswers.userId, first.id));
    expect(answers.map((a) => a.questionId)).toEqual([q1!.id]);

    // The member in progress sees the current version: the changed question is to be answered again.
    const progress = await memberQuiz(session.id, 'pre', first);
    expect(progress.questions.map((q) => q.id)).toEqual(after.questions.map((q) => q.id));
    expect(progress.answered_count).toBe(0);
    expectError(await answer(session.id, 'pre', first, q1!.id, q1!.right), 404, 'NOT_FOUND');
    expect((await answer(session.id, 'pre', first, q2!.id, q2!.right)).statusCode).toBe(200);

    const second = await makeUser(ctx);
    await enrolAt(ctx, session.id, second.id, 2);
    const fresh = await memberQuiz(session.id, 'pre', second);
    expect(fresh.questions[0]!.title).toBe('改訂：妊産婦の急変に最初に行う対応は？');

    const audit = (await auditOf('quiz', old!.quizId)).at(-1);
    expect(audit).toMatchObject({ action: 'quiz.update', actorUserId: office.id });
    expect(audit?.data).toMatchObject({ version: 2 });
    expect(Object.keys((audit?.data as { before: object }).before)).toEqual(['questions']);
  });

  it('a member who passed the post-test stays passed and sees the version they took', async () => {
    const session = await makeLearningSession(ctx);
    const passed = await makeUser(ctx);
    const enrollmentId = await enrolAt(ctx, session.id, passed.id, 10);
    const key = await answerKey(ctx, session.courseId, 'post');
    for (const q of key)
      expect((await answer(session.id, 'post', passed, q.id, q.right)).statusCode).toBe(200);
    const took = await memberQuiz(session.id, 'post', passed);
    expect(took.is_completed).toBe(true);

    const body = editable(await getQuiz(session.courseId, 'post'));
    const choice = body.questions.find((q) => q.input_type === 1)!;
    choice.quiz_question_metas = choice.quiz_question_metas.map((m, i) => ({ ...m, is_correct: i === 1 }));
    body.questions.push({ ...threeQuestions.questions[0]!, input_type: 1, id: undefined, description: '' });
    const edited = await putQuiz(session.courseId, 'post', body);
    expect(edited.version).toBe(2);
    expect(edited.questions).toHaveLength(key.length + 1);

    const still = await memberQuiz(session.id, 'post', passed);
    expect(still.is_completed).toBe(true);
    expect(still.correct_count).toBe(key.length);
    expect(still.questions.map((q) => q.id)).toEqual(took.questions.map((q) => q.id));
    const [row] = await ctx.deps.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(row?.status).toBe(11);

    const next = await makeUser(ctx);
    await enrolAt(ctx, session.id, next.id, 10);
    const fresh = await memberQuiz(session.id, 'post', next);
    expect(fresh.questions.map((q) => q.id)).toEqual(edited.questions.map((q) => q.id));
    expect(fresh.is_completed).toBe(false);
  });

  it('survey: validated, versioned once answered, the office results keep the old question', async () => {
    const session = await makeLearningSession(ctx);
    const own = await getSurvey(session.courseId);
    expect(own).toMatchObject({ is_shared: false, version: 1 });
    expect(own.questions.find((q) => q.unit === '年')).toBeTruthy();

    const broken = expectValidationError(
      await send('PUT', `/office/courses/${session.courseId}/survey`, office.token, {
        name: 'アンケート',
        questions: [
          { title: '@@年', kind: 'text' },
          { title: '知ったきっかけ', kind: 'option_other', options: [{ value: '学会' }, { value: '知人' }] },
          { title: '満足度', kind: 'option', options: [{ value: '満足' }] },
          { title: '感想', kind: 'text', options: [{ value: 'x' }] },
        ],
      }),
      ['questions.0.title', 'questions.1.options', 'questions.2.options', 'questions.3.options'],
    );
    expect(broken['questions.0.title']).toEqual([rules.surveyLabelRequired]);
    expect(broken['questions.1.options']).toEqual([rules.otherOptionMissing]);
    expect(broken['questions.2.options']).toEqual([rules.optionsTooFew]);
    expect(broken['questions.3.options']).toEqual([rules.textHasOptions]);

    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 11);
    const list = expectBody(
      await call(ctx.app, 'GET', memberUrl(session.id, 'surveys/list'), user.token),
      200,
      surveyListResponseSchema,
    ).data;
    const answers = list.subject_survey_questions.map((q) => ({
      question_id: q.id,
      answer: q.kind === 'text' ? '5' : (q.subject_survey_question_options[0]?.value ?? ''),
    }));
    expect(
      (await call(ctx.app, 'POST', memberUrl(session.id, 'surveys'), user.token, { surveys: answers }))
        .statusCode,
    ).toBe(200);

    const answered = await getSurvey(session.courseId);
    expect(answered.answered_members).toBe(1);
    const body = editableSurvey(answered);
    const first = body.questions[0]!;
    first.options = [...first.options, { value: 'どちらでもない' }];
    body.questions.push({
      id: undefined,
      title: '次回も参加したいですか。',
      kind: 'option',
      no_sub: false,
      is_required: true,
      options: [{ value: 'はい' }, { value: 'いいえ' }],
    });
    const edited = await putSurvey(session.courseId, body);
    expect(edited.version).toBe(2);
    expect(edited.questions[0]!.id).not.toBe(first.id);
    expect(edited.questions.slice(1, -1).map((q) => q.id)).toEqual(
      answered.questions.slice(1).map((q) => q.id),
    );
    const [old] = await ctx.deps.db.select().from(surveyQuestions).where(eq(surveyQuestions.id, first.id!));
    expect(old).toMatchObject({ versionTo: 2 });
    const kept = await ctx.deps.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.questionId, first.id!));
    expect(kept).toHaveLength(1);

    const results = (await send('GET', `/office/trainings/${session.id}/surveys`, office.token)).json() as {
      data: { responses: number; questions: Array<{ id: number; counts: Array<{ count: number }> }> };
    };
    expect(results.data.responses).toBe(1);
    expect(results.data.questions.find((q) => q.id === first.id)?.counts[0]?.count).toBe(1);

    const next = await makeUser(ctx);
    await enrolAt(ctx, session.id, next.id, 11);
    const fresh = expectBody(
      await call(ctx.app, 'GET', memberUrl(session.id, 'surveys/list'), next.token),
      200,
      surveyListResponseSchema,
    ).data;
    expect(fresh.subject_survey_questions.map((q) => q.id)).toEqual(edited.questions.map((q) => q.id));

    const audit = (await auditOf('survey', own.survey_id!)).at(-1);
    expect(audit).toMatchObject({ action: 'survey.update', actorUserId: office.id });
  });

  it('a course without its own survey gets one on the first save', async () => {
    const { id: courseId } = await makeCourse(ctx);
    const before = await getSurvey(courseId);
    expect(before.survey_id).toBeNull();
    const saved = await putSurvey(courseId, {
      name: '受講後アンケート',
      questions: [
        { id: before.questions[0]?.id, title: '経験年数@@年', kind: 'text', is_required: false },
        {
          title: '職種',
          kind: 'respondent',
          is_required: false,
          options: [{ value: '医師' }, { value: '助産師' }],
        },
      ],
    });
    expect(saved).toMatchObject({ is_shared: false, version: 1, name: '受講後アンケート' });
    expect(saved.questions.map((q) => [q.label, q.unit, q.is_required])).toEqual([
      ['経験年数', '年', false],
      ['職種', null, true],
    ]);
    expect((await auditOf('survey', saved.survey_id!))[0]).toMatchObject({ action: 'survey.create' });
    expect(ja.learning.api.surveyRequired).toBeTruthy();
  });
});
