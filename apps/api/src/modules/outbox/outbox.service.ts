import { K, paginate, type OutboxQuery } from '@mels/domain';
import type { Tx } from '../../db/client.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import type { Deps } from '../../plugins/deps.ts';
import { presentOutboxMail, presentOutboxSummary } from './outbox.presenter.ts';
import { findOutboxMail, listOutbox, requeueFailedMail, writeOutboxAudit } from './outbox.repository.ts';

/** The job that delivers a mail the office sent again (decision 032). */
export const OUTBOX_RESEND_JOB = 'outbox.resend';

export async function officeOutbox(deps: Pick<Deps, 'db'>, query: OutboxQuery) {
  const { rows, total } = await listOutbox(deps.db, query);
  return { data: rows.map(presentOutboxSummary), pagination: paginate(query.page, query.limit, total) };
}

export async function officeOutboxMail(deps: Pick<Deps, 'db'>, id: number) {
  const row = await findOutboxMail(deps.db, id);
  if (!row) throw notFound();
  return presentOutboxMail(row);
}

/**
 * Sends a failed mail again: in one transaction the row goes from 'failed' to 'queued' (a conditional
 * UPDATE: a second click, or a second instance, finds nothing to change and is refused), the delivery is
 * a job (its dedupe key names the failure it answers) and the audit row is written.
 */
export async function resendMail(
  deps: Pick<Deps, 'db' | 'jobs'>,
  input: { id: number; actorId: number; now: Date },
) {
  await deps.db.transaction(async (tx) => {
    const resends = await requeueFailedMail(tx, input.id);
    if (resends === null) {
      const row = await findOutboxMail(tx, input.id);
      if (!row) throw notFound();
      throw new ApiError(409, 'MAIL_NOT_FAILED', K.office.inbox.errors.mailNotFailed);
    }
    await scheduleJob(tx, {
      kind: OUTBOX_RESEND_JOB,
      payload: { id: input.id },
      runAt: input.now,
      dedupeKey: `${OUTBOX_RESEND_JOB}:${input.id}:${resends}`,
    });
    await writeOutboxAudit(tx, {
      actorUserId: input.actorId,
      mailId: input.id,
      data: { before: { status: 'failed' }, after: { status: 'queued' }, resends },
      now: input.now,
    });
  });
  deps.jobs.nudge();
  return { id: input.id, status: 'queued' as const };
}

/** Delivers the row after the job's transaction commits (the mailer writes its own outcome to the row). */
export function resendMailJob(deps: Pick<Deps, 'mailer'>): JobHandler {
  return async (_tx: Tx, payload) => {
    const id = typeof payload.id === 'number' ? payload.id : null;
    if (id === null) return;
    return () => deps.mailer.redeliver(id);
  };
}
