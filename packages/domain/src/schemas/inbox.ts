/**
 * The office's inboxes (issue 18, decision 032): contact messages with their status, assignee and thread,
 * and the outgoing mail (mail_outbox). Labels and messages are keys (office.inbox.fields.*, validation.*),
 * resolved in the reader's language.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { pageQuerySchema, textString } from './common.ts';

/** A contact message's handling: received, being handled, answered (a reply was mailed), closed. */
export const CONTACT_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** A thread entry: an internal note, or a reply mailed to the sender. */
export const CONTACT_ENTRY_KINDS = ['note', 'reply'] as const;
export type ContactEntryKind = (typeof CONTACT_ENTRY_KINDS)[number];

/** An outgoing mail: waiting for delivery, kept in the outbox (no SMTP), delivered, or failed. */
export const OUTBOX_STATUSES = ['queued', 'kept', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const inboxFields = messageKeys('office.inbox.fields', [
  'status',
  'assignee',
  'keyword',
  'body',
  'note',
  'reply',
  'template',
]);
const f = inboxFields;

const MAX_INT = 2147483647;

/** A required multi-line text of at most `max` characters. */
const body = (label: string, max: number) =>
  textString(label, { multiline: true })
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });

const keyword = textString(f.keyword)
  .trim()
  .max(100, { error: message('validation.maxLength', ref(f.keyword), 100) })
  .optional();

const contactStatus = z.enum(CONTACT_STATUSES, {
  error: message('validation.invalidValue', ref(f.status)),
});

const userId = (label: string) =>
  z.coerce
    .number({ error: message('validation.invalidNumber', ref(label)) })
    .int({ error: message('validation.integer', ref(label)) })
    .min(1, { error: message('validation.min', ref(label), 1) })
    .max(MAX_INT, { error: message('validation.max', ref(label), MAX_INT) });

export const contactsQuerySchema = pageQuerySchema.extend({
  status: contactStatus.optional(),
  /** An office user's id, or 'none' for the unassigned. */
  assignee: z.union([z.literal('none'), userId(f.assignee)]).optional(),
  q: keyword,
});
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const contactSummarySchema = z.object({
  id: z.number().int(),
  client_name: z.string(),
  client_email: z.string(),
  location_work: z.string(),
  subject: z.string(),
  status: z.enum(CONTACT_STATUSES),
  assignee: person.nullable(),
  language: z.enum(['ja', 'en']),
  replies: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTACT_ENTRY_KINDS),
  body: z.string(),
  author: person.nullable(),
  created_at: z.string(),
});
export type ContactEntry = z.infer<typeof contactEntrySchema>;

export const contactDetailSchema = contactSummarySchema.extend({
  content: z.string(),
  entries: z.array(contactEntrySchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

export const contactPatchSchema = z
  .object({
    status: contactStatus.optional(),
    /** An office user, or null to unassign. */
    assignee_id: z
      .number({ error: message('validation.invalidNumber', ref(f.assignee)) })
      .int({ error: message('validation.integer', ref(f.assignee)) })
      .min(1, { error: message('validation.min', ref(f.assignee), 1) })
      .max(MAX_INT, { error: message('validation.max', ref(f.assignee), MAX_INT) })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.assignee_id !== undefined, {
    error: message('validation.required', ref(f.status)),
    path: ['status'],
  });
export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactNoteSchema = z.object({ body: body(f.note, 4000) }).strict();
export const contactReplySchema = z.object({ body: body(f.reply, 10000) }).strict();
export type ContactEntryInput = z.infer<typeof contactNoteSchema>;

export const staffMemberSchema = person;

export const outboxQuerySchema = pageQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES, { error: message('validation.invalidValue', ref(f.status)) }).optional(),
  template: textString(f.template)
    .trim()
    .max(60, { error: message('validation.maxLength', ref(f.template), 60) })
    .optional(),
  q: keyword,
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  resends: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxMailSchema = outboxMailSummarySchema.extend({
  /** The text part, with every link token masked. */
  text_body: z.string(),
  error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResendSchema = z.object({ id: z.number().int(), status: z.enum(OUTBOX_STATUSES) });
