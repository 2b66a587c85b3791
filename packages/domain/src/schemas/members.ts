/**
 * The office's members (issue 18, decision 042): search, a member's page, the office's actions on an
 * account (reset link, registration mail, deactivate and reactivate, corrections with a reason) and the
 * personal-data export and erasure. Labels and messages are keys (office.members.fields.*, validation.*).
 */
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { intField, pageQuerySchema, textString } from './common.ts';
import {
  OCCUPATION_IDS,
  PREFECTURE_IDS,
  profileDetailsShape,
  profileNamesShape,
  profileShape,
  tokyoToday,
} from './users.ts';

/** An account as the office sees it: in use, deactivated by the office (reversible), erased (not). */
export const MEMBER_STATUSES = ['active', 'deactivated', 'erased'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const memberFields = messageKeys('office.members.fields', [
  'name',
  'email',
  'phone',
  'occupation',
  'prefecture',
  'status',
  'reason',
  'correction',
]);
const f = memberFields;

const search = (label: string, max: number) =>
  textString(label)
    .trim()
    .max(max, { error: message('validation.maxLength', ref(label), max) })
    .optional();

const choice = (label: string, allowed: readonly number[]) =>
  intField(label)
    .refine((v) => allowed.includes(v), { error: message('validation.invalidValue', ref(label)) })
    .optional();

/** GET /office/members: every filter optional, combined with AND; newest account first. */
export const membersQuerySchema = pageQuerySchema.extend({
  /** Kanji, kana (either script, either width) or alphabet, in part, with or without the space. */
  name: search(f.name, 100),
  email: search(f.email, 254),
  /** Compared digit by digit. */
  phone: search(f.phone, 30),
  occupation: choice(f.occupation, OCCUPATION_IDS),
  /** The prefecture of the address or of the workplace. */
  prefecture: choice(f.prefecture, PREFECTURE_IDS),
  status: z.enum(MEMBER_STATUSES, { error: message('validation.invalidValue', ref(f.status)) }).optional(),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;

export const memberSummarySchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  fullname_kana: z.string(),
  email: z.string(),
  phone: z.string(),
  occupation: z.number().int(),
  area: z.number().int().nullable(),
  location_work: z.string(),
  status: z.enum(MEMBER_STATUSES),
  created_at: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** The profile as the office reads it (no password hash, no token). */
export const memberProfileSchema = z.object({
  ...profileNamesShape,
  ...profileDetailsShape,
  /** YYYY-MM-DD */
  birthday: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(MEMBER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  deactivated_at: z.string().nullable(),
  erased_at: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const memberStepSchema = z.object({
  step: z.number().int(),
  status: z.number().int(),
  note: z.string().nullable(),
  actor: person.nullable(),
  created_at: z.string(),
});

export const memberEnrollmentSchema = z.object({
  id: z.number().int(),
  training_id: z.number().int(),
  training_name: z.string(),
  course_name: z.string(),
  event_date: z.string(),
  user_type: z.number().int(),
  status: z.number().int(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
  steps: z.array(memberStepSchema),
});

export const memberOrderSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  object_type: z.number().int(),
  /** The session or course paid for, or the shop items, as named when bought. */
  what: z.string().nullable(),
  amount: z.number().int(),
  status: z.number().int(),
  payment_method_id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

export const memberCertificateSchema = z.object({
  id: z.number().int(),
  certificate_number: z.string(),
  certificate_type: z.number().int(),
  course_name: z.string(),
  holder_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  revoked_at: z.string().nullable(),
  verification_code: z.string(),
});

export const memberCertificateRequestSchema = z.object({
  id: z.number().int(),
  certificate_type: z.number().int(),
  course_name: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const memberRankSchema = z.object({
  short_name: z.string(),
  name: z.string(),
  level: z.number().int(),
  granted_at: z.string(),
});

export const memberRankUpSchema = z.object({
  id: z.number().int(),
  to_rank: z.string(),
  status: z.number().int(),
  created_at: z.string(),
});

export const memberDetailSchema = z.object({
  profile: memberProfileSchema,
  enrollments: z.array(memberEnrollmentSchema),
  orders: z.array(memberOrderSchema),
  certificates: z.array(memberCertificateSchema),
  certificate_requests: z.array(memberCertificateRequestSchema),
  ranks: z.array(memberRankSchema),
  rank_up_requests: z.array(memberRankUpSchema),
  /** True while an order is in payment: erasure is refused until it ends. */
  payment_in_progress: z.boolean(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

const reasonField = textString(f.reason, { multiline: true })
  .trim()
  .min(1, { error: message('validation.required', ref(f.reason)) })
  .max(500, { error: message('validation.maxLength', ref(f.reason), 500) });

/** Deactivate, reactivate, erase: the reason is kept in the audit log. */
export const memberReasonSchema = z.object({ reason: reasonField }).strict();
export type MemberReason = z.infer<typeof memberReasonSchema>;

/** The profile fields the office may correct (the registration's rules; no password, no language). */
export const CORRECTABLE_FIELDS = [
  'email',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'last_name_alpha',
  'first_name_alpha',
  'occupation',
  'medical_department',
  'location_work',
  'work_area',
  'postal_code',
  'area',
  'district',
  'address',
  'phone',
  'gender',
  'birthday',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** PATCH /office/members/:id: the fields corrected (at least one) and why; the birthday bound from `today`. */
export function memberCorrectionSchema(today: () => string = () => tokyoToday()) {
  const shape = profileShape(today);
  const fields = Object.fromEntries(CORRECTABLE_FIELDS.map((k) => [k, shape[k].optional()])) as {
    [K in CorrectableField]: z.ZodOptional<(typeof shape)[K]>;
  };
  return z
    .object({ ...fields, reason: reasonField })
    .strict()
    .refine((v) => CORRECTABLE_FIELDS.some((k) => v[k] !== undefined), {
      error: message('validation.required', ref(f.correction)),
      path: ['reason'],
    });
}
export type MemberCorrection = z.infer<ReturnType<typeof memberCorrectionSchema>>;

/** What a mail action answers: the address the mail went to. */
export const memberMailSentSchema = z.object({ to: z.string() });
