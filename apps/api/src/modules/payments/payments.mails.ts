import { format, orderNumber, paymentMailsEn, paymentMailsJa, type Language } from '@mels/domain';
import { composeMail, type MailSite } from '../../lib/mail-templates/layout.ts';
import type { Mail } from '../../lib/mailer.ts';

const MAILS = { ja: paymentMailsJa, en: paymentMailsEn } as const;

const amountText = (amount: number, language: Language) =>
  language === 'en' ? `¥${amount.toLocaleString('en-US')}` : `¥${amount.toLocaleString('ja-JP')}`;

/**
 * To the member: a second charge for a purchase already paid was refunded (decision 017), in the
 * member's language. The mail names the order that stands, the amount refunded and the refund.
 */
export function duplicateRefundedMail(input: {
  to: string;
  name: string;
  keptOrderId: number | null;
  amount: number;
  refundId: string;
  site: MailSite;
  /** 'unavailable': a shop order refused after the charge (sold out or withdrawn, decision 040). */
  reason?: string;
}): Mail {
  const language = input.site.language ?? 'ja';
  const m = MAILS[language][input.reason === 'unavailable' ? 'unavailableRefunded' : 'duplicateRefunded'];
  const body = format(
    m.body,
    input.name,
    input.keptOrderId === null ? '-' : orderNumber(input.keptOrderId),
    amountText(input.amount, language),
    input.refundId,
  );
  return { to: input.to, ...composeMail(m.subject, body, input.site) };
}
