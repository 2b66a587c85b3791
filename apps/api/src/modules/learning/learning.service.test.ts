import { describe, expect, it } from 'vitest';
import type { QuestionData } from './learning.repository.ts';
import { presentQuestion } from './learning.presenter.ts';
import { creditRanges, judge } from './learning.service.ts';

const question = (inputType: number, metas: Array<[string, boolean]>): QuestionData => ({
  id: 1,
  quizId: 1,
  title: 'Q',
  description: '',
  inputType,
  sortOrder: 1,
  versionFrom: 1,
  versionTo: null,
  metas: metas.map(([value, isCorrect], i) => ({
    id: i + 1,
    questionId: 1,
    value,
    label: value,
    isCorrect,
    sortOrder: i,
  })),
});

describe('creditRanges', () => {
  it('credits new seconds in playing order up to the allowance', () => {
    expect(creditRanges([], [[0, 8]], 5)).toEqual([[0, 5]]);
    expect(creditRanges([[0, 4]], [[0, 8]], 10)).toEqual([[0, 8]]);
    expect(creditRanges([[0, 4]], [[0, 8]], 2)).toEqual([[0, 6]]);
  });
  it('does not charge already watched seconds against the allowance', () => {
    expect(creditRanges([[0, 6]], [[0, 6]], 0)).toEqual([[0, 6]]);
    expect(
      creditRanges(
        [
          [0, 2],
          [4, 6],
        ],
        [[0, 8]],
        3,
      ),
    ).toEqual([[0, 7]]);
  });
});

describe('judging', () => {
  it('choices must equal the correct set', () => {
    const q = question(0, [
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    expect(judge(q, ['a', 'b'])).toBe(true);
    expect(judge(q, ['b', 'a'])).toBe(true);
    expect(judge(q, ['a'])).toBe(false);
    expect(judge(q, ['a', 'b', 'c'])).toBe(false);
  });
  it('free text matches an accepted answer after normalising, or any text without one', () => {
    const q = question(2, [['1.5l', true]]);
    expect(judge(q, [' １．５L '])).toBe(true);
    expect(judge(q, ['2'])).toBe(false);
    expect(judge(question(2, []), ['院内コール'])).toBe(true);
  });
  it('shows correctness only for an answered question, and no free-text key before', () => {
    const choice = question(1, [
      ['a', true],
      ['b', false],
    ]);
    const open = presentQuestion(choice, 1, undefined);
    expect(open.is_answer_correct).toBeNull();
    expect(open.quiz_question_metas.map((x) => Object.keys(x).sort())).toEqual([
      ['id', 'label', 'value'],
      ['id', 'label', 'value'],
    ]);
    expect(presentQuestion(question(2, [['1.5', true]]), 1, undefined).quiz_question_metas).toEqual([]);
    const answered = presentQuestion(choice, 1, {
      id: 1,
      questionId: 1,
      userId: 1,
      enrollmentId: 1,
      requestId: null,
      answer: ['b'],
      isCorrect: false,
      attempts: 1,
      updatedAt: new Date(),
    });
    expect(answered.is_answer_correct).toBe(false);
    expect(answered.quiz_question_metas.map((x) => x.is_correct)).toEqual([true, false]);
  });
});
