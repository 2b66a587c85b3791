/**
 * The office's audit log (issue 18, decision 033): one log of every office action and every money or
 * enrolment change (audit_events and the enrolments' step trails), searched by member, session, order,
 * actor, action and date range. Labels and messages are keys (office.audit.fields.*, validation.*).
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { dateField, intField, pageQuerySchema, textString } from './common.ts';

export const auditFields = messageKeys('office.audit.fields', [
  'member',
  'session',
  'order',
  'actor',
  'action',
  'from',
  'to',
]);
const f = auditFields;

/** Where a row of the log comes from: an audit event, or a step of an enrolment's trail. */
export const AUDIT_SOURCES = ['event', 'trail'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

const MAX_INT = 2147483647;
const id = (label: string) => intField(label, { min: 1, max: MAX_INT }).optional();

const filterShape = {
  member_id: id(f.member),
  training_id: id(f.session),
  order_id: id(f.order),
  actor_id: id(f.actor),
  /** An action name or its start: 'order' finds order.refund and order.confirm_transfer. */
  action: textString(f.action)
    .trim()
    .max(60, { error: message('validation.maxLength', ref(f.action), 60) })
    .regex(/^[a-z_.]*$/, { error: message('validation.invalidValue', ref(f.action)) })
    .optional(),
  /** Days in Tokyo, both included. */
  from: dateField(f.from).optional(),
  to: dateField(f.to).optional(),
};
const orderedDates = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const datesError = { error: message('validation.invalidValue', ref(f.to)), path: ['to'] };

/** The filter of the CSV. */
export const auditFilterSchema = z.object(filterShape).refine(orderedDates, datesError);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The filter of the list, paged (newest first). */
export const auditQuerySchema = pageQuerySchema.extend(filterShape).refine(orderedDates, datesError);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  /** Unique across the two sources: 'event:12', 'trail:34'. */
  key: z.string(),
  source: z.enum(AUDIT_SOURCES),
  created_at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.number().int().nullable(),
  /** What the row recorded before and after the change, as JSON text (null when not recorded). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The rest of what was recorded (reason, amounts, step), as JSON text. */
  details: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
