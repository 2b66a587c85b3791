import { describe, expect, it } from 'vitest';
import {
  quizIssues,
  quizQuestionChange,
  surveyIssues,
  surveyQuestionChange,
  type QuizQuestionDraft,
  type SurveyQuestionDraft,
} from './quiz-editor.ts';

const meta = (value: string, is_correct = false, label = `label ${value}`) => ({ value, label, is_correct });
const q = (overrides: Partial<QuizQuestionDraft> = {}): QuizQuestionDraft => ({
  title: 'Q',
  description: '',
  input_type: 1,
  quiz_question_metas: [meta('a', true), meta('b')],
  ...overrides,
});
const s = (overrides: Partial<SurveyQuestionDraft> = {}): SurveyQuestionDraft => ({
  title: '満足度',
  kind: 'option',
  no_sub: false,
  is_required: true,
  options: [{ value: '満足' }, { value: '不満' }],
  ...overrides,
});

describe('quizIssues', () => {
  const cases: Array<[string, QuizQuestionDraft[], Array<[string, string]>, number[]?]> = [
    ['a valid single choice', [q()], []],
    ['a blank question', [q({ title: ' ' })], [['questions.0.title', 'questionTitleRequired']]],
    ['no question', [], [['questions', 'questionsRequired']]],
    [
      'one choice only',
      [q({ quiz_question_metas: [meta('a', true)] })],
      [['questions.0.quiz_question_metas', 'choicesTooFew']],
    ],
    [
      'no correct choice',
      [q({ quiz_question_metas: [meta('a'), meta('b')] })],
      [['questions.0.quiz_question_metas', 'correctRequired']],
    ],
    [
      'single choice with two correct',
      [q({ quiz_question_metas: [meta('a', true), meta('b', true)] })],
      [['questions.0.quiz_question_metas', 'singleOneCorrect']],
    ],
    [
      'multiple choice with two correct',
      [q({ input_type: 0, quiz_question_metas: [meta('a', true), meta('b', true)] })],
      [],
    ],
    [
      'multiple choice without a correct one',
      [q({ input_type: 0, quiz_question_metas: [meta('a'), meta('b'), meta('c')] })],
      [['questions.0.quiz_question_metas', 'correctRequired']],
    ],
    [
      'blank label and duplicate value',
      [q({ quiz_question_metas: [meta('a', true), meta('b', false, ' '), meta('a')] })],
      [
        ['questions.0.quiz_question_metas.1.label', 'choiceLabelRequired'],
        ['questions.0.quiz_question_metas.2.value', 'choiceDuplicate'],
      ],
    ],
    [
      'blank value',
      [q({ quiz_question_metas: [meta('a', true), meta('')] })],
      [['questions.0.quiz_question_metas.1.value', 'choiceValueRequired']],
    ],
    ['free text without accepted answers', [q({ input_type: 2, quiz_question_metas: [] })], []],
    ['free text with accepted answers', [q({ input_type: 2, quiz_question_metas: [meta('1.5', true)] })], []],
    [
      'free text with a blank accepted answer',
      [q({ input_type: 2, quiz_question_metas: [meta('1.5', true), meta(' ', true)] })],
      [['questions.0.quiz_question_metas.1.value', 'acceptedAnswerRequired']],
    ],
    [
      'second question wrong',
      [q(), q({ quiz_question_metas: [] })],
      [
        ['questions.1.quiz_question_metas', 'choicesTooFew'],
        ['questions.1.quiz_question_metas', 'correctRequired'],
      ],
    ],
    ['a current question kept', [q({ id: 7 })], [], [7]],
    ['an id that is not a current question', [q({ id: 8 })], [['questions.0.id', 'unknownQuestion']], [7]],
    ['the same question twice', [q({ id: 7 }), q({ id: 7 })], [['questions.1.id', 'questionRepeated']], [7]],
  ];
  it.each(cases)('%s', (_name, questions, expected, current = []) => {
    expect(quizIssues({ questions }, new Set(current)).map((i) => [i.field, i.code])).toEqual(expected);
  });
});

describe('surveyIssues', () => {
  const cases: Array<[string, SurveyQuestionDraft[], Array<[string, string]>]> = [
    ['a valid option question', [s()], []],
    ['no question', [], [['questions', 'questionsRequired']]],
    ['a unit after @@', [s({ title: '経験年数@@年', kind: 'text', options: [] })], []],
    [
      'only a unit',
      [s({ title: '@@年', kind: 'text', options: [] })],
      [['questions.0.title', 'surveyLabelRequired']],
    ],
    ['one option', [s({ options: [{ value: '満足' }] })], [['questions.0.options', 'optionsTooFew']]],
    [
      'respondent with one option',
      [s({ kind: 'respondent', options: [{ value: '医師' }] })],
      [['questions.0.options', 'optionsTooFew']],
    ],
    [
      'blank and repeated options',
      [s({ options: [{ value: 'A' }, { value: '' }, { value: 'A' }] })],
      [
        ['questions.0.options.1.value', 'optionRequired'],
        ['questions.0.options.2.value', 'optionDuplicate'],
      ],
    ],
    [
      'option_other without その他',
      [s({ kind: 'option_other' })],
      [['questions.0.options', 'otherOptionMissing']],
    ],
    [
      'option_other with その他',
      [s({ kind: 'option_other', options: [{ value: '学会' }, { value: 'その他' }] })],
      [],
    ],
    ['text with options', [s({ kind: 'text' })], [['questions.0.options', 'textHasOptions']]],
    ['optional text', [s({ kind: 'text', is_required: false, options: [] })], []],
  ];
  it.each(cases)('%s', (_name, questions, expected) => {
    expect(surveyIssues({ questions }).map((i) => [i.field, i.code])).toEqual(expected);
  });
});

describe('question changes', () => {
  const quizCases: Array<[string, Partial<QuizQuestionDraft>, string]> = [
    ['nothing changed', {}, 'same'],
    ['choices reordered', { quiz_question_metas: [meta('b'), meta('a', true)] }, 'reordered'],
    ['title changed', { title: 'Q2' }, 'changed'],
    ['description changed', { description: 'note' }, 'changed'],
    ['input type changed', { input_type: 0 }, 'changed'],
    ['correct answer moved', { quiz_question_metas: [meta('a'), meta('b', true)] }, 'changed'],
    ['label changed', { quiz_question_metas: [meta('a', true, 'new'), meta('b')] }, 'changed'],
    ['choice added', { quiz_question_metas: [meta('a', true), meta('b'), meta('c')] }, 'changed'],
  ];
  it.each(quizCases)('test: %s', (_name, after, expected) => {
    expect(quizQuestionChange(q(), q(after))).toBe(expected);
  });
  const surveyCases: Array<[string, Partial<SurveyQuestionDraft>, string]> = [
    ['nothing changed', {}, 'same'],
    ['options reordered', { options: [{ value: '不満' }, { value: '満足' }] }, 'reordered'],
    ['unit changed', { title: '満足度@@点' }, 'changed'],
    ['kind changed', { kind: 'respondent' }, 'changed'],
    ['no_sub changed', { no_sub: true }, 'changed'],
    ['required changed', { is_required: false }, 'changed'],
    ['option renamed', { options: [{ value: '満足' }, { value: 'やや不満' }] }, 'changed'],
  ];
  it.each(surveyCases)('survey: %s', (_name, after, expected) => {
    expect(surveyQuestionChange(s(), s(after))).toBe(expected);
  });
});
