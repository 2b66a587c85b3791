/** The renewal reminder mails (decision 038): texts by key from the renewal mail dictionary, in the member's language. */
import {
  day,
  K,
  message,
  renewalPath,
  translate,
  type Language,
  type MessageParam,
  type RenewalReminder,
} from '@mels/domain';
import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, type MailReader } from '../../lib/mail-templates/words.ts';

const m = K.renewalMails;

export type ReminderCertificate = {
  id: number;
  number: string;
  courseId: number;
  courseName: string;
  endDate: string;
};

/** 6 months, 1 month, 1 day before the end date, or at expiry: the end date and the renewal link. */
export function renewalReminderMail(input: {
  reader: MailReader;
  reminder: RenewalReminder;
  certificate: ReminderCertificate;
  site: MailSite;
}): MailContent {
  const { reader, reminder, certificate: c, site } = input;
  const lang: Language = reader.language;
  const t = (key: string, ...params: MessageParam[]) => translate(message(key, ...params), lang);
  const link = `${site.publicUrl}${renewalPath({ courseId: c.courseId, certificateId: c.id })}`;
  const body = [
    greeting(reader),
    '',
    t(m.lead[reminder], c.number, c.courseName, day(c.endDate)),
    '',
    t(m.action, link),
    '',
    t(m.done),
  ].join('\n');
  return composeMail(t(m.subject[reminder]), body, site);
}
