import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import {
  greeting,
  mailDate,
  mailDateTime,
  mailTime,
  type MailReader,
} from '../../lib/mail-templates/words.ts';

/** The session a member's mail is about. */
export type MailSession = {
  trainingId: number;
  userTypeId: number;
  name: string;
  courseName: string;
  eventDate: string;
  eventStartTime: string;
  eventEndTime: string;
  venueName: string;
  venue: string;
  note: string;
};

export const sessionUrl = (site: MailSite, s: MailSession) =>
  `${site.publicUrl}/session/${s.trainingId}/${s.userTypeId}`;

/** The session's lines (name, course, date and time, venue) in the reader's language. */
export function sessionLines(s: MailSession, reader: Pick<MailReader, 'language'>): string[] {
  const start = mailTime(s.eventStartTime);
  const end = mailTime(s.eventEndTime);
  const venue = [s.venueName, s.venue].filter(Boolean).join(' ');
  return reader.language === 'en'
    ? [
        `Session: ${s.name}`,
        `Course: ${s.courseName}`,
        `Date: ${mailDate(s.eventDate, 'en')}, ${start}–${end}`,
        `Venue: ${venue}`,
      ]
    : [
        `講習会：${s.name}`,
        `コース：${s.courseName}`,
        `開催日時：${mailDate(s.eventDate, 'ja')} ${start}〜${end}`,
        `会場：${venue}`,
      ];
}

/** How the place is given after an application: at once, by the draw, or after the office approves. */
export type ApplicationKind = 'place' | 'lottery' | 'approval';

/** Sent when an application is recorded (first-come place, lottery entry, or assistant awaiting approval). */
export function applicationReceivedMail(input: {
  reader: MailReader;
  session: MailSession;
  kind: ApplicationKind;
  /** The end of the application window: the draw is held after it. */
  applyEndDate: Date;
  site: MailSite;
}): MailContent {
  const { reader, session, kind, site } = input;
  const url = sessionUrl(site, session);
  if (reader.language === 'en') {
    const next = {
      place:
        'A place has been reserved for you. Please complete the next steps (agreement and, where there is a fee, payment) on the session page:',
      lottery: `Places are given by lottery. The draw is held after applications close (${mailDateTime(input.applyEndDate, 'en')}); we will send you the result by mail.`,
      approval:
        'Applications as an assistant are approved by the office. We will let you know by mail once yours is approved.',
    }[kind];
    const body = [
      greeting(reader),
      '',
      'Thank you for your application. We have received it.',
      '',
      ...sessionLines(session, reader),
      '',
      next,
      url,
    ].join('\n');
    return composeMail('Application received', body, site);
  }
  const next = {
    place:
      'お席を確保しました。以下のページから、同意事項の確認（受講料が必要な場合はお支払い）など、今後のお手続きをお進めください。',
    lottery: `本講習会は抽選です。申込締切（${mailDateTime(input.applyEndDate, 'ja')}）後に抽選を行い、結果をメールでお知らせします。`,
    approval:
      'アシスタントとしてのお申し込みは、事務局が確認のうえ承認します。承認されるとメールでお知らせします。',
  }[kind];
  const body = [
    greeting(reader),
    '',
    'このたびは講習会にお申し込みいただき、誠にありがとうございます。',
    'お申し込みを受け付けました。',
    '',
    ...sessionLines(session, reader),
    '',
    next,
    url,
  ].join('\n');
  return composeMail('講習会のお申し込みを受け付けました', body, site);
}

/** Sent when the enrolment reaches 'attending': the ticket (受講票) can be shown at reception. */
export function ticketReadyMail(input: {
  reader: MailReader;
  session: MailSession;
  site: MailSite;
}): MailContent {
  const { reader, session, site } = input;
  const ticket = `${sessionUrl(site, session)}/ticket`;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Your registration is complete and your admission ticket is ready.',
      'Please show the ticket (its QR code) at reception on the day.',
      '',
      ...sessionLines(session, reader),
      '',
      'Your ticket:',
      ticket,
    ].join('\n');
    return composeMail('Your admission ticket is ready', body, site);
  }
  const body = [
    greeting(reader),
    '',
    '講習会の受講手続きが完了し、受講票を発行しました。',
    '当日は受付で受講票（QRコード）をご提示ください。',
    '',
    ...sessionLines(session, reader),
    '',
    '受講票は以下のページでご確認いただけます。',
    ticket,
  ].join('\n');
  return composeMail('受講票を発行しました', body, site);
}

/** Sent the day before the session (decision 024): venue and time, the session's notes, the ticket. */
export function dayBeforeReminderMail(input: {
  reader: MailReader;
  session: MailSession;
  site: MailSite;
}): MailContent {
  const { reader, session, site } = input;
  const ticket = `${sessionUrl(site, session)}/ticket`;
  const notes = session.note.trim();
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'This is a reminder that your session is tomorrow.',
      '',
      ...sessionLines(session, reader),
      ...(notes ? ['', 'Notes from the organiser:', notes] : []),
      '',
      'Please show your admission ticket (its QR code) at reception:',
      ticket,
    ].join('\n');
    return composeMail('Reminder: your session is tomorrow', body, site);
  }
  const body = [
    greeting(reader),
    '',
    '明日は、お申し込みいただいた講習会の開催日です。',
    '',
    ...sessionLines(session, reader),
    ...(notes ? ['', '■ご案内', notes] : []),
    '',
    '当日は受付で受講票（QRコード）をご提示ください。',
    ticket,
  ].join('\n');
  return composeMail('明日は講習会の開催日です', body, site);
}
