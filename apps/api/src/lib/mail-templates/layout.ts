import type { Language } from '@mels/domain';
import type { Mail } from '../mailer.ts';
import { textToHtml } from '../sanitize.ts';

/** A mail's subject and bodies; the address is added by the caller. */
export type MailContent = Omit<Mail, 'to'>;

/** Subjects carry the association's mark so the mail is recognised in a crowded inbox. */
export const SUBJECT_PREFIX = '【母体救命 MELS】';

/** What every mail's footer names: the portal, the office's contact, and the reader's language. */
export type MailSite = { publicUrl: string; officeEmail: string; language?: Language };

/** The site of the configuration, in a member's language (Japanese unless told). */
export function mailSite(
  config: { publicUrl: string; officeEmail: string },
  language: Language = 'ja',
): MailSite {
  return { publicUrl: config.publicUrl, officeEmail: config.officeEmail, language };
}

const FOOTER: Record<Language, (site: MailSite) => string[]> = {
  ja: (site) => [
    '一般社団法人 日本母体救命システム普及協議会 事務局',
    `お問い合わせ：${site.officeEmail}`,
    `${site.publicUrl}/`,
    '※このメールは送信専用アドレスから配信しています。ご返信いただいてもお答えできません。',
    '\u3000お問い合わせは上記のメールアドレスまでお願いいたします。',
  ],
  en: (site) => [
    'Japan Council for Maternal Emergency Life-Saving (J-MELS), Office',
    `Contact: ${site.officeEmail}`,
    `${site.publicUrl}/`,
    'This mail was sent from an address that does not receive replies.',
    'Please write to the address above with any question.',
  ],
};

/** A plain-text mail body with the association's footer (the office's contact, the portal). */
export function withFooter(body: string, site: MailSite): string {
  const footer = FOOTER[site.language ?? 'ja'](site);
  return `${body}\n\n――――――――――――――――――――\n${footer.join('\n')}\n`;
}

/** Turns the escaped URLs of an HTML body into links. */
function linkify(html: string): string {
  return html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The one layout of every mail: the prefixed subject, the plain-text body with the footer, and the
 * same text as simple HTML (escaped, line breaks kept, URLs as links): mail clients that show HTML
 * and those that do not read the same words.
 */
export function composeMail(subject: string, body: string, site: MailSite): MailContent {
  const text = withFooter(body, site);
  const html = [
    '<!doctype html>',
    `<html lang="${site.language ?? 'ja'}"><head><meta charset="utf-8"><title></title></head>`,
    '<body style="font-family: sans-serif; font-size: 15px; line-height: 1.7; color: #222;">',
    `<div>${linkify(textToHtml(text))}</div>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${SUBJECT_PREFIX}${subject}`, text, html };
}
