import { composeMail, type MailContent, type MailSite } from '../../lib/mail-templates/layout.ts';
import { greeting, mailYen, type MailReader } from '../../lib/mail-templates/words.ts';

/** The session of a lottery or cancellation mail. */
export type OfficeMailSession = {
  trainingId: number;
  userTypeId: number;
  name: string;
  courseName: string;
  eventDate: string;
};

const url = (site: MailSite, s: OfficeMailSession) =>
  `${site.publicUrl}/session/${s.trainingId}/${s.userTypeId}`;

function lines(s: OfficeMailSession, reader: MailReader): string {
  return reader.language === 'en'
    ? `Session: ${s.name}\nCourse: ${s.courseName}\nDate: ${s.eventDate.replaceAll('-', '/')}`
    : `講習会：${s.name}\nコース：${s.courseName}\n開催日：${s.eventDate.replaceAll('-', '/')}`;
}

/** The lottery result for a winner, or a place offered later from the waiting list (offered). */
export function lotteryWonMail(input: {
  reader: MailReader;
  session: OfficeMailSession;
  offered: boolean;
  site: MailSite;
}): MailContent {
  const { reader, session, offered, site } = input;
  if (reader.language === 'en') {
    const body = `${greeting(reader)}\n\nThank you for your application.\n${
      offered
        ? 'A place has become free and is now offered to you.'
        : 'We are pleased to tell you that you have been given a place in the lottery.'
    }\n\n${lines(session, reader)}\n\nPlease continue with the next steps (payment, agreement) on this page:\n${url(site, session)}`;
    return composeMail(
      offered ? 'A place is offered to you' : 'Lottery result: you have a place',
      body,
      site,
    );
  }
  const body = `${greeting(reader)}\n\nこのたびはお申し込みいただき、誠にありがとうございます。\n${
    offered
      ? '空きが出ましたので、繰り上げ当選となりましたことをお知らせいたします。'
      : '厳正なる抽選の結果、当選となりましたことをお知らせいたします。'
  }\n\n${lines(session, reader)}\n\n以下のページから、お支払いや同意事項の確認など、今後のお手続きをお進めください。\n${url(site, session)}`;
  return composeMail(
    offered ? '講習会の繰り上げ当選のお知らせ' : '講習会の抽選結果のお知らせ（当選）',
    body,
    site,
  );
}

/** The lottery result for an entrant without a place (elsewhere: already won another session of the course). */
export function lotteryLostMail(input: {
  reader: MailReader;
  session: OfficeMailSession;
  elsewhere: boolean;
  site: MailSite;
}): MailContent {
  const { reader, session, elsewhere, site } = input;
  if (reader.language === 'en') {
    const body = `${greeting(reader)}\n\nThank you for your application.\n${
      elsewhere
        ? 'As you already have a place in another session of the same course, you were not included in this draw.'
        : 'We are sorry to tell you that you were not given a place in the lottery.\nIf a place becomes free, it will be offered in the order of the draw and you will be told by mail.'
    }\n\n${lines(session, reader)}\n\nWe hope to see you at another session.\n${url(site, session)}`;
    return composeMail('Lottery result', body, site);
  }
  const body = `${greeting(reader)}\n\nこのたびはお申し込みいただき、誠にありがとうございます。\n${
    elsewhere
      ? '同じコースの別の講習会ですでに当選されているため、今回の抽選の対象外とさせていただきました。'
      : '厳正なる抽選の結果、誠に残念ながら今回はご希望に添えない結果となりました。\nキャンセル等で空きが出た場合は、抽選の順位に従って繰り上げのご案内をお送りします。'
  }\n\n${lines(session, reader)}\n\nまたの機会にお申し込みいただけますと幸いです。\n${url(site, session)}`;
  return composeMail('講習会の抽選結果のお知らせ', body, site);
}

