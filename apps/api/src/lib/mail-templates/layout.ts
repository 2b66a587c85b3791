import { withSignature, type Mail } from '../mailer.ts';
import { textToHtml } from '../sanitize.ts';

/** A mail's subject and bodies; the address is added by the caller. */
export type MailContent = Omit<Mail, 'to'>;

/** Subjects carry the association's mark so the mail is recognised in a crowded inbox. */
export const SUBJECT_PREFIX = '【母体救命 MELS】';

/** Turns the escaped URLs of an HTML body into links. */
function linkify(html: string): string {
  return html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The plain-text body with the signature, and the same text as simple HTML (escaped, line breaks
 * kept, URLs as links): mail clients that show HTML and those that do not read the same words.
 */
export function composeMail(subject: string, body: string, publicUrl: string): MailContent {
  const text = withSignature(body, publicUrl);
  const html = [
    '<!doctype html>',
    '<html lang="ja"><head><meta charset="utf-8"><title></title></head>',
    '<body style="font-family: sans-serif; font-size: 15px; line-height: 1.7; color: #222;">',
    `<div>${linkify(textToHtml(text))}</div>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${SUBJECT_PREFIX}${subject}`, text, html };
}
