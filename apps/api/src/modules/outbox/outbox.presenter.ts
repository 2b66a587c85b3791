import type { OutboxMail, OutboxMailSummary, OutboxStatus } from '@mels/domain';
import { maskLinkTokens } from '../../lib/mailer.ts';
import type { OutboxMailRow, OutboxSummaryRow } from './outbox.repository.ts';

/**
 * A mail's text as the office may read it: every link token masked (password reset, login-address
 * change, registration and signed links), whether the mail was delivered (already masked) or not
 * (kept or failed: the whole token is still in the row). Long URL-safe runs in a link (32+ characters)
 * and the value of a token-like query parameter are replaced.
 */
export function maskMailBody(text: string): string {
  return maskLinkTokens(text).replace(/([?&](?:token|code|key|signature|sig|t)=)[^&\s<>"']+/gi, '$1[masked]');
}

const status = (s: string): OutboxStatus => (s === 'sent' || s === 'kept' || s === 'failed' ? s : 'queued');

export function presentOutboxSummary(row: OutboxSummaryRow): OutboxMailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: status(row.status),
    resends: row.resends,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

export function presentOutboxMail(row: OutboxMailRow): OutboxMail {
  return {
    ...presentOutboxSummary(row),
    text_body: maskMailBody(row.textBody),
    error: row.error === null ? null : maskMailBody(row.error),
  };
}