/** The office approved an assistant's application (the promise '承認されるとメールでお知らせします'). */
export function assistantApprovedMail(input: {
  reader: MailReader;
  session: OfficeMailSession;
  /** true while the place is still to be drawn by lottery. */
  awaitingLottery: boolean;
  site: MailSite;
}): MailContent {
  const { reader, session, awaitingLottery, site } = input;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'The office has approved your application as an assistant.',
      '',
      lines(session, reader),
      '',
      awaitingLottery
        ? 'Places are given by lottery after applications close; we will send you the result by mail.'
        : 'Please continue with the next steps on this page:',
      url(site, session),
    ].join('\n');
    return composeMail('Your application as an assistant is approved', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'アシスタントとしてのお申し込みを、事務局で承認いたしました。',
    '',
    lines(session, reader),
    '',
    awaitingLottery
      ? '本講習会は抽選です。申込締切後に抽選を行い、結果をメールでお知らせします。'
      : '以下のページから、今後のお手続きをお進めください。',
    url(site, session),
  ].join('\n');
  return composeMail('アシスタント申請承認のお知らせ', body, site);
}

/** The office declined an assistant's application, with the reason it gave. */
export function assistantRejectedMail(input: {
  reader: MailReader;
  session: OfficeMailSession;
  reason: string;
  site: MailSite;
}): MailContent {
  const { reader, session, reason, site } = input;
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Thank you for applying as an assistant.',
      'We are sorry to tell you that the office could not approve your application, and it has been closed.',
      '',
      lines(session, reader),
      '',
      `Reason: ${reason}`,
      '',
      'If you have any questions, please contact the office.',
      url(site, session),
    ].join('\n');
    return composeMail('Your application as an assistant was not approved', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'アシスタントとしてお申し込みいただき、誠にありがとうございます。',
    '誠に恐れ入りますが、事務局で検討した結果、今回のお申し込みは承認されませんでした。',
    '',
    lines(session, reader),
    '',
    `理由：${reason}`,
    '',
    'ご不明な点は事務局までお問い合わせください。',
    url(site, session),
  ].join('\n');
  return composeMail('アシスタント申請結果のお知らせ', body, site);
}

/** What became of the fee when a cancellation was approved. */
export type CancelRefund =
  | { kind: 'none' }
  | { kind: 'card'; amount: number }
  | { kind: 'office'; amount: number }
  | { kind: 'failed'; amount: number };

function refundLines(refund: CancelRefund, reader: MailReader): string[] {
  if (refund.kind === 'none') return [];
  const amount = mailYen(refund.amount, reader.language);
  if (reader.language === 'en') {
    return {
      card: [
        `The fee you paid (${amount}) has been refunded to your card.`,
        'Depending on your card company, it may take one to two billing cycles to appear on your statement.',
      ],
      office: [
        `The fee you paid (${amount}) will be refunded by the office.`,
        'The office will contact you about how the refund is made, usually within two weeks.',
      ],
      failed: [
        `The refund of the fee you paid (${amount}) could not be completed automatically.`,
        'The office will contact you about the refund, usually within two weeks.',
      ],
    }[refund.kind];
  }
  return {
    card: [
      `お支払いいただいた受講料（${amount}）は、クレジットカードへ返金いたしました。`,
      'ご利用明細への反映には、カード会社により1〜2か月ほどかかる場合があります。',
    ],
    office: [
      `お支払いいただいた受講料（${amount}）は、事務局から返金いたします。`,
      '返金の方法について、通常2週間以内に事務局からご連絡いたします。',
    ],
    failed: [
      `お支払いいただいた受講料（${amount}）の返金手続きを自動で完了できませんでした。`,
      '返金について、通常2週間以内に事務局からご連絡いたします。',
    ],
  }[refund.kind];
}

/** The office approved a member's cancellation request; the refund (amount and timing) when there was a fee. */
export function cancellationApprovedMail(input: {
  reader: MailReader;
  session: OfficeMailSession;
  refund: CancelRefund;
  site: MailSite;
}): MailContent {
  const { reader, session, refund, site } = input;
  const money = refundLines(refund, reader);
  if (reader.language === 'en') {
    const body = [
      greeting(reader),
      '',
      'Your request to cancel the session below has been approved.',
      '',
      lines(session, reader),
      ...(money.length ? ['', ...money] : []),
      '',
      'We hope to see you at another session.',
    ].join('\n');
    return composeMail('Your cancellation is approved', body, site);
  }
  const body = [
    greeting(reader),
    '',
    'お申し出のあった講習会のキャンセルを承認いたしました。',
    '',
    lines(session, reader),
    ...(money.length ? ['', ...money] : []),
    '',
    'またの機会にお申し込みいただけますと幸いです。',
  ].join('\n');
  return composeMail('キャンセル申請承認のお知らせ', body, site);
}
