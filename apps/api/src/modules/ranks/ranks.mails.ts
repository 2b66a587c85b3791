import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, type MailReader } from '../../lib/mail-templates/words.ts';

/** What a rank-up mail tells: the rank asked for and the evaluation session. */
export type RankUpMailRequest = {
  rankName: string;
  sessionName: string | null;
  eventDate: string | null;
};

const tabUrl = (site: MailSite) => `${site.publicUrl}/my-page/completed`;

function sessionLine(r: RankUpMailRequest, reader: MailReader): string[] {
  if (!r.sessionName || !r.eventDate) return [];
  const day = r.eventDate.replaceAll('-', '/');
  return reader.language === 'en'
    ? [`Evaluation session: ${r.sessionName} (${day})`]
    : [`評価講習会：${r.sessionName}（${day}）`];
}

/** The office approved a rank-up request: the rank is granted. */
export function rankUpApprovedMail(input: {
  reader: MailReader;
  request: RankUpMailRequest;
  site: MailSite;
}): MailContent {
  const { reader, request, site } = input;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      `Your rank-up request has been approved: you are now ${request.rankName}.`,
      ...sessionLine(request, reader),
      '',
      'The instructor documents of your new rank are open on the portal.',
      tabUrl(site),
    ].join('\n');
    return composeMail(`Rank-up approved: ${request.rankName}`, body, site);
  }
  const body = [
    greeting(reader),
    '',
    `ランクアップ申請が承認され、${request.rankName}に認定されました。`,
    ...sessionLine(request, reader),
    '',
    '新しいランクのインストラクター資料をご覧いただけます。',
    tabUrl(site),
  ].join('\n');
  return composeMail(`ランクアップ承認のお知らせ（${request.rankName}）`, body, site);
}

/** The office did not approve a rank-up request, with its reason. */
export function rankUpRejectedMail(input: {
  reader: MailReader;
  request: RankUpMailRequest;
  reason: string;
  site: MailSite;
}): MailContent {
  const { reader, request, reason, site } = input;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      `We are sorry to tell you that your request to become ${request.rankName} was not approved.`,
      ...sessionLine(request, reader),
      '',
      `Reason: ${reason}`,
      '',
      'You may request again when you are ready. If you have any questions, please contact the office.',
      tabUrl(site),
    ].join('\n');
    return composeMail('Your rank-up request was not approved', body, site);
  }
  const body = [
    greeting(reader),
    '',
    `誠に恐れ入りますが、${request.rankName}へのランクアップ申請は承認されませんでした。`,
    ...sessionLine(request, reader),
    '',
    `理由：${reason}`,
    '',
    '要件を満たしたうえで、あらためて申請いただけます。ご不明な点は事務局までお問い合わせください。',
    tabUrl(site),
  ].join('\n');
  return composeMail('ランクアップ申請の結果のお知らせ', body, site);
}
