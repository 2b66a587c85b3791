import { composeMail, type MailContent } from './layout.ts';

/** Sent to the NEW address: the link that makes it the login address (a day, once). */
export function emailChangeConfirmMail(input: {
  lastName: string;
  firstName: string;
  link: string;
  publicUrl: string;
  officeEmail: string;
}): MailContent {
  const body = [
    `${input.lastName} ${input.firstName} 様`,
    '',
    '母体救命 MELS ポータルをご利用いただき、ありがとうございます。',
    'ログイン用メールアドレスの変更のお申し込みを受け付けました。',
    '以下のURLにアクセスすると、このメールアドレスへの変更が完了します。',
    '',
    input.link,
    '',
    '※このURLの有効期限は、お申し込みから24時間です。一度のみ有効です。',
    '※変更が完了するまでは、これまでのメールアドレスでログインしてください。',
    '※このメールにお心当たりのない場合は、このメールを破棄してください。変更は行われません。',
  ].join('\n');
  return {
    ...composeMail('メールアドレス変更のご確認', body, {
      publicUrl: input.publicUrl,
      officeEmail: input.officeEmail,
    }),
    template: 'email-change-confirm',
  };
}

/** Sent to the OLD address, so that a change the member did not make is noticed. */
export function emailChangeNoticeMail(input: {
  lastName: string;
  firstName: string;
  newEmail: string;
  publicUrl: string;
  officeEmail: string;
}): MailContent {
  const body = [
    `${input.lastName} ${input.firstName} 様`,
    '',
    '母体救命 MELS ポータルのログイン用メールアドレスについて、変更のお申し込みがありました。',
    `変更後のメールアドレス: ${input.newEmail}`,
    '',
    '新しいメールアドレスに届く確認メールのURLを開くと、変更が完了します。',
    '※お心当たりのない場合は、パスワードを変更のうえ、事務局までお問い合わせください。',
  ].join('\n');
  return {
    ...composeMail('メールアドレス変更のお申し込みについて', body, {
      publicUrl: input.publicUrl,
      officeEmail: input.officeEmail,
    }),
    template: 'email-change-notice',
  };
}
