import { composeMail, type MailContent } from './layout.ts';

export type PasswordResetMailInput = {
  lastName: string;
  firstName: string;
  /** The link to /forgot-password/{token}. */
  link: string;
  publicUrl: string;
  officeEmail: string;
};

/** Sent on a password reminder request; the link is valid for one hour and once. */
export function passwordResetMail(input: PasswordResetMailInput): MailContent {
  const body = [
    `${input.lastName} ${input.firstName} 様`,
    '',
    '母体救命 MELS ポータルをご利用いただき、ありがとうございます。',
    'パスワード再設定のお申し込みを受け付けました。',
    '以下のURLにアクセスし、新しいパスワードを設定してください。',
    '',
    input.link,
    '',
    '※このURLの有効期限は、お申し込みから1時間です。',
    '　期限が過ぎた場合は、お手数ですが、もう一度パスワード再設定をお申し込みください。',
    '※このURLは一度のみ有効です。パスワードを再設定すると、ログイン中の端末はすべてログアウトされます。',
    '※このメールにお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
  ].join('\n');
  return {
    ...composeMail('パスワード再設定のご案内', body, {
      publicUrl: input.publicUrl,
      officeEmail: input.officeEmail,
    }),
    template: 'password-reset',
  };
}
