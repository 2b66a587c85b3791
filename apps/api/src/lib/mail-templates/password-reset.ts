import type { Language } from '@mels/domain';
import { composeMail, type MailContent } from './layout.ts';

export type PasswordResetMailInput = {
  lastName: string;
  firstName: string;
  /** The link to /forgot-password/{token}. */
  link: string;
  publicUrl: string;
  officeEmail: string;
  /** The member's language (their profile's; Japanese by default). */
  language?: Language;
};

/** Sent on a password reminder request; the link is valid for one hour and once. */
export function passwordResetMail(input: PasswordResetMailInput): MailContent {
  const site = { publicUrl: input.publicUrl, officeEmail: input.officeEmail, language: input.language };
  if (input.language === 'en') {
    const text = [
      `Dear ${input.firstName} ${input.lastName},`,
      '',
      'Thank you for using the MELS Portal.',
      'We have received a request to reset your password.',
      'Open the link below and set a new password.',
      '',
      input.link,
      '',
      '* The link is valid for one hour from the request. If it has expired, please request a password reset again.',
      '* The link can be used once. Resetting your password logs you out on every device.',
      '* If you did not ask for this, please ignore this mail: your password stays as it is.',
    ].join('\n');
    return { ...composeMail('Resetting your password', text, site), template: 'password-reset' };
  }
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
    ...composeMail('パスワード再設定のご案内', body, site),
    template: 'password-reset',
  };
}
