/**
 * The office's certificate expiries (issue 17, decision 038): basic-instructor certificates ending within
 * 6 months or in their grace months, with where each renewal stands; the renewal of one request; a manual
 * extension. Labels and messages are keys (office.expiries.fields.*, validation.*).
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { RENEWAL_PROGRESSES, RENEWAL_REMINDERS } from '../rules/renewal.ts';
import { pageQuerySchema, textString } from './common.ts';

export const expiryFields = messageKeys('office.expiries.fields', ['state', 'renewal', 'q', 'reason']);
const f = expiryFields;

/** Which end dates: within 6 months (not yet expired), expired within the grace months, or both. */
export const EXPIRY_STATES = ['expiring', 'expired', 'all'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
/** Which renewals: not started, started (fee due, videos or test), renewed (complete or extended), any. */
export const EXPIRY_RENEWAL_FILTERS = ['any', 'notStarted', 'started', 'renewed'] as const;
export type ExpiryRenewalFilter = (typeof EXPIRY_RENEWAL_FILTERS)[number];

const filterShape = {
  state: z
    .enum(EXPIRY_STATES, { error: message('validation.invalidValue', ref(f.state)) })
    .default('expiring'),
  renewal: z
    .enum(EXPIRY_RENEWAL_FILTERS, { error: message('validation.invalidValue', ref(f.renewal)) })
    .default('any'),
  /** The member's name or email, or the certificate number (part of it). */
  q: textString(f.q)
    .trim()
    .max(100, { error: message('validation.maxLength', ref(f.q), 100) })
    .optional(),
};

export const expiryFilterSchema = z.object(filterShape);
export type ExpiryFilter = z.infer<typeof expiryFilterSchema>;
export const expiryQuerySchema = pageQuerySchema.extend(filterShape);
export type ExpiryQuery = z.infer<typeof expiryQuerySchema>;

export const officeExpirySchema = z.object({
  certificate_id: z.number().int(),
  certificate_number: z.string(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** YYYY-MM-DD */
  start_date: z.string(),
  end_date: z.string(),
  /** Days from today (Japan) to the end date; negative once past. */
  days_left: z.number().int(),
  renewal: z.enum(RENEWAL_PROGRESSES),
  /** The renewal request, when one was started. */
  request_id: z.number().int().nullable(),
  /** The last reminder mail sent, if any. */
  last_reminder: z.enum(RENEWAL_REMINDERS).nullable(),
});
export type OfficeExpiry = z.infer<typeof officeExpirySchema>;

/** GET /office/renewals/{id}: one renewal as the office sees it. */
export const officeRenewalSchema = z.object({
  id: z.number().int(),
  /** certificate_requests.status: 0 awaiting the fee, 3 videos, 8 test, 4 complete. */
  status: z.number().int(),
  progress: z.enum(RENEWAL_PROGRESSES),
  created_at: z.string(),
  updated_at: z.string(),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  source_certificate: z.object({
    id: z.number().int(),
    certificate_number: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    extended: z.boolean(),
    revoked: z.boolean(),
  }),
  /** The renewed certificate, once issued. */
  certificate: z
    .object({ id: z.number().int(), certificate_number: z.string(), end_date: z.string().nullable() })
    .nullable(),
  videos: z.object({ total: z.number().int(), seen: z.number().int() }),
  test: z.object({ questions: z.number().int(), correct: z.number().int(), attempts: z.number().int() }),
  /** The renewal fee's orders, newest first (a refunded one and the one paid again). */
  payments: z.array(
    z.object({
      order_id: z.number().int(),
      status: z.number().int(),
      amount: z.number().int(),
      paid_at: z.string().nullable(),
    }),
  ),
});
export type OfficeRenewal = z.infer<typeof officeRenewalSchema>;

/** POST /office/certificates/{id}/extend and the expiry page's revoke: the reason is required. */
export const manualCertificateActionBodySchema = z.object({
  reason: textString(f.reason, { multiline: true })
    .trim()
    .min(1, { error: message('validation.required', ref(f.reason)) })
    .max(500, { error: message('validation.maxLength', ref(f.reason), 500) }),
});
export type ManualCertificateActionBody = z.infer<typeof manualCertificateActionBodySchema>;

export const manualExtendSchema = z.object({
  id: z.number().int(),
  certificate_number: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  extended_from_id: z.number().int(),
});
export type ManualExtend = z.infer<typeof manualExtendSchema>;
