/** Schemas of the instructor tab, the performance certificate and rank-up requests (decision 030). */
import { z } from 'zod';
import { message, ref } from '../i18n/message.ts';
import { RANK_UP_STATUS } from '../rules/rank-up.ts';
import { intField } from '../schemas/common.ts';
import { defineArea } from './define.ts';

const flag = (label: string) =>
  z
    .enum(['1', 'true', '0', 'false'], { error: message('validation.invalidValue', ref(label)) })
    .transform((value) => value === '1' || value === 'true');

export const rankLevelSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  name: z.string(),
  /** The level (1 BI … 4 SD): spec 001 §3 'rank'. */
  rank: z.number().int(),
  held: z.boolean(),
  /** The member's highest level held. */
  current: z.boolean(),
  /** ISO 8601; null when not held. */
  granted_at: z.string().nullable(),
});
export type RankLevelEntry = z.infer<typeof rankLevelSchema>;

export const levelsSchema = z.object({
  /** The caller's highest level, null without a rank (spec 001 §3: 'current rank has level'). */
  level: z.number().int().nullable(),
  levels: z.array(rankLevelSchema),
});

/** Spec 001 §3 'Training list entry' with what the certificate picker shows. */
export const performanceTrainingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** '1' attended (certifiable), '0' not (yet). */
  status: z.enum(['0', '1']),
  event_date: z.string(),
  venue_name: z.string(),
  course_name: z.string(),
  user_type: z.object({ id: z.number().int(), type: z.string() }),
});
export type PerformanceTraining = z.infer<typeof performanceTrainingSchema>;

/** The most sessions one performance download may hold. */
export const PERFORMANCE_MAX_TRAININGS = 50;

const trainingKey = z.string().regex(/^[1-9]\d{0,9}$/, {
  error: message('validation.invalidValue', ref('instructor.fields.trainingId')),
});
const userTypeIds = z
  .array(intField('instructor.fields.userTypes', { min: 1, max: 3 }))
  .min(1, { error: 'instructor.performance.notBlank' })
  .max(3);

/** POST /certificates/performance/download: {training_ids: {"12": [1], "15": [1, 2]}}; none chosen → 400. */
export const performanceDownloadBodySchema = z.object({
  training_ids: z
    .record(trainingKey, userTypeIds, { error: 'instructor.performance.notBlank' })
    .refine((value) => Object.keys(value).length > 0, { error: 'instructor.performance.notBlank' })
    .refine((value) => Object.keys(value).length <= PERFORMANCE_MAX_TRAININGS, {
      error: message('instructor.performance.tooMany', PERFORMANCE_MAX_TRAININGS),
    }),
});
export type PerformanceDownloadBody = z.infer<typeof performanceDownloadBodySchema>;

export const performanceVerifySchema = z.object({
  holder_name: z.string(),
  training_name: z.string(),
  course_name: z.string(),
  role: z.string(),
  event_date: z.string(),
  issued_on: z.string(),
});

const rankRefSchema = z.object({ short_name: z.string(), name: z.string(), level: z.number().int() });
const sessionRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_date: z.string(),
  venue_name: z.string(),
  course_name: z.string(),
});

export const RANK_UP_STATUSES = Object.values(RANK_UP_STATUS);

export const rankUpRequestSchema = z.object({
  id: z.number().int(),
  /** 0 choose a session, 1 session chosen, 2 approved, 3 not approved. */
  status: z.number().int(),
  from_rank: rankRefSchema.nullable(),
  to_rank: rankRefSchema,
  training: sessionRefSchema.nullable(),
  /** The office's reason when not approved. */
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type RankUpRequest = z.infer<typeof rankUpRequestSchema>;

export const rankUpOverviewSchema = z.object({
  requests: z.array(rankUpRequestSchema),
  /** The next rank and its requirements (null at the top level or without a rank). */
  next: z
    .object({
      rank: rankRefSchema,
      years_at_current: z.number().int(),
      sessions_taught: z.number().int(),
    })
    .nullable(),
  /** Every level's requirements (the requirements section the refusal links to). */
  requirements: z.array(
    z.object({ rank: rankRefSchema, years_at_current: z.number().int(), sessions_taught: z.number().int() }),
  ),
});

export const candidateSchema = sessionRefSchema.extend({
  /** The caller's enrolment status in that session. */
  enrollment_status: z.number().int(),
});

export const officeRankUpSchema = rankUpRequestSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** Sessions taught as instructor since the current rank was granted (what the requirements counted). */
  sessions_taught: z.number().int(),
});

const requestIdParams = z.object({
  request_id: intField('fields.id', { min: 1, max: 2147483647 }),
});

export const instructor = defineArea('instructor', {
  levels: {
    query: z.object({ show_all: flag('instructor.fields.showAll').optional() }),
    data: levelsSchema,
  },
  performanceTrainings: { data: z.array(performanceTrainingSchema) },
  performanceDownload: { body: performanceDownloadBodySchema },
  performanceVerify: {
    params: z.object({ code: z.string().trim().min(1).max(64) }),
    data: performanceVerifySchema,
  },
});

export const rankUp = defineArea('rankUp', {
  list: { data: rankUpOverviewSchema },
  create: { data: rankUpRequestSchema },
  candidates: {
    query: z.object({ user_type: intField('fields.userType', { min: 1, max: 3 }).default(1) }),
    data: z.array(candidateSchema),
  },
  check: {
    params: requestIdParams,
    query: z.object({
      training_id: intField('instructor.fields.trainingId', { min: 1, max: 2147483647 }),
      request_id: intField('fields.id', { min: 1, max: 2147483647 }).optional(),
    }),
    data: rankUpRequestSchema,
  },
});

export const officeRankUp = defineArea('officeRankUp', {
  list: { data: z.array(officeRankUpSchema) },
  approve: {
    params: z.object({ id: intField('fields.id', { min: 1, max: 2147483647 }) }),
    data: rankUpRequestSchema,
  },
  reject: {
    params: z.object({ id: intField('fields.id', { min: 1, max: 2147483647 }) }),
    body: z.object({
      reason: z
        .string({ error: 'instructor.rankUp.rejectReason' })
        .trim()
        .min(1, { error: 'instructor.rankUp.rejectReason' })
        .max(500),
    }),
    data: rankUpRequestSchema,
  },
});
