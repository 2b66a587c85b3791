import {
  ja,
  officeSurveySummaryResponseSchema,
  surveyListResponseSchema,
  surveySubmitResponseSchema,
  type SurveyQuestion,
} from '@mels/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import {
  call,
  enrolAt,
  makeLearningSession,
  makeUser,
  type Member,
  stepRows,
} from '../learning/learning.fixtures.ts';
import { csvCell } from '../../lib/csv.ts';

const m = ja.learning.api;
const url = (id: number, path: string) => `/api/v1/trainings/${id}/enrollments/${path}`;

/** A complete, valid set of answers for the demo survey. */
function answersFor(questions: SurveyQuestion[]) {
  return questions.map((q) => {
    if (q.kind === 'text')
      return { question_id: q.id, answer: q.unit ? '7' : 'とても分かりやすい講習でした。' };
    const last = q.subject_survey_question_options.at(-1)?.value ?? '';
    const first = q.subject_survey_question_options[0]?.value ?? '';
    return q.kind === 'option_other'
      ? { question_id: q.id, answer: last, other: '院内の掲示板' }
      : { question_id: q.id, answer: first };
  });
}

describe('csv fields', () => {
  it('quotes separators and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('満足')).toBe('満足');
  });
});

describe.each(drivers())('survey on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  it('is refused before the post-test is passed', async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 10);
    const list = expectError(
      await call(ctx.app, 'GET', url(session.id, 'surveys/list'), user.token),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expect(list.meta.message).toBe(m.surveyNotOpen);
    expectError(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, { surveys: [] }),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expectError(await call(ctx.app, 'GET', url(session.id, 'surveys/list')), 401, 'UNAUTHORIZED');
  });

  it('lists the questions with units, validates, moves 11 → 12 with a certificate, and refuses a second survey', async () => {
    const session = await makeLearningSession(ctx);
    const user = await makeUser(ctx);
    const enrollmentId = await enrolAt(ctx, session.id, user.id, 11);
    const survey = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'surveys/list'), user.token),
      200,
      surveyListResponseSchema,
    ).data;
    expect(survey.is_answered).toBe(false);
    expect(survey.next_route).toBe('session');
    const unit = survey.subject_survey_questions.find((q) => q.title.includes('@@'));
    expect(unit).toMatchObject({ label: '周産期医療に携わった経験年数', unit: '年', kind: 'text' });
    expect(survey.subject_survey_questions.some((q) => q.kind === 'respondent')).toBe(true);

    const empty = expectError(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, { surveys: [] }),
      400,
      'VALIDATION_ERROR',
    );
    const required = survey.subject_survey_questions.filter((q) => q.kind !== 'text' || q.is_required);
    for (const q of required) expect(empty.errors[`surveys.${q.id}`]).toEqual(['この項目は必須です']);
    const optional = survey.subject_survey_questions.find((q) => q.kind === 'text' && !q.is_required);
    expect(empty.errors[`surveys.${optional?.id}`]).toBeUndefined();

    const answers = answersFor(survey.subject_survey_questions);
    const other = answers.find((a) => 'other' in a);
    const text = survey.subject_survey_questions.find((q) => q.kind === 'text' && !q.unit);
    const tooLong = expectError(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, {
        surveys: answers.map((a) =>
          a === other
            ? { ...a, other: 'あ'.repeat(201) }
            : a.question_id === text?.id
              ? { ...a, answer: 'い'.repeat(501) }
              : a,
        ),
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(tooLong.errors[`surveys.${other?.question_id}.other`]).toEqual([
      '200文字以下で入力してください。',
    ]);
    expect(tooLong.errors[`surveys.${text?.id}`]).toEqual(['500文字以下で入力してください。']);

    const done = expectBody(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, { surveys: answers }),
      200,
      surveySubmitResponseSchema,
    ).data;
    expect(done.step_status).toBe(12);
    expect(done.next_route).toBe('session');
    expect(done.certificate?.number).toMatch(/^T-\d{6}$/);
    expect((await stepRows(ctx, enrollmentId)).at(-1)).toMatchObject({
      step: 7,
      status: 12,
      actorUserId: user.id,
    });

    const twice = expectError(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, { surveys: answers }),
      409,
      'SURVEY_ANSWERED',
    );
    expect(twice.meta.message).toBe(m.surveyAlreadyAnswered);
    const after = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'surveys/list'), user.token),
      200,
      surveyListResponseSchema,
    ).data;
    expect(after.is_answered).toBe(true);
  });

  it('a BI course leads to the thanks page', async () => {
    const session = await makeLearningSession(ctx, { certificatePrefix: 'BI' });
    const user = await makeUser(ctx);
    await enrolAt(ctx, session.id, user.id, 11);
    const survey = expectBody(
      await call(ctx.app, 'GET', url(session.id, 'surveys/list'), user.token),
      200,
      surveyListResponseSchema,
    ).data;
    expect(survey.next_route).toBe('surveyComplete');
    const done = expectBody(
      await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, {
        surveys: answersFor(survey.subject_survey_questions),
      }),
      200,
      surveySubmitResponseSchema,
    ).data;
    expect(done.next_route).toBe('surveyComplete');
    expect(done.certificate?.number).toMatch(/^BI-\d{6}$/);
  });

  it('gives the office the results as JSON and as CSV with a BOM; members get 403', async () => {
    const session = await makeLearningSession(ctx);
    const users = [await makeUser(ctx), await makeUser(ctx)];
    let questions: SurveyQuestion[] = [];
    for (const user of users) {
      await enrolAt(ctx, session.id, user.id, 11);
      questions = expectBody(
        await call(ctx.app, 'GET', url(session.id, 'surveys/list'), user.token),
        200,
        surveyListResponseSchema,
      ).data.subject_survey_questions;
      expect(
        (
          await call(ctx.app, 'POST', url(session.id, 'surveys'), user.token, {
            surveys: answersFor(questions),
          })
        ).statusCode,
      ).toBe(200);
    }
    const member = users[0]?.token;
    expectError(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/surveys.csv`, member),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/surveys`, member),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/surveys.csv`),
      401,
      'UNAUTHORIZED',
    );

    const summary = expectBody(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/surveys`, office.token),
      200,
      officeSurveySummaryResponseSchema,
    ).data;
    expect(summary.responses).toBe(2);
    const satisfaction = summary.questions[0];
    expect(satisfaction?.counts.find((c) => c.value === '大変満足')?.count).toBe(2);
    const found = summary.questions.find((q) => q.kind === 'option_other');
    expect(found?.counts.find((c) => c.value === 'その他')?.count).toBe(2);
    expect(found?.texts).toEqual(['院内の掲示板', '院内の掲示板']);

    const csv = await call(
      ctx.app,
      'GET',
      `/api/v1/office/trainings/${session.id}/surveys.csv`,
      office.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="survey_training_${session.id}.csv"`,
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('周産期医療に携わった経験年数');
    expect(lines[0]?.split(',')).toHaveLength(4 + questions.length);
    expect(lines[1]).toContain('7年');
    expect(lines[1]).toContain('その他：院内の掲示板');
    expectError(
      await call(ctx.app, 'GET', '/api/v1/office/trainings/99999999/surveys.csv', office.token),
      404,
      'NOT_FOUND',
    );
  });
});
