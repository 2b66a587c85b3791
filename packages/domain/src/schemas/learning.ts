import { z } from 'zod';
import { messageKeys } from '../i18n/message.ts';

/**
 * The learning steps of the session workflow (spec 000 §2 /prevideo /pretest /posttest /certificate
 * /surveyComplete, §3, §5, §7; spec 001 §3 Certificate, §4 Certificate expiry). All calls live under
 * /api/v1/trainings/{training_id}/enrollments/… and act on the caller's attendee enrolment
 * (user_type 4 unless given), except the public verification and the office calls.
 */

/** Keys of the learning steps' messages (texts in ja.learning.api / en.learning.api). */
const m = messageKeys('learning.api', [
  'answerRequired',
  'answerTooLong',
  'questionNotFound',
  'selectOne',
  'singleChoiceOnly',
  'surveyInvalidOption',
  'surveyOtherTooLong',
  'surveyRequired',
  'surveyTextTooLong',
  'surveyUnknownQuestion',
]);

/** Free-text answers (quiz and survey) may be at most this long; survey 'other' text at most 200. */
export const LEARNING_LIMITS = {
  freeTextMax: 500,
  surveyOtherMax: 200,
  /** Share of a lesson's duration that must really have been played before it counts as seen. */
  seenCoverage: 0.95,
  /** Fastest playback rate credited: a report may cover at most this × the wall-clock time since the last one… */
  maxPlaybackRate: 2,
  /** … plus this many seconds of slack (network and timer jitter). */
  progressSlackSeconds: 3,
} as const;

const id = z.coerce.number().int().min(1).max(2147483647);
const userType = z.coerce.number().int().min(1).max(4).default(4);

/** Query of the GET calls: the enrolment's user type (steps 2, 3, 6, 7 exist for attendees only). */
export const learningQuerySchema = z.object({ user_type: userType });

// ───────────────────────────── pre-videos ─────────────────────────────

