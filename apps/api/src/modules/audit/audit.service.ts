import { paginate, type AuditFilter, type AuditQuery } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { auditCsv } from './audit.csv.ts';
import { presentAuditRow } from './audit.presenter.ts';
import { auditForExport, searchAudit, type AuditSearch } from './audit.repository.ts';

/** The most rows one CSV holds (a year of a busy office is far below it; narrow the dates beyond). */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/** The start of a Tokyo day (YYYY-MM-DD), as an instant. */
const tokyoDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

function toSearch(filter: AuditFilter): AuditSearch {
  return {
    memberId: filter.member_id,
    trainingId: filter.training_id,
    orderId: filter.order_id,
    actorId: filter.actor_id,
    action: filter.action || undefined,
    since: filter.from ? tokyoDayStart(filter.from) : undefined,
    before: filter.to ? new Date(tokyoDayStart(filter.to).getTime() + 86_400_000) : undefined,
  };
}

/** One page of the audit log, newest first. */
export async function listAudit(db: Executor, query: AuditQuery) {
  const { page, limit, ...filter } = query;
  const { rows, total } = await searchAudit(db, toSearch(filter), { limit, offset: (page - 1) * limit });
  return { data: rows.map(presentAuditRow), pagination: paginate(page, limit, total) };
}

/** The same filter as CSV. */
export async function exportAudit(db: Executor, filter: AuditFilter, now: Date) {
  const rows = await auditForExport(db, toSearch(filter), AUDIT_CSV_MAX_ROWS);
  return auditCsv(rows.map(presentAuditRow), now);
}
