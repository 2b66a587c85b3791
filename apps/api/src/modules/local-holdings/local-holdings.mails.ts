import { formsJa, type LocalHoldingRegister } from '@mels/domain';
import type { Mail } from '../../lib/mailer.ts';
import { composeMail, type MailSite } from '../../lib/mail-templates/layout.ts';

const label = formsJa.localHoldingFields;

export type RegisteredHolding = Omit<LocalHoldingRegister, 'secretariat_password'> & { id: number };

/** The registered details, never the password. */
function details(h: RegisteredHolding): string {
  return [
    `■${label.organization}：${h.organization}`,
    `■${label.secretariat_name}：${h.secretariat_name}`,
    `■${label.secretariat_address}：${h.secretariat_address}`,
    `■${label.secretariat_phone}：${h.secretariat_phone}`,
    `■${label.secretariat_email}：${h.secretariat_email}`,
  ].join('\n');
}

/** To the secretariat: the application is received and the office will review it. */
export function secretariatReceivedMail(h: RegisteredHolding, site: MailSite): Mail {
  const body = [
    h.organization,
    `${h.secretariat_name} 様`,
    '',
    'このたびは地域開催団体の登録をお申し込みいただき、誠にありがとうございます。',
    '以下の内容で登録申請を受け付けました。',
    '',
    details(h),
    '',
    '事務局にて内容を確認のうえ、審査の結果をこのメールアドレス宛にお知らせいたします。',
    '承認されるまでは、開催団体向け管理サイトにはログインできません。',
    '今しばらくお待ちくださいますよう、お願い申し上げます。',
    '',
    '※このメールにお心当たりのない場合は、お手数ですがこのメールを破棄してください。',
  ].join('\n');
  return {
    to: h.secretariat_email,
    ...composeMail('地域開催団体の登録申請を受け付けました', body, site),
  };
}

/** To the office: a new organisation waits for approval. */
export function officeNewHoldingMail(h: RegisteredHolding, to: string, site: MailSite): Mail {
  const body = [
    '事務局 ご担当者様',
    '',
    `地域開催団体の新規登録申請がありました（申請番号：${h.id}）。`,
    '内容を確認し、管理画面から承認または却下の手続きを行ってください。',
    '',
    details(h),
  ].join('\n');
  return { to, ...composeMail(`地域開催団体の登録申請：${h.organization}`, body, site) };
}

/** To the secretariat: approved; the host account signs in with the registered email and password. */
export function holdingApprovedMail(
  h: Pick<RegisteredHolding, 'organization' | 'secretariat_name' | 'secretariat_email'>,
  loginUrl: string,
  site: MailSite,
): Mail {
  const body = [
    h.organization,
    `${h.secretariat_name} 様`,
    '',
    '地域開催団体の登録申請を承認いたしました。',
    'お申し込みの際のメールアドレスとパスワードで、開催団体ページにログインいただけます。',
    '事務局が担当として割り当てた講習会の名簿の確認と、当日の受付ができます。',
    '',
    `■ログイン：${loginUrl}`,
    `■メールアドレス：${h.secretariat_email}`,
    '',
    '※パスワードはこのメールには記載しておりません。',
  ].join('\n');
  return { to: h.secretariat_email, ...composeMail('地域開催団体の登録申請を承認しました', body, site) };
}

/** To the secretariat: rejected, with the office's reason. */
export function holdingRejectedMail(
  h: Pick<RegisteredHolding, 'organization' | 'secretariat_name' | 'secretariat_email'>,
  reason: string,
  site: MailSite,
): Mail {
  const body = [
    h.organization,
    `${h.secretariat_name} 様`,
    '',
    'このたびは地域開催団体の登録をお申し込みいただき、誠にありがとうございました。',
    '慎重に確認いたしました結果、誠に恐れ入りますが、今回は登録を見送らせていただくこととなりました。',
    '',
    '■理由',
    reason,
    '',
    'ご不明な点がございましたら、このメールへの返信ではなく、ホームページのお問い合わせフォームよりご連絡ください。',
  ].join('\n');
  return { to: h.secretariat_email, ...composeMail('地域開催団体の登録申請について', body, site) };
}