export const lessonSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Seconds. */
  duration: z.number(),
  tutor: z.string(),
  thumbnail: z.string().nullable(),
  /** A URL the browser can play in a <video> element (same origin for the demo files). */
  link: z.string(),
  is_seen: z.boolean(),
  /** The resume point in seconds (the last reported playback position). */
  position: z.number(),
  /** Seconds of the video really played (merged ranges). */
  watched_seconds: z.number(),
  /**
   * histories (spec 000 §3): the member's viewing records of this lesson, one per enrolment in
   * which they watched it (this session's and the course's other sessions'), oldest first.
   */
  histories: z.array(
    z.object({
      id: z.number().int(),
      lesson_id: z.number().int(),
      enrollment_id: z.number().int(),
      watched_seconds: z.number().int(),
      position: z.number().int(),
      is_seen: z.boolean(),
      /** ISO 8601 instant; null until the lesson was seen to its end. */
      seen_at: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
});
export type Lesson = z.infer<typeof lessonSchema>;
export type LessonHistory = Lesson['histories'][number];

/** GET …/enrollments/pre-videos */
export const preVideosSchema = z.object({
  lessons: z.array(lessonSchema),
  /** All lessons seen (step 2 recorded). */
  is_completed: z.boolean(),
  step_status: z.number().nullable(),
});
export type PreVideos = z.infer<typeof preVideosSchema>;
export const preVideosResponseSchema = z.object({ data: preVideosSchema });

const second = z.number().min(0).max(86_400);

/**
 * POST …/enrollments/pre-videos/progress: what the player really played since it started (or since
 * the last report; sending everything again is harmless, ranges are merged). The player sends one
 * report when playback starts (ranges may be empty), then every few seconds, on pause and on 'ended'.
 * The server credits new seconds only as far as the wall-clock time since the previous report allows
 * (× LEARNING_LIMITS.maxPlaybackRate + slack), so seeking to the end adds nothing.
 */
export const lessonProgressBodySchema = z.object({
  user_type: userType,
  lesson_id: id,
  ranges: z
    .array(z.tuple([second, second]).refine(([a, b]) => a <= b, { error: 'start ≤ end' }))
    .max(200)
    .default([]),
  position: second.default(0),
});
export type LessonProgressBody = z.input<typeof lessonProgressBodySchema>;

export const lessonProgressSchema = z.object({
  lesson_id: z.number(),
  position: z.number(),
  watched_seconds: z.number(),
  /** Share of the duration watched, 0…1. */
  coverage: z.number(),
  /** Whether POST pre-videos/view would be accepted now. */
  can_complete: z.boolean(),
  is_seen: z.boolean(),
});
export const lessonProgressResponseSchema = z.object({ data: lessonProgressSchema });

/** POST …/enrollments/pre-videos/view: mark a lesson seen (refused unless the watch record covers it). */
export const lessonViewBodySchema = z.object({ user_type: userType, lesson_id: id });
export type LessonViewBody = z.input<typeof lessonViewBodySchema>;

export const lessonViewSchema = z.object({
  lesson_id: z.number(),
  is_seen: z.literal(true),
  /** Every lesson of the course is seen now. */
  is_completed: z.boolean(),
  step_status: z.number().nullable(),
});
export const lessonViewResponseSchema = z.object({ data: lessonViewSchema });

/** Merges [start, end] ranges (sorted, overlapping or touching ones joined). */
export function mergeRanges(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const sorted = ranges
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .map(([a, b]) => [a, b] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function rangesLength(ranges: ReadonlyArray<readonly [number, number]>): number {
  return mergeRanges(ranges).reduce((sum, [a, b]) => sum + (b - a), 0);
}

/** A lesson counts as seen when the merged watched ranges cover LEARNING_LIMITS.seenCoverage of it. */
export function coversLesson(ranges: ReadonlyArray<readonly [number, number]>, duration: number): boolean {
  return duration > 0 && rangesLength(ranges) >= duration * LEARNING_LIMITS.seenCoverage;
}

// ───────────────────────────── quizzes ─────────────────────────────

/** 0 multiple choice, 1 single choice, 2 free text. */
export const QUIZ_INPUT_TYPE = { multiple: 0, single: 1, text: 2 } as const;

export const quizMetaSchema = z.object({
  id: z.number(),
  value: z.string(),
  label: z.string(),
  /** Present only once the question has been answered (never before: the server judges). */
  is_correct: z.boolean().optional(),
});

export const quizQuestionSchema = z.object({
  id: z.number(),
  /** 1-based position in the test. */
  index: z.number(),
  title: z.string(),
  description: z.string(),
  input_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  quiz_question_metas: z.array(quizMetaSchema),
  /** The user's latest answer: one row per chosen value, or one row with the free text. Empty when unanswered. */
  quiz_question_answers: z.array(z.object({ answer: z.string() })),
  /** null while unanswered. */
  is_answer_correct: z.boolean().nullable(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** GET …/enrollments/pre-tests and …/post-tests */
export const quizSchema = z.object({
  kind: z.enum(['pre', 'post']),
  title: z.string(),
  questions: z.array(quizQuestionSchema),
  answered_count: z.number(),
  correct_count: z.number(),
  /** Pre-test: every question answered. Post-test: every question correct (passed). */
  is_completed: z.boolean(),
  step_status: z.number().nullable(),
});
export type Quiz = z.infer<typeof quizSchema>;
export const quizResponseSchema = z.object({ data: quizSchema });

/**
 * POST …/enrollments/pre-test/answer and …/post-test/answer. The question's id is `question_id`; the
 * spec's client sends it as `lesson_id`, which is accepted too. `answer` holds the chosen metas'
 * values (choices) or one free text.
 */
export const quizAnswerBodySchema = z
  .object({
    user_type: userType,
    question_id: id.optional(),
    lesson_id: id.optional(),
    answer: z
      .preprocess(
        (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.string().max(2000)).max(50),
      )
      .default([]),
  })
  .refine((b) => b.question_id !== undefined || b.lesson_id !== undefined, {
    error: m.questionNotFound,
    path: ['question_id'],
  })
  .transform(({ lesson_id, question_id, ...rest }) => ({
    ...rest,
    question_id: (question_id ?? lesson_id) as number,
  }));
export type QuizAnswerBody = z.input<typeof quizAnswerBodySchema>;

/** The spec's answer rule (§5), shared by the form and the server: the message, or null when valid. */
export function quizAnswerError(inputType: number, answer: readonly string[]): string | null {
  if (inputType === QUIZ_INPUT_TYPE.text) {
    const text = (answer[0] ?? '').trim();
    if (text === '') return m.answerRequired;
    if (text.length > LEARNING_LIMITS.freeTextMax) return m.answerTooLong;
    return null;
  }
  const chosen = answer.filter((a) => a.trim() !== '');
  if (chosen.length === 0) return m.selectOne;
  if (inputType === QUIZ_INPUT_TYPE.single && chosen.length > 1) return m.singleChoiceOnly;
  return null;
}

export const quizAnswerResultSchema = z.object({
  question: quizQuestionSchema,
  answered_count: z.number(),
  correct_count: z.number(),
  is_completed: z.boolean(),
  step_status: z.number().nullable(),
});
export const quizAnswerResponseSchema = z.object({ data: quizAnswerResultSchema });

// ───────────────────────────── survey ─────────────────────────────

export const SURVEY_QUESTION_KINDS = ['option', 'option_other', 'text', 'respondent'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];
/** The option of an 'option_other' question that asks for a text. */
export const SURVEY_OTHER_VALUE = 'その他';

export const surveyQuestionSchema = z.object({
  id: z.number(),
  /** The full title as stored; '@@' separates the unit suffix (spec 000 §3). */
  title: z.string(),
  /** The title before '@@'. */
  label: z.string(),
  /** The unit after '@@' ('年'), or null. */
  unit: z.string().nullable(),
  /** option: choose one; option_other: choose one, 'その他' asks for a text; text: free text; respondent: respondent information (choose one, always required). */
  kind: z.enum(SURVEY_QUESTION_KINDS),
  is_required: z.boolean(),
  no_sub: z.boolean(),
  subject_survey_question_options: z.array(z.object({ id: z.number(), value: z.string() })),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** GET …/enrollments/surveys/list */
export const surveyListSchema = z.object({
  id: z.number(),
  name: z.string(),
  subject_survey_questions: z.array(surveyQuestionSchema),
  is_answered: z.boolean(),
  step_status: z.number().nullable(),
  /** Where the browser goes after answering: the thanks page for a BI course, else the session page. */
  next_route: z.enum(['surveyComplete', 'session']),
});
export type SurveyList = z.infer<typeof surveyListSchema>;
export const surveyListResponseSchema = z.object({ data: surveyListSchema });

/** Splits a survey title at '@@' into its label and unit suffix. */
export function splitSurveyTitle(title: string): { label: string; unit: string | null } {
  const at = title.indexOf('@@');
  if (at < 0) return { label: title, unit: null };
  return { label: title.slice(0, at), unit: title.slice(at + 2) || null };
}

export const surveyAnswerSchema = z.object({
  question_id: id,
  answer: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().max(2000)),
  /** The text of 'その他' (option_other questions). */
  other: z.string().max(2000).optional(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

/** POST …/enrollments/surveys */
export const surveyBodySchema = z.object({
  user_type: userType,
  surveys: z.array(surveyAnswerSchema).max(200),
});
export type SurveyBody = z.input<typeof surveyBodySchema>;

/**
 * The survey rules (spec 000 §5), shared by the form and the server: field errors keyed
 * `surveys.{question_id}` (and `surveys.{question_id}.other`). Empty when valid.
 */
export function surveyAnswerErrors(
  questions: ReadonlyArray<
    Pick<SurveyQuestion, 'id' | 'kind' | 'is_required'> & {
      subject_survey_question_options: ReadonlyArray<{ value: string }>;
    }
  >,
  answers: ReadonlyArray<{ question_id: number; answer: string; other?: string | undefined }>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] = [...(errors[key] ?? []), message]);
  const byId = new Map(answers.map((a) => [a.question_id, a]));
  const known = new Set(questions.map((q) => q.id));
  for (const a of answers)
    if (!known.has(a.question_id)) add(`surveys.${a.question_id}`, m.surveyUnknownQuestion);
  for (const q of questions) {
    const key = `surveys.${q.id}`;
    const value = (byId.get(q.id)?.answer ?? '').trim();
    const required = q.kind === 'text' ? q.is_required : true;
    if (value === '') {
      if (required) add(key, m.surveyRequired);
      continue;
    }
    if (q.kind === 'text') {
      if (value.length > LEARNING_LIMITS.freeTextMax) add(key, m.surveyTextTooLong);
      continue;
    }
    if (!q.subject_survey_question_options.some((o) => o.value === value)) {
      add(key, m.surveyInvalidOption);
      continue;
    }
    if (q.kind === 'option_other' && value === SURVEY_OTHER_VALUE) {
      const other = (byId.get(q.id)?.other ?? '').trim();
      if (other.length > LEARNING_LIMITS.surveyOtherMax) add(`${key}.other`, m.surveyOtherTooLong);
    }
  }
  return errors;
}

export const surveySubmitSchema = z.object({
  step_status: z.number(),
  next_route: z.enum(['surveyComplete', 'session']),
  /** The certificate issued with completion (null when the course issues none). */
  certificate: z.object({ id: z.number(), number: z.string() }).nullable(),
});
export const surveySubmitResponseSchema = z.object({ data: surveySubmitSchema });

// ───────────────────────────── certificates ─────────────────────────────

/** POST …/enrollments/certificates/preview (body: user_type, optional). */
export const certificatePreviewBodySchema = z.preprocess((v) => v ?? {}, z.object({ user_type: userType }));

export const certificatePreviewSchema = z.object({
  id: z.number(),
  /** The certificate number, e.g. 'B-000012'. */
  name: z.string(),
  /** A short-lived signed same-origin URL of the PDF for an <iframe> (toolbar hidden by its #fragment). */
  link: z.string(),
  certificate_number: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  /** The public verification page: `${origin}/verify/{code}`. */
  verify_url: z.string(),
});
export type CertificatePreview = z.infer<typeof certificatePreviewSchema>;
export const certificatePreviewResponseSchema = z.object({ data: certificatePreviewSchema });

/** POST …/enrollments/certificates/download: the PDF (application/pdf, attachment named after the number). */
export const certificateDownloadBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object({ user_type: userType, id: id.optional() }),
);

/** GET /api/v1/certificates/verify/{code}: public, no login; nothing personal beyond the holder's name. */
export const certificateVerifyParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/),
});
/** 'renewed': a basic-instructor certificate continued by its renewal (is_extended, decision 034). */
export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'renewed'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const certificateVerifySchema = z.object({
  status: z.enum(CERTIFICATE_STATUSES),
  holder_name: z.string(),
  holder_name_alpha: z.string().nullable(),
  course_name: z.string(),
  certificate_number: z.string(),
  /** YYYY-MM-DD */
  issued_on: z.string(),
  /** YYYY-MM-DD, or null when the certificate does not expire. */
  valid_until: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type CertificateVerify = z.infer<typeof certificateVerifySchema>;
export const certificateVerifyResponseSchema = z.object({ data: certificateVerifySchema });

/** The certificate's state on a day (YYYY-MM-DD, Tokyo): revoked beats renewed, which beats expired. */
export function certificateStatus(
  c: { endDate: string | null; revokedAt: Date | string | null; isExtended?: boolean },
  today: string,
): CertificateStatus {
  if (c.revokedAt) return 'revoked';
  if (c.isExtended) return 'renewed';
  if (c.endDate !== null && c.endDate < today) return 'expired';
  return 'valid';
}

// ───────────────────────────── office ─────────────────────────────

/** GET /api/v1/office/trainings/{id}/surveys: the survey results of a session. */
export const officeSurveySummarySchema = z.object({
  training: z.object({ id: z.number(), name: z.string(), course_name: z.string() }),
  survey: z.object({ id: z.number(), name: z.string() }).nullable(),
  responses: z.number(),
  questions: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      kind: z.enum(SURVEY_QUESTION_KINDS),
      /** Choice questions: how often each option was chosen. */
      counts: z.array(z.object({ value: z.string(), count: z.number() })),
      /** Free texts (text questions, and 'その他' texts). */
      texts: z.array(z.string()),
    }),
  ),
});
export const officeSurveySummaryResponseSchema = z.object({ data: officeSurveySummarySchema });

/**
 * POST /api/v1/office/certificates/{id}/revoke: the reason is required, as for a manual extension (issue 17);
 * both console dialogs ask for it.
 */
export { manualCertificateActionBodySchema as certificateRevokeBodySchema } from './expiries.ts';
export const certificateRevokeSchema = z.object({ id: z.number(), revoked_at: z.string() });
export const certificateRevokeResponseSchema = z.object({ data: certificateRevokeSchema });
