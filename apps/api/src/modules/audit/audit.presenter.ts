import type { AuditEntry } from '@mels/domain';
import type { AuditRow } from './audit.repository.ts';

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * A row of the log as the console shows it. Before/after are what the writer recorded under `before` and
 * `after` (an older row's `previous_status` is its before); the rest of the data is the details.
 */
export function presentAuditRow(row: AuditRow): AuditEntry {
  const { before, after, previous_status: previousStatus, ...rest } = row.data ?? {};
  const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
  return {
    key: `${row.source}:${row.seq}`,
    source: row.source,
    created_at: createdAt.toISOString(),
    actor:
      row.actorId === null ? null : { id: Number(row.actorId), name: row.actorName ?? `#${row.actorId}` },
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId === null ? null : Number(row.objectId),
    before: json(before ?? (previousStatus === undefined ? undefined : { status: previousStatus })),
    after: json(after),
    details: Object.keys(rest).length > 0 ? JSON.stringify(rest) : null,
    ip: row.ip,
  };
}
