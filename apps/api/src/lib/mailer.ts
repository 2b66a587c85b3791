import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The template's name, for the log (the log never holds a mail's body). */
  template?: string;
};

/**
 * Link tokens (password reset, email change, signed certificate links: 32+ URL-safe characters in a
 * URL) replaced by a mark: what the outbox keeps of a mail once it is sent.
 */
export function maskLinkTokens(body: string): string {
  return body.replace(/(https?:\/\/[^\s<>"']*?)[A-Za-z0-9_-]{32,}/g, '$1[masked]');
}

export type Mailer = {
  /** Records the mail in the outbox, then delivers it (SMTP) or keeps it there (no SMTP_URL). */
  send: (mail: Mail) => Promise<void>;
  /**
   * Delivers an outbox row again (the office's resend of a failed mail, decision 032): only a row the
   * caller has set back to 'queued'; it ends 'sent' (masked), 'failed' or, without SMTP, 'kept'.
   */
  redeliver: (id: number) => Promise<void>;
  readonly transport: 'smtp' | 'outbox';
};

/**
 * Every mail is written to the outbox table first (nothing is lost if delivery fails). With SMTP_URL
 * it is then sent through nodemailer, and once sent the outbox keeps it with its link tokens masked
 * (a leaked table opens no account); without SMTP_URL it stays in the outbox, whole, with status 'kept'
 * (the outbox is then the mailbox: development and tests read links there). The log names the mail
 * (outbox id, recipient, subject, template), never its body.
 */
export function createMailer(options: {
  db: Executor;
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): Mailer {
  const transporter: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  /** Sends a recorded mail; once sent the outbox keeps it masked, a failure keeps it whole with its error. */
  async function deliver(id: number | undefined, mail: Mail, t: Transporter) {
    const about = { mailId: id, to: mail.to, subject: mail.subject, template: mail.template };
    try {
      await t.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      if (id !== undefined)
        await options.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            error: null,
            textBody: maskLinkTokens(mail.text),
            htmlBody: mail.html === undefined ? null : maskLinkTokens(mail.html),
          })
          .where(eq(mailOutbox.id, id));
      options.log.info(about, 'mail sent');
    } catch (error) {
      options.log.error({ ...about, err: error }, 'mail delivery failed');
      if (id !== undefined)
        await options.db
          .update(mailOutbox)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, id));
    }
  }

  return {
    transport: transporter ? 'smtp' : 'outbox',
    async redeliver(id) {
      const [row] = await options.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
      if (!row) return;
      const mail: Mail = {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
        ...(row.template === null ? {} : { template: row.template }),
      };
      if (!transporter) {
        await options.db
          .update(mailOutbox)
          .set({ status: 'kept', error: null })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
        options.log.info(
          { mailId: id, to: row.toAddress, subject: row.subject },
          'mail kept again in the outbox (no SMTP_URL)',
        );
        return;
      }
      await deliver(id, mail, transporter);
    },
    async send(mail) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status: transporter ? 'queued' : 'kept',
          template: mail.template ?? null,
        })
        .returning({ id: mailOutbox.id });
      const id = row?.id;
      const about = { mailId: id, to: mail.to, subject: mail.subject, template: mail.template };
      if (!transporter) {
        options.log.info(about, 'mail kept in the outbox (no SMTP_URL): its body is in mail_outbox');
        return;
      }
      await deliver(id, mail, transporter);
    },
  };
}
