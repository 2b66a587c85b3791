/**
 * The office's test and survey editors (issue 16, decision 036): what a pre-test, post-test, renewal
 * test or survey must satisfy before it is saved, and how an edited question compares with the one it
 * replaces (which decides whether a new version of the question is needed). Pure: no I/O, no clock.
 * Each issue names its field the way the API's body does ('questions.1.quiz_question_metas') and its
 * code, whose text is office.quizzes.rules.<code>.
 */
import {
  QUIZ_INPUT_TYPE,
  SURVEY_OTHER_VALUE,
  splitSurveyTitle,
  type SurveyQuestionKind,
} from '../schemas/learning.ts';

export const QUIZ_KINDS = ['pre', 'post', 'renewal'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

export const QUIZ_EDITOR_RULE_CODES = [
  'questionsRequired',
  'questionTitleRequired',
  'choicesTooFew',
  'choiceLabelRequired',
  'choiceValueRequired',
  'choiceDuplicate',
  'correctRequired',
  'singleOneCorrect',
  'acceptedAnswerRequired',
  'surveyLabelRequired',
  'optionsTooFew',
  'optionRequired',
  'optionDuplicate',
  'otherOptionMissing',
  'textHasOptions',
  'unknownQuestion',
  'questionRepeated',
] as const;
export type QuizEditorRuleCode = (typeof QUIZ_EDITOR_RULE_CODES)[number];
export type QuizEditorIssue = { field: string; code: QuizEditorRuleCode };

export type QuizMetaDraft = { label: string; value: string; is_correct: boolean };
export type QuizQuestionDraft = {
  /** An existing current question this one continues (kept when unchanged), or none for a new one. */
  id?: number | undefined;
  title: string;
  description: string;
  input_type: number;
  quiz_question_metas: readonly QuizMetaDraft[];
};

export type SurveyOptionDraft = { value: string };
export type SurveyQuestionDraft = {
  id?: number | undefined;
  title: string;
  kind: SurveyQuestionKind;
  no_sub: boolean;
  is_required: boolean;
  options: readonly SurveyOptionDraft[];
};

const blank = (s: string) => s.trim() === '';

/** Ids given twice, or that are not current questions of the edited test or survey. */
function idIssues(
  questions: ReadonlyArray<{ id?: number | undefined }>,
  currentIds: ReadonlySet<number>,
): QuizEditorIssue[] {
  const issues: QuizEditorIssue[] = [];
  const seen = new Set<number>();
  questions.forEach((q, i) => {
    if (q.id === undefined) return;
    if (!currentIds.has(q.id)) issues.push({ field: `questions.${i}.id`, code: 'unknownQuestion' });
    else if (seen.has(q.id)) issues.push({ field: `questions.${i}.id`, code: 'questionRepeated' });
    seen.add(q.id);
  });
  return issues;
}

/**
 * The issues of a test as the office saves it: at least one question; a choice question (0 multiple,
 * 1 single) has at least two choices, each with a label and a distinct value, and at least one correct
 * one (a single choice exactly one); a free-text question's accepted answers (none: any text) are not
 * blank.
 */
export function quizIssues(
  draft: { questions: readonly QuizQuestionDraft[] },
  currentIds: ReadonlySet<number> = new Set(),
): QuizEditorIssue[] {
  const issues: QuizEditorIssue[] = [];
  if (draft.questions.length === 0) issues.push({ field: 'questions', code: 'questionsRequired' });
  issues.push(...idIssues(draft.questions, currentIds));
  draft.questions.forEach((q, i) => {
    if (blank(q.title)) issues.push({ field: `questions.${i}.title`, code: 'questionTitleRequired' });
    const at = `questions.${i}.quiz_question_metas`;
    const metas = q.quiz_question_metas;
    if (q.input_type === QUIZ_INPUT_TYPE.text) {
      metas.forEach((m, j) => {
        if (blank(m.value)) issues.push({ field: `${at}.${j}.value`, code: 'acceptedAnswerRequired' });
      });
      return;
    }
    if (metas.length < 2) issues.push({ field: at, code: 'choicesTooFew' });
    const values = new Set<string>();
    metas.forEach((m, j) => {
      if (blank(m.label)) issues.push({ field: `${at}.${j}.label`, code: 'choiceLabelRequired' });
      if (blank(m.value)) issues.push({ field: `${at}.${j}.value`, code: 'choiceValueRequired' });
      else if (values.has(m.value.trim()))
        issues.push({ field: `${at}.${j}.value`, code: 'choiceDuplicate' });
      values.add(m.value.trim());
    });
    const correct = metas.filter((m) => m.is_correct).length;
    if (correct === 0) issues.push({ field: at, code: 'correctRequired' });
    else if (q.input_type === QUIZ_INPUT_TYPE.single && correct > 1)
      issues.push({ field: at, code: 'singleOneCorrect' });
  });
  return issues;
}

/**
 * The issues of a survey: at least one question; a title with a label before its '@@' unit; a choice
 * question (option, option_other, respondent) has at least two distinct, non-blank options, and an
 * option_other one offers 'その他' (the option that asks for a text); a free-text question has none.
 */
export function surveyIssues(
  draft: { questions: readonly SurveyQuestionDraft[] },
  currentIds: ReadonlySet<number> = new Set(),
): QuizEditorIssue[] {
  const issues: QuizEditorIssue[] = [];
  if (draft.questions.length === 0) issues.push({ field: 'questions', code: 'questionsRequired' });
  issues.push(...idIssues(draft.questions, currentIds));
  draft.questions.forEach((q, i) => {
    const at = `questions.${i}`;
    if (blank(splitSurveyTitle(q.title).label))
      issues.push({ field: `${at}.title`, code: 'surveyLabelRequired' });
    if (q.kind === 'text') {
      if (q.options.length > 0) issues.push({ field: `${at}.options`, code: 'textHasOptions' });
      return;
    }
    if (q.options.length < 2) issues.push({ field: `${at}.options`, code: 'optionsTooFew' });
    const values = new Set<string>();
    q.options.forEach((o, j) => {
      if (blank(o.value)) issues.push({ field: `${at}.options.${j}.value`, code: 'optionRequired' });
      else if (values.has(o.value.trim()))
        issues.push({ field: `${at}.options.${j}.value`, code: 'optionDuplicate' });
      values.add(o.value.trim());
    });
    if (q.kind === 'option_other' && !values.has(SURVEY_OTHER_VALUE))
      issues.push({ field: `${at}.options`, code: 'otherOptionMissing' });
  });
  return issues;
}

/**
 * How an edited question compares with the stored one it continues: 'same' (nothing a member's answer
 * depends on changed: the row is kept), 'reordered' (the same choices in another order: kept, only the
 * order written) or 'changed' (the stored row is retired and a new one inserted, decision 036).
 */
export type QuestionChange = 'same' | 'reordered' | 'changed';

function compareLists(before: readonly string[], after: readonly string[]): QuestionChange {
  if (before.length === after.length && before.every((x, i) => x === after[i])) return 'same';
  const sorted = (xs: readonly string[]) => [...xs].sort();
  const a = sorted(before);
  const b = sorted(after);
  return a.length === b.length && a.every((x, i) => x === b[i]) ? 'reordered' : 'changed';
}

export function quizQuestionChange(before: QuizQuestionDraft, after: QuizQuestionDraft): QuestionChange {
  if (
    before.title !== after.title ||
    before.description !== after.description ||
    before.input_type !== after.input_type
  )
    return 'changed';
  const key = (m: QuizMetaDraft) => JSON.stringify([m.value, m.label, m.is_correct]);
  return compareLists(before.quiz_question_metas.map(key), after.quiz_question_metas.map(key));
}

export function surveyQuestionChange(
  before: SurveyQuestionDraft,
  after: SurveyQuestionDraft,
): QuestionChange {
  if (
    before.title !== after.title ||
    before.kind !== after.kind ||
    before.no_sub !== after.no_sub ||
    before.is_required !== after.is_required
  )
    return 'changed';
  return compareLists(
    before.options.map((o) => o.value),
    after.options.map((o) => o.value),
  );
}
