import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, type MailReader } from '../../lib/mail-templates/words.ts';

/** The certificate a mail announces. */
export type MailCertificate = {
  number: string;
  courseName: string;
  trainingId: number;
  userTypeId: number;
  /** 'YYYY-MM-DD' or null when it does not expire. */
  validUntil: string | null;
};

/** Sent when a completion certificate is issued, with the page that shows and prints it. */
export function certificateIssuedMail(input: {
  reader: MailReader;
  certificate: MailCertificate;
  site: MailSite;
}): MailContent {
  const { reader, certificate: c, site } = input;
  const link = `${site.publicUrl}/session/${c.trainingId}/${c.userTypeId}/certificate`;
  const until = c.validUntil?.replaceAll('-', '/') ?? null;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      `Congratulations on completing the ${c.courseName}. Your certificate has been issued.`,
      '',
      `Certificate number: ${c.number}`,
      ...(until ? [`Valid until: ${until}`] : []),
      '',
      'You can view and download it (PDF) here:',
      link,
    ].join('\n');
    return composeMail('Your certificate has been issued', body, site);
  }
  const body = [
    greeting(reader),
    '',
    `${c.courseName}の修了、おめでとうございます。修了証を発行しました。`,
    '',
    `修了証番号：${c.number}`,
    ...(until ? [`有効期限：${until}`] : []),
    '',
    '修了証は以下のページで表示・ダウンロード（PDF）いただけます。',
    link,
  ].join('\n');
  return composeMail('修了証を発行しました', body, site);
}
