/**
 * The office's test and survey editors (issue 16, decision 036): a course's pre-test, post-test and
 * renewal test, and its survey, as the office reads and replaces them. Field names follow spec 000 §3
 * (quiz_question_metas, subject_survey_questions' title with its '@@' unit, no_sub). Labels and messages
 * are keys (office.quizzes.fields.*, validation.*), resolved in the reader's language.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { QUIZ_KINDS } from '../rules/quiz-editor.ts';
import { idParamSchema, intField, textString } from './common.ts';
import { SURVEY_QUESTION_KINDS } from './learning.ts';

export const quizEditorFields = messageKeys('office.quizzes.fields', [
  'quizTitle',
  'questionTitle',
  'questionDescription',
  'inputType',
  'choiceLabel',
  'choiceValue',
  'surveyName',
  'surveyTitle',
  'surveyKind',
  'option',
  'questions',
  'choices',
  'options',
  'kind',
]);
const f = quizEditorFields;

/** How many questions a test or survey, and how many choices a question, may hold. */
export const QUIZ_EDITOR_LIMITS = { questions: 100, choices: 30 } as const;

const line = (label: string, max: number) =>
  textString(label)
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });
const optionalText = (label: string, max: number) =>
  textString(label, { multiline: true })
    .trim()
    .max(max, { error: message('validation.maxLength', ref(label), max) });
const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z
    .array(item, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('office.quizzes.validation.maxItems', ref(label), max) });
const questionId = intField('fields.id', { min: 1, max: 2147483647 }).optional();

export const quizKindSchema = z.enum(QUIZ_KINDS, { error: message('validation.invalidValue', ref(f.kind)) });
export const officeQuizParamsSchema = idParamSchema.extend({ kind: quizKindSchema });

export const quizMetaInputSchema = z.object({
  label: optionalText(f.choiceLabel, 500).default(''),
  value: optionalText(f.choiceValue, 200),
  is_correct: z.boolean().default(false),
});

export const quizQuestionInputSchema = z.object({
  /** The current question this one continues; omitted for a new question. */
  id: questionId,
  /** Blank is refused by the rules (questionTitleRequired), so that the message names the question. */
  title: optionalText(f.questionTitle, 1000),
  description: optionalText(f.questionDescription, 2000).default(''),
  input_type: z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: message('validation.invalidValue', ref(f.inputType)),
  }),
  quiz_question_metas: list(f.choices, quizMetaInputSchema, QUIZ_EDITOR_LIMITS.choices).default([]),
});

/** PUT /office/courses/{id}/quizzes/{kind}: the whole test, questions in display order. */
export const officeQuizBodySchema = z.object({
  title: line(f.quizTitle, 200),
  questions: list(f.questions, quizQuestionInputSchema, QUIZ_EDITOR_LIMITS.questions),
});
export type OfficeQuizBody = z.input<typeof officeQuizBodySchema>;
export type OfficeQuizInput = z.output<typeof officeQuizBodySchema>;

export const officeQuizSchema = z.object({
  course_id: z.number().int(),
  course_name: z.string(),
  kind: quizKindSchema,
  /** False until the office first saves this test (the answer then holds no question). */
  exists: z.boolean(),
  title: z.string(),
  /** The current version (1 until an edit changes a question). */
  version: z.number().int(),
  /** Members who answered a question of the current version (saving a change then makes a new version). */
  answered_members: z.number().int(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      order: z.number().int(),
      title: z.string(),
      description: z.string(),
      input_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      /** Someone has answered this very question (a change to it keeps their answer on this one). */
      answered: z.boolean(),
      quiz_question_metas: z.array(
        z.object({ id: z.number().int(), label: z.string(), value: z.string(), is_correct: z.boolean() }),
      ),
    }),
  ),
});
export type OfficeQuiz = z.infer<typeof officeQuizSchema>;

export const surveyQuestionInputSchema = z.object({
  id: questionId,
  /** The question, optionally with a unit after '@@' ('経験年数@@年'). */
  title: optionalText(f.surveyTitle, 500),
  kind: z.enum(SURVEY_QUESTION_KINDS, { error: message('validation.invalidValue', ref(f.surveyKind)) }),
  no_sub: z.boolean().default(false),
  /** A free-text question may be optional; every choice question is required (spec 000 §5). */
  is_required: z.boolean().default(true),
  options: list(
    f.options,
    z.object({ value: optionalText(f.option, 200) }),
    QUIZ_EDITOR_LIMITS.choices,
  ).default([]),
});

/** PUT /office/courses/{id}/survey: the course's whole survey, questions in display order. */
export const officeSurveyBodySchema = z.object({
  name: line(f.surveyName, 200),
  questions: list(f.questions, surveyQuestionInputSchema, QUIZ_EDITOR_LIMITS.questions),
});
export type OfficeSurveyBody = z.input<typeof officeSurveyBodySchema>;
export type OfficeSurveyInput = z.output<typeof officeSurveyBodySchema>;

export const officeSurveySchema = z.object({
  course_id: z.number().int(),
  course_name: z.string(),
  /** The course's own survey, or null when the course still uses the general one (shown here to start from). */
  survey_id: z.number().int().nullable(),
  /** The questions shown are the general survey's (saving makes the course's own). */
  is_shared: z.boolean(),
  name: z.string(),
  version: z.number().int(),
  answered_members: z.number().int(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      order: z.number().int(),
      title: z.string(),
      label: z.string(),
      unit: z.string().nullable(),
      kind: z.enum(SURVEY_QUESTION_KINDS),
      no_sub: z.boolean(),
      is_required: z.boolean(),
      answered: z.boolean(),
      options: z.array(z.object({ id: z.number().int(), value: z.string() })),
    }),
  ),
});
export type OfficeSurvey = z.infer<typeof officeSurveySchema>;
