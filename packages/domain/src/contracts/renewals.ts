/** Schemas of the certificate renewal (routes in renewals.routes.ts, decision 034). */
import { z } from 'zod';
import { RENEWAL_CERTIFICATE_TYPE, RENEWAL_STATUSES } from '../rules/renewal.ts';
import { idParamSchema, intField } from '../schemas/common.ts';
import {
  lessonProgressBodySchema,
  lessonProgressSchema,
  lessonViewBodySchema,
  lessonViewSchema,
  preVideosSchema,
  quizAnswerResultSchema,
  quizSchema,
} from '../schemas/learning.ts';
import { defineArea } from './define.ts';

const day = z.string().describe('YYYY-MM-DD');
const stepState = z.enum(['active', 'finished', 'disabled']);

export const renewalStartBodySchema = z.object({
  certificate_type: intField('fields.type', { min: RENEWAL_CERTIFICATE_TYPE, max: RENEWAL_CERTIFICATE_TYPE }),
  certificate_id: intField('fields.id', { min: 1, max: 2147483647 }),
});
export type RenewalStartBody = z.input<typeof renewalStartBodySchema>;

export const renewalViewSchema = z.object({
  id: z.number().int(),
  certificate_type: z.literal(RENEWAL_CERTIFICATE_TYPE),
  status: z
    .number()
    .int()
    .describe(`one of ${RENEWAL_STATUSES.join(', ')}`),
  steps: z.object({ videos: stepState, post_test: stepState, certificate: z.boolean() }),
  /** The renewal course: what is paid for (object type 7, object_id) and whose videos and test are taken. */
  course: z.object({ id: z.number().int(), name: z.string(), certification_period: z.number().int() }),
  source_certificate: z.object({
    id: z.number().int(),
    course_id: z.number().int(),
    name: z.string(),
    certificate_number: z.string(),
    start_date: day,
    end_date: day,
    /** The public verification page of the certificate (/verify/{code}): 'renewed' once renewed. */
    verify_path: z.string(),
  }),
  /** The validity the renewed certificate will have: from the day after the old end date. */
  renewed_validity: z.object({ start_date: day, end_date: day }),
  fee: z.number().int(),
  free: z.boolean(),
  paid: z.boolean(),
  /** The renewed certificate once complete (4): its number and dates, and a short-lived signed link for the frame. */
  certificate: z
    .object({
      id: z.number().int(),
      certificate_number: z.string(),
      start_date: day,
      end_date: day.nullable(),
      link: z.string(),
      verify_path: z.string(),
    })
    .nullable(),
});
export type RenewalView = z.output<typeof renewalViewSchema>;

const requestId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2147483647)
  .describe('the renewal request (certificate_requests.id)');

/** POST …/pre-videos/progress of a renewal: the player's report, with the request instead of a user type. */
export const renewalProgressBodySchema = lessonProgressBodySchema
  .omit({ user_type: true })
  .extend({ request_id: requestId });
export type RenewalProgressBody = z.input<typeof renewalProgressBodySchema>;

/** POST …/pre-videos/view {lesson_id, request_id} (spec 001 §7). */
export const renewalViewBodySchema = lessonViewBodySchema
  .omit({ user_type: true })
  .extend({ request_id: requestId });
export type RenewalViewBody = z.input<typeof renewalViewBodySchema>;

/** POST …/post-tests/answer {lesson_id (the question; question_id accepted too), answer array, request_id} (spec 001 §7). */
export const renewalAnswerBodySchema = z
  .object({
    request_id: requestId,
    question_id: z.coerce.number().int().min(1).max(2147483647).optional(),
    lesson_id: z.coerce.number().int().min(1).max(2147483647).optional(),
    answer: z
      .preprocess(
        (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.string().max(2000)).max(50),
      )
      .default([]),
  })
  .refine((b) => b.question_id !== undefined || b.lesson_id !== undefined, {
    error: 'learning.api.questionNotFound',
    path: ['question_id'],
  })
  .transform(({ lesson_id, question_id, ...rest }) => ({
    ...rest,
    question_id: (question_id ?? lesson_id) as number,
  }));
export type RenewalAnswerBody = z.input<typeof renewalAnswerBodySchema>;

/** The renewal's videos: the request's status in step_status (3 videos, 8 test, 4 complete). */
export const renewalVideosSchema = preVideosSchema;
export type RenewalVideos = z.output<typeof renewalVideosSchema>;

/** The course-renewal test (is_completed: every question answered correctly). */
export const renewalTestSchema = quizSchema.omit({ kind: true }).extend({ kind: z.literal('renewal') });
export type RenewalTest = z.output<typeof renewalTestSchema>;

export const renewals = defineArea('renewals', {
  start: { body: renewalStartBodySchema, data: renewalViewSchema },
  detail: { params: idParamSchema, data: renewalViewSchema },
  preVideos: { params: idParamSchema, data: renewalVideosSchema },
  progress: { body: renewalProgressBodySchema, data: lessonProgressSchema },
  view: { body: renewalViewBodySchema, data: lessonViewSchema },
  postTests: { params: idParamSchema, data: renewalTestSchema },
  answer: { body: renewalAnswerBodySchema, data: quizAnswerResultSchema },
});
