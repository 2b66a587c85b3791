import { dayBeforeReminderAt, ORDER_TYPE, transferReminderAt } from '@mels/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { findEventDate } from './notifications.repository.ts';

/**
 * A member's mail is a job (kind 'mail') written in the transaction of the change it tells about:
 * it exists only if that change commits, and it is sent after the commit by the job runner (decision
 * 024). The dedupe key makes each mail once per thing: a second call is a no-op.
 */
export const MAIL_JOB = 'mail';

export const MAIL_TEMPLATES = [
  'applicationReceived',
  'ticketReady',
  'dayBeforeReminder',
  'paymentReceived',
  'shopOrderConfirmed',
  'transferInstructions',
  'transferReminder',
  'assistantApproved',
  'assistantRejected',
  'certificateIssued',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** The dedupe key of a template's mails without the id (an SQL statement appends it). */
export const mailDedupeKeyPrefix = (template: MailTemplate) => `${MAIL_JOB}:${template}:`;
export const mailDedupeKey = (template: MailTemplate, id: number) => `${mailDedupeKeyPrefix(template)}${id}`;

export async function queueMail(
  db: Executor,
  mail: { template: MailTemplate; id: number; runAt: Date; reason?: string },
): Promise<void> {
  await scheduleJob(db, {
    kind: MAIL_JOB,
    // A reason given by the office at that moment travels with the job (it is nowhere else on the row).
    payload: { template: mail.template, id: mail.id, ...(mail.reason ? { reason: mail.reason } : {}) },
    runAt: mail.runAt,
    dedupeKey: mailDedupeKey(mail.template, mail.id),
  });
}

/**
 * The application mail's job for each enrolment of `enrollmentIds` (a relation with an `id` column,
 * e.g. a CTE), as an INSERT … SELECT that the statement recording the application embeds (one round
 * trip, issue 20). Same job, payload and dedupe key as queueApplicationMail.
 */
export function applicationMailJobs(enrollmentIds: SQL, runAt: Date): SQL {
  const template: MailTemplate = 'applicationReceived';
  return sql`insert into ${jobs} (kind, payload, run_at, dedupe_key)
    select ${MAIL_JOB}::text, jsonb_build_object('template', ${template}::text, 'id', m.id), ${runAt}::timestamptz,
      ${mailDedupeKeyPrefix(template)}::text || m.id
    from ${enrollmentIds} m
    on conflict (dedupe_key) do nothing`;
}

/** An application was recorded (any route: first-come place, lottery entry, assistant awaiting approval). */
export async function queueApplicationMail(db: Executor, input: { enrollmentId: number; now: Date }) {
  await queueMail(db, { template: 'applicationReceived', id: input.enrollmentId, runAt: input.now });
}

/** The enrolment reached 'attending': the ticket mail now, the reminder the day before the session. */
export async function queueTicketMails(db: Executor, input: { enrollmentId: number; now: Date }) {
  await queueMail(db, { template: 'ticketReady', id: input.enrollmentId, runAt: input.now });
  const eventDate = await findEventDate(db, input.enrollmentId);
  const at = eventDate ? dayBeforeReminderAt(eventDate, input.now) : null;
  if (at) await queueMail(db, { template: 'dayBeforeReminder', id: input.enrollmentId, runAt: at });
}

/** A purchase was completed: the payment mail (a shop order's confirmation), when there was anything to pay. */
export async function queueOrderMails(
  db: Executor,
  input: {
    order: { id: number; type: number; amount: number; objectType: number };
    shop: boolean;
    now: Date;
  },
) {
  if (input.order.type !== ORDER_TYPE.purchase || input.order.amount <= 0) return;
  await queueMail(db, {
    template: input.shop ? 'shopOrderConfirmed' : 'paymentReceived',
    id: input.order.id,
    runAt: input.now,
  });
}

/** A bank transfer was chosen: the instructions now, a reminder two days before the deadline. */
export async function queueTransferMails(db: Executor, input: { orderId: number; dueAt: Date; now: Date }) {
  await queueMail(db, { template: 'transferInstructions', id: input.orderId, runAt: input.now });
  const at = transferReminderAt(input.dueAt, input.now);
  if (at) await queueMail(db, { template: 'transferReminder', id: input.orderId, runAt: at });
}

/** The office approved an assistant's application. */
export async function queueAssistantApprovedMail(db: Executor, input: { enrollmentId: number; now: Date }) {
  await queueMail(db, { template: 'assistantApproved', id: input.enrollmentId, runAt: input.now });
}

/** A completion certificate was issued. */
export async function queueCertificateMail(db: Executor, input: { certificateId: number; now: Date }) {
  await queueMail(db, { template: 'certificateIssued', id: input.certificateId, runAt: input.now });
}

/** The office declined an assistant's application: the mail carries the reason it gave. */
export async function queueAssistantRejectedMail(
  db: Executor,
  input: { enrollmentId: number; reason: string; now: Date },
) {
  await queueMail(db, {
    template: 'assistantRejected',
    id: input.enrollmentId,
    runAt: input.now,
    reason: input.reason,
  });
}
