import { composeMail, type MailContent } from './layout.ts';

export type RegistrationMailInput = {
  lastName: string;
  firstName: string;
  email: string;
  publicUrl: string;
  officeEmail: string;
};

/** Sent when an account is created (the completion page says it was). */
export function registrationMail(input: RegistrationMailInput): MailContent {
  const name = `${input.lastName} ${input.firstName}`;
  const body = [
    `${name} 様`,
    '',
    'このたびは母体救命 MELS ポータルにご登録いただき、誠にありがとうございます。',
    '会員登録が完了しましたので、お知らせいたします。',
    '',
    '■ご登録内容',
    `お名前：${name}`,
    `メールアドレス：${input.email}`,
    '',
    'ご登録のメールアドレスとパスワードで、以下のページからログインいただけます。',
    `${input.publicUrl}/login`,
    '',
    'ログイン後は、講習会の検索・お申し込み、会員情報の変更などをご利用いただけます。',
    '',
    'パスワードをお忘れの場合は、以下のページから再設定いただけます。',
    `${input.publicUrl}/forgot-password`,
    '',
    '※このメールにお心当たりのない場合は、お手数ですが下記の事務局までご連絡ください。',
    `\u3000事務局：${input.officeEmail}`,
  ].join('\n');
  return {
    ...composeMail('会員登録完了のお知らせ', body, {
      publicUrl: input.publicUrl,
      officeEmail: input.officeEmail,
    }),
    template: 'registration',
  };
}
