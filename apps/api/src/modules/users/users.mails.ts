import type { Language } from '@mels/domain';
import { composeMail, type MailContent } from '../../lib/mail-templates/layout.ts';

/* The account's mails: registration, password reset, login address change (its link and the notice to the old address). */

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

/** Sent to the NEW address: the link that makes it the login address (a day, once). */
export function emailChangeConfirmMail(input: {
  lastName: string;
  firstName: string;
  link: string;
  publicUrl: string;
  officeEmail: string;
  /** The member's language (their profile's; Japanese by default). */
  language?: Language;
}): MailContent {
  const site = { publicUrl: input.publicUrl, officeEmail: input.officeEmail, language: input.language };
  if (input.language === 'en') {
    const text = [
      `Dear ${input.firstName} ${input.lastName},`,
      '',
      'Thank you for using the MELS Portal.',
      'We have received a request to change the email address you log in with.',
      'Open the link below to make this address your login address.',
      '',
      input.link,
      '',
      '* The link is valid for 24 hours from the request, and once.',
      '* Until the change is complete, log in with your current address.',
      '* If you did not ask for this, please ignore this mail: nothing will change.',
    ].join('\n');
    return { ...composeMail('Confirm your new email address', text, site), template: 'email-change-confirm' };
  }
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
    ...composeMail('メールアドレス変更のご確認', body, site),
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
  /** The member's language (their profile's; Japanese by default). */
  language?: Language;
}): MailContent {
  const site = { publicUrl: input.publicUrl, officeEmail: input.officeEmail, language: input.language };
  if (input.language === 'en') {
    const text = [
      `Dear ${input.firstName} ${input.lastName},`,
      '',
      'A change of the email address you log in to the MELS Portal with has been requested.',
      `New email address: ${input.newEmail}`,
      '',
      'The change is complete once the link in the confirmation mail sent to the new address is opened.',
      '* If you did not ask for this, please change your password and contact the office.',
    ].join('\n');
    return {
      ...composeMail('About the change of your email address', text, site),
      template: 'email-change-notice',
    };
  }
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
    ...composeMail('メールアドレス変更のお申し込みについて', body, site),
    template: 'email-change-notice',
  };
}
