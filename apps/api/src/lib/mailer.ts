import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Records the mail in the outbox, then delivers it (SMTP) or keeps it there (no SMTP_URL). */
  send: (mail: Mail) => Promise<void>;
  readonly transport: 'smtp' | 'outbox';
};

/**
 * Every mail is written to the outbox table first (the office can read it, and nothing is lost
 * if delivery fails). With SMTP_URL it is then sent through nodemailer; without, it stays in the
 * outbox with status 'kept' and is written to the log so a newcomer still sees it.
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
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(mail) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status: transporter ? 'queued' : 'kept',
        })
        .returning({ id: mailOutbox.id });
      const id = row?.id;
      if (!transporter) {
        options.log.info(
          { mailId: id, to: mail.to, subject: mail.subject },
          `mail kept in outbox:\n${mail.text}`,
        );
        return;
      }
      try {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        if (id !== undefined)
          await options.db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: new Date() })
            .where(eq(mailOutbox.id, id));
      } catch (error) {
        options.log.error({ err: error, mailId: id }, 'mail delivery failed');
        if (id !== undefined)
          await options.db
            .update(mailOutbox)
            .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
            .where(eq(mailOutbox.id, id));
      }
    },
  };
}
