/** The member's mails of the BI certification request (decision 029): approved, rejected. */
import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, mailDate, type MailReader } from '../../lib/mail-templates/words.ts';

/** The request a mail is about, and the page that shows it. */
export type MailRequest = { id: number; courseId: number; courseName: string };

const statusUrl = (site: MailSite, r: MailRequest) =>
  `${site.publicUrl}/certificate/${r.courseId}/enrolled/basic-instructor/request-certificate/${r.id}`;

/** Approved: the certificate's number and validity, and where to read and download it. */
export function requestApprovedMail(input: {
  reader: MailReader;
  request: MailRequest;
  certificate: { number: string; startDate: string; endDate: string | null };
  site: MailSite;
}): MailContent {
  const { reader, request, certificate: c, site } = input;
  const en = reader.language === 'en';
  const from = mailDate(c.startDate, reader.language);
  const until = c.endDate ? mailDate(c.endDate, reader.language) : null;
  if (en) {
    const body = [
      greeting(reader),
      '',
      'Thank you for your application. The office has checked it and certified you as a basic instructor.',
      '',
      `Course: ${request.courseName}`,
      `Certificate number: ${c.number}`,
      `Valid from: ${from}`,
      ...(until ? [`Valid until: ${until}`] : []),
      '',
      'You can view and download your certificate (PDF) here:',
      statusUrl(site, request),
    ].join('\n');
    return composeMail('You are certified as a basic instructor', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'ベーシックインストラクター認定申請をいただき、ありがとうございました。',
    '事務局で申請内容を確認し、ベーシックインストラクターとして認定いたしました。',
    '',
    `コース：${request.courseName}`,
    `認定番号：${c.number}`,
    `認定日：${from}`,
    ...(until ? [`有効期限：${until}`] : []),
    '',
    '認定証は以下のページで表示・ダウンロード（PDF）いただけます。',
    statusUrl(site, request),
  ].join('\n');
  return composeMail('ベーシックインストラクター認定のお知らせ', body, site);
}

/** Rejected: the office's reason, and that the member may ask again. */
export function requestRejectedMail(input: {
  reader: MailReader;
  request: MailRequest;
  reason: string;
  paid: boolean;
  site: MailSite;
}): MailContent {
  const { reader, request, reason, paid, site } = input;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you for your application for basic instructor certification.',
      'After checking it, the office regrets that it cannot certify you at this time, for the following reason:',
      '',
      reason,
      '',
      `Course: ${request.courseName}`,
      ...(paid ? ['', 'The office will contact you about the certification fee you paid.'] : []),
      '',
      'You may apply again once the reason has been resolved:',
      statusUrl(site, request),
    ].join('\n');
    return composeMail('About your basic instructor certification request', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'ベーシックインストラクター認定申請をいただき、ありがとうございました。',
    '事務局で申請内容を確認いたしましたが、以下の理由により、今回は認定を見送らせていただくこととなりました。',
    '',
    reason,
    '',
    `コース：${request.courseName}`,
    ...(paid
      ? ['', 'お支払いいただいた認定申請料の取り扱いについては、事務局より別途ご連絡いたします。']
      : []),
    '',
    '理由となった事項が解消されましたら、あらためて申請いただけます。',
    statusUrl(site, request),
  ].join('\n');
  return composeMail('ベーシックインストラクター認定申請の結果について', body, site);
}
