import { CONTACT_ANSWER_WITHIN, CONTACT_SUBJECT_LABELS, formsJa, type ContactSend } from '@mels/domain';
import type { Mail } from '../../lib/mailer.ts';
import { composeMail, type MailSite } from '../../lib/mail-templates/layout.ts';

/** The contact mails go to the office and the sender in Japanese, with the form's labels. */
const label = formsJa.contactFields;

export type StoredContact = ContactSend & { id: number; subjectText: string };

/** The message as labelled lines; composeMail escapes it for the HTML part before turning line breaks into <br>. */
function summary(c: StoredContact): string {
  return [
    `■${label.client_name}：${c.client_name}`,
    `■${label.location_work}：${c.location_work}`,
    `■${label.client_email}：${c.client_email}`,
    `■${label.subject}：${c.subjectText}`,
    `■${label.content}：`,
    c.content,
  ].join('\n');
}

/** To the office: a new message from the contact form, to be answered to the sender's address. */
export function officeContactMail(c: StoredContact, to: string, site: MailSite): Mail {
  const body = [
    '事務局 ご担当者様',
    '',
    `お問い合わせフォームから新しいお問い合わせが届きました（受付番号：${c.id}）。`,
    `送信者には「${CONTACT_ANSWER_WITHIN}に回答する」旨の受付メールを送信済みです。`,
    '内容をご確認のうえ、送信者のメールアドレス宛にご回答ください。',
    '',
    summary(c),
  ].join('\n');
  return { to, ...composeMail(`お問い合わせ：${c.subjectText}`, body, site), template: 'contact-office' };
}

/**
 * To the sender: the message was received and the office answers within one week. The address has
 * not been verified, so the mail carries nothing the sender typed (no name, no text, not the 'other'
 * description): only the subject chosen from the list and the receipt number (decision 020). The
 * association's sender cannot be used to mail arbitrary text to a third party.
 */
export function acknowledgementMail(c: StoredContact, site: MailSite): Mail {
  const body = [
    'このたびはお問い合わせいただき、誠にありがとうございます。',
    '以下の件名でお問い合わせを受け付けました。',
    `内容を確認のうえ、${CONTACT_ANSWER_WITHIN}に事務局よりご回答いたします。今しばらくお待ちください。`,
    '',
    `■受付番号：${c.id}`,
    `■${label.subject}：${CONTACT_SUBJECT_LABELS[c.subject]}`,
    '',
    `※${CONTACT_ANSWER_WITHIN}に回答が届かない場合は、お手数ですが再度お問い合わせください。`,
    '※このメールにお心当たりのない場合は、このメールを破棄してください。',
  ].join('\n');
  return {
    to: c.client_email,
    ...composeMail('お問い合わせを受け付けました', body, site),
    template: 'contact-acknowledgement',
  };
}

/**
 * The office's reply, written in the console, to the sender in the language the message was sent in
 * (decision 032). It quotes the receipt number and subject, not the sender's message: the office's own
 * text is the whole of what the association sends to an address nobody verified.
 */
export function contactReplyMail(
  input: { id: number; subject: string; to: string; body: string; language: 'ja' | 'en' },
  site: MailSite,
): Mail {
  const localSite = { ...site, language: input.language };
  if (input.language === 'en') {
    const text = [
      'Thank you for contacting us. This is our answer to your message.',
      '',
      `■Reference number: ${input.id}`,
      `■Subject: ${input.subject}`,
      '',
      input.body,
    ].join('\n');
    return {
      to: input.to,
      ...composeMail(`Re: your message (No. ${input.id})`, text, localSite),
      template: 'contact-reply',
    };
  }
  const text = [
    'このたびはお問い合わせいただき、誠にありがとうございます。',
    'お問い合わせについて、以下のとおりご回答いたします。',
    '',
    `■受付番号：${input.id}`,
    `■${label.subject}：${input.subject}`,
    '',
    input.body,
  ].join('\n');
  return {
    to: input.to,
    ...composeMail(`お問い合わせへのご回答（受付番号：${input.id}）`, text, localSite),
    template: 'contact-reply',
  };
}
