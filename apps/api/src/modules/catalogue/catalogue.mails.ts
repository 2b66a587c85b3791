import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, mailYen, type MailReader } from '../../lib/mail-templates/words.ts';

/** The session of a cancellation mail. */
export type CancelledSession = {
  trainingId: number;
  userTypeId: number;
  name: string;
  courseName: string;
  eventDate: string;
};

/** What becomes of a paid fee when the office cancels the session. */
export type CancellationRefund =
  | { kind: 'none' }
  | { kind: 'card'; amount: number }
  | { kind: 'office'; amount: number }
  | { kind: 'failed'; amount: number };

function refundLines(refund: CancellationRefund, reader: MailReader): string[] {
  if (refund.kind === 'none') return [];
  const amount = mailYen(refund.amount, reader.language);
  if (reader.language === 'en')
    return {
      card: [`The fee you paid (${amount}) has been refunded to your card.`],
      office: [
        `The fee you paid (${amount}) will be refunded by the office, which will contact you about it.`,
      ],
      failed: [
        `The refund of the fee you paid (${amount}) will be made by the office, which will contact you about it.`,
      ],
    }[refund.kind];
  return {
    card: [`お支払いいただいた受講料（${amount}）は、クレジットカードへ返金いたしました。`],
    office: [
      `お支払いいただいた受講料（${amount}）は、事務局から返金いたします。返金の方法について事務局からご連絡いたします。`,
    ],
    failed: [`お支払いいただいた受講料（${amount}）の返金について、事務局からご連絡いたします。`],
  }[refund.kind];
}

/** The office cancelled a session the member applied to: the reason, and the refund where a fee was paid. */
export function sessionCancelledMail(input: {
  reader: MailReader;
  session: CancelledSession;
  reason: string;
  refund: CancellationRefund;
  site: MailSite;
}): MailContent {
  const { reader, session, reason, refund, site } = input;
  const date = session.eventDate.replaceAll('-', '/');
  const url = `${site.publicUrl}/session/${session.trainingId}/${session.userTypeId}`;
  const money = refundLines(refund, reader);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'We are sorry to tell you that the session you applied for will not be held.',
      '',
      `Session: ${session.name}\nCourse: ${session.courseName}\nDate: ${date}`,
      `Reason: ${reason}`,
      ...(money.length ? ['', ...money] : []),
      '',
      'We apologise for the inconvenience.',
      url,
    ].join('\n');
    return composeMail('The session has been cancelled', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'お申し込みいただいている講習会は、誠に勝手ながら開催を中止することとなりました。',
    '',
    `講習会：${session.name}\nコース：${session.courseName}\n開催日：${date}`,
    `中止の理由：${reason}`,
    ...(money.length ? ['', ...money] : []),
    '',
    'ご迷惑をおかけいたしますことを、心よりお詫び申し上げます。',
    url,
  ].join('\n');
  return composeMail('講習会の開催中止のお知らせ', body, site);
}
