import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';
import {
  certificateStatus,
  coversLesson,
  lessonProgressBodySchema,
  mergeRanges,
  quizAnswerBodySchema,
  quizAnswerError,
  rangesLength,
  splitSurveyTitle,
  surveyAnswerErrors,
} from './learning.ts';

/** Messages are keys (decision 027): read them in Japanese, as the server answers by default. */
const jaOf = (text: string | null) => (text === null ? null : translate(text, 'ja'));
const jaErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((text) => translate(text, 'ja'))]));

describe('watched ranges', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 3],
        [3, 5],
        [10, 12],
      ]),
    ).toEqual([
      [0, 8],
      [10, 12],
    ]);
    expect(
      rangesLength([
        [0, 4],
        [2, 6],
        [7, 7],
      ]),
    ).toBe(6);
  });
  it('a lesson is seen at 95 % coverage, not less', () => {
    expect(coversLesson([[0, 9.5]], 10)).toBe(true);
    expect(coversLesson([[0, 9.4]], 10)).toBe(false);
    expect(coversLesson([[9, 10]], 10)).toBe(false);
  });
  it('refuses a range that ends before it starts', () => {
    expect(lessonProgressBodySchema.safeParse({ lesson_id: 1, ranges: [[5, 2]] }).success).toBe(false);
    expect(lessonProgressBodySchema.parse({ lesson_id: 1 })).toMatchObject({
      ranges: [],
      position: 0,
      user_type: 4,
    });
  });
});

describe('quiz answers', () => {
  it('accepts the spec name lesson_id for the question', () => {
    expect(quizAnswerBodySchema.parse({ lesson_id: 7, answer: ['a'] }).question_id).toBe(7);
    expect(quizAnswerBodySchema.parse({ question_id: 8, answer: 'x' })).toMatchObject({
      question_id: 8,
      answer: ['x'],
    });
    expect(quizAnswerBodySchema.safeParse({ answer: ['a'] }).success).toBe(false);
  });
  it('free text is required and at most 500 characters; choices need one', () => {
    expect(jaOf(quizAnswerError(2, []))).toBe('入力してください。');
    expect(jaOf(quizAnswerError(2, ['  ']))).toBe('入力してください。');
    expect(jaOf(quizAnswerError(2, ['あ'.repeat(501)]))).toBe('500文字以下で入力してください。');
    expect(quizAnswerError(2, ['あ'.repeat(500)])).toBeNull();
    expect(jaOf(quizAnswerError(0, []))).toBe('該当するものを選択してください。');
    expect(jaOf(quizAnswerError(1, ['a', 'b']))).toBe('選択できるのは1つです。');
    expect(quizAnswerError(0, ['a', 'b'])).toBeNull();
  });
});

describe('survey', () => {
  const questions = [
    {
      id: 1,
      kind: 'option' as const,
      is_required: true,
      subject_survey_question_options: [{ value: 'はい' }],
    },
    {
      id: 2,
      kind: 'option_other' as const,
      is_required: true,
      subject_survey_question_options: [{ value: '病院' }, { value: 'その他' }],
    },
    { id: 3, kind: 'text' as const, is_required: false, subject_survey_question_options: [] },
    {
      id: 4,
      kind: 'respondent' as const,
      is_required: false,
      subject_survey_question_options: [{ value: '医師' }],
    },
  ];
  it('splits a unit suffix at @@', () => {
    expect(splitSurveyTitle('経験年数@@年')).toEqual({ label: '経験年数', unit: '年' });
    expect(splitSurveyTitle('ご意見')).toEqual({ label: 'ご意見', unit: null });
  });
  it('requires options and the respondent group, limits other and free text', () => {
    expect(jaErrors(surveyAnswerErrors(questions, []))).toEqual({
      'surveys.1': ['この項目は必須です'],
      'surveys.2': ['この項目は必須です'],
      'surveys.4': ['この項目は必須です'],
    });
    expect(
      jaErrors(
        surveyAnswerErrors(questions, [
          { question_id: 1, answer: 'はい' },
          { question_id: 2, answer: 'その他', other: 'あ'.repeat(201) },
          { question_id: 3, answer: 'い'.repeat(501) },
          { question_id: 4, answer: '医師' },
        ]),
      ),
    ).toEqual({
      'surveys.2.other': ['200文字以下で入力してください。'],
      'surveys.3': ['500文字以下で入力してください。'],
    });
    expect(
      jaErrors(
        surveyAnswerErrors(questions, [
          { question_id: 1, answer: 'いいえ' },
          { question_id: 2, answer: '病院' },
          { question_id: 4, answer: '医師' },
          { question_id: 9, answer: 'x' },
        ]),
      ),
    ).toEqual({
      'surveys.1': ['選択肢から選んでください。'],
      'surveys.9': ['このアンケートにない設問です。'],
    });
  });
});

describe('certificate status', () => {
  it('revoked beats expired; no end date never expires', () => {
    expect(certificateStatus({ endDate: '2026-01-01', revokedAt: null }, '2026-01-01')).toBe('valid');
    expect(certificateStatus({ endDate: '2026-01-01', revokedAt: null }, '2026-01-02')).toBe('expired');
    expect(certificateStatus({ endDate: '2026-01-01', revokedAt: new Date() }, '2025-01-01')).toBe('revoked');
    // A renewed (extended) certificate reads 'renewed', before or after its end date; revoked still wins.
    expect(
      certificateStatus({ endDate: '2026-01-01', revokedAt: null, isExtended: true }, '2025-01-01'),
    ).toBe('renewed');
    expect(
      certificateStatus({ endDate: '2026-01-01', revokedAt: null, isExtended: true }, '2027-01-01'),
    ).toBe('renewed');
    expect(
      certificateStatus({ endDate: '2026-01-01', revokedAt: new Date(), isExtended: true }, '2025-01-01'),
    ).toBe('revoked');
    expect(certificateStatus({ endDate: null, revokedAt: null }, '2099-01-01')).toBe('valid');
  });
});
