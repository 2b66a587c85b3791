import {
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_METHOD,
  STEP_STATUS,
  USER_TYPE,
  type Language,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { mailSite, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import type { MailReader } from '../../lib/mail-templates/words.ts';
import type { Deps } from '../../plugins/deps.ts';
import { certificateIssuedMail } from '../certificates/index.ts';
import {
  applicationReceivedMail,
  dayBeforeReminderMail,
  ticketReadyMail,
  type ApplicationKind,
} from '../enrollments/index.ts';
import { assistantApprovedMail, assistantRejectedMail } from '../office/index.ts';
import {
  paymentReceivedMail,
  shopOrderConfirmedMail,
  transferInstructionsMail,
  transferReminderMail,
  orderWhat,
  type MailBankAccount,
} from '../orders/index.ts';
import { MAIL_TEMPLATES, type MailTemplate } from './notifications.queue.ts';
import {
  findCertificateForMail,
  findEnrollmentSession,
  findOrderForMail,
  findReader,
} from './notifications.repository.ts';

type Composed = { userId: number; content: (reader: MailReader) => MailContent } | null;

/** Statuses at which a place is held or was used: the ticket is (or was) valid. */
const TICKET_STATUSES: readonly number[] = [
  STEP_STATUS.attending,
  STEP_STATUS.postTestNotTaken,
  STEP_STATUS.surveyNotTaken,
  STEP_STATUS.completed,
];

function applicationKind(e: { status: number; selection: string; userTypeId: number }): ApplicationKind {
  if (e.userTypeId === USER_TYPE.assistant && e.status === STEP_STATUS.applying) return 'approval';
  if (e.selection === 'lottery') return 'lottery';
  return 'place';
}

/**
 * Reads what a mail tells about, as it is when the job runs, and composes it; null when there is
 * nothing (any more) to tell: a cancelled enrolment gets no reminder, a paid transfer no reminder.
 */
async function compose(
  db: Executor,
  deps: Deps,
  job: { template: MailTemplate; id: number; reason: string },
): Promise<Composed> {
  const { template, id } = job;
  const site = (reader: MailReader) => mailSite(deps.config, reader.language);
  switch (template) {
    case 'applicationReceived':
    case 'ticketReady':
    case 'dayBeforeReminder':
    case 'assistantApproved':
    case 'assistantRejected': {
      const e = await findEnrollmentSession(db, id);
      if (!e) return null;
      const session = e;
      if (template === 'applicationReceived') {
        if (e.status < STEP_STATUS.applying || e.status === STEP_STATUS.lost) return null;
        const kind = applicationKind(e);
        return {
          userId: e.userId,
          content: (reader) =>
            applicationReceivedMail({
              reader,
              session,
              kind,
              applyEndDate: e.applyEndDate,
              site: site(reader),
            }),
        };
      }
      if (template === 'ticketReady') {
        if (!TICKET_STATUSES.includes(e.status)) return null;
        return {
          userId: e.userId,
          content: (reader) => ticketReadyMail({ reader, session, site: site(reader) }),
        };
      }
      if (template === 'dayBeforeReminder') {
        if (e.status !== STEP_STATUS.attending || !e.isActive) return null;
        return {
          userId: e.userId,
          content: (reader) => dayBeforeReminderMail({ reader, session, site: site(reader) }),
        };
      }
      if (template === 'assistantRejected') {
        if (e.status !== STEP_STATUS.lost) return null;
        return {
          userId: e.userId,
          content: (reader) =>
            assistantRejectedMail({ reader, session, reason: job.reason, site: site(reader) }),
        };
      }
      if (e.status === STEP_STATUS.lost) return null;
      return {
        userId: e.userId,
        content: (reader) =>
          assistantApprovedMail({
            reader,
            session,
            awaitingLottery: e.status === STEP_STATUS.awaitingLottery,
            site: site(reader),
          }),
      };
    }
    case 'paymentReceived':
    case 'shopOrderConfirmed':
    case 'transferInstructions':
    case 'transferReminder': {
      const found = await findOrderForMail(db, id);
      if (!found) return null;
      const { order, lines } = found;
      // A course registration names its course; anything else its session.
      const what = (language: Language) =>
        orderWhat({
          objectType: order.objectType,
          name: order.objectType === OBJECT_TYPE.courseRegistration ? found.courseName : found.trainingName,
          language,
        });
      const mailOrder = (language: Language) => ({
        id: order.id,
        amount: order.amount,
        what: what(language),
        dueAt: order.dueAt,
      });
      if (template === 'transferInstructions' || template === 'transferReminder') {
        if (order.status !== ORDER_STATUS.inPayment || order.paymentMethodId !== PAYMENT_METHOD.bankTransfer)
          return null;
        const account: MailBankAccount = deps.config.bankAccount;
        const mail = template === 'transferInstructions' ? transferInstructionsMail : transferReminderMail;
        return {
          userId: order.userId,
          content: (reader) =>
            mail({ reader, order: mailOrder(reader.language), account, site: site(reader) }),
        };
      }
      const paid: readonly number[] = [ORDER_STATUS.complete, ORDER_STATUS.shipping, ORDER_STATUS.shipped];
      if (!paid.includes(order.status)) return null;
      if (template === 'shopOrderConfirmed') {
        return {
          userId: order.userId,
          content: (reader) =>
            shopOrderConfirmedMail({
              reader,
              order: mailOrder(reader.language),
              lines,
              delivery: {
                postalCode: order.postalCode,
                address: order.address,
                customerName: order.customerName,
              },
              site: site(reader),
            }),
        };
      }
      return {
        userId: order.userId,
        content: (reader) =>
          paymentReceivedMail({ reader, order: mailOrder(reader.language), site: site(reader) }),
      };
    }
    case 'certificateIssued': {
      const c = await findCertificateForMail(db, id);
      if (!c || c.revokedAt || c.userId === null || c.trainingId === null) return null;
      const certificate = {
        number: c.number,
        courseName: c.courseName,
        trainingId: c.trainingId,
        userTypeId: c.userTypeId ?? USER_TYPE.attendee,
        validUntil: c.endDate,
      };
      return {
        userId: c.userId,
        content: (reader) => certificateIssuedMail({ reader, certificate, site: site(reader) }),
      };
    }
  }
}

/** The 'mail' job: composes the mail in the member's language and sends it after the job's commit. */
export function mailJob(deps: Deps): JobHandler {
  return async (tx, payload) => {
    const template = payload.template as MailTemplate;
    const id = Number(payload.id);
    if (!MAIL_TEMPLATES.includes(template) || !Number.isInteger(id)) throw new Error('bad mail job payload');
    const reason = typeof payload.reason === 'string' ? payload.reason : '';
    const composed = await compose(tx, deps, { template, id, reason });
    if (!composed) return;
    const reader = await findReader(tx, composed.userId);
    if (!reader) return;
    const content = composed.content(reader);
    return async () => {
      await deps.mailer.send({ to: reader.email, ...content });
    };
  };
}

/**
 * Mails a member now, in their language (call it after the change committed): the office's lottery
 * and cancellation mails, the shipping notice. Nothing is sent to an inactive or missing account.
 */
export async function mailMember(
  deps: Deps,
  userId: number,
  compose: (reader: MailReader, site: MailSite) => MailContent,
): Promise<void> {
  const reader = await findReader(deps.db, userId);
  if (!reader) return;
  await deps.mailer.send({ to: reader.email, ...compose(reader, mailSite(deps.config, reader.language)) });
}
