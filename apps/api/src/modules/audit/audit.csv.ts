import type { AuditEntry } from '@mels/domain';
import { csvFile } from '../../lib/csv.ts';
import { tokyoDate, tokyoDateTime } from '../../lib/dates.ts';

/** A time as the office reads it in the file: YYYY/MM/DD HH:mm:ss in Tokyo. */
const tokyo = (iso: string) => tokyoDateTime(iso, { seconds: true });

const HEADER = [
  '日時',
  '操作者ID',
  '操作者',
  '操作',
  '対象の種類',
  '対象ID',
  '変更前',
  '変更後',
  '詳細',
  'IPアドレス',
  '記録元',
];

const SOURCE_LABEL = { event: '操作記録', trail: '申込の履歴' } as const;

/** The audit log's CSV (UTF-8 with BOM for Excel, Japanese headers), newest first like the console. */
export function auditCsv(entries: readonly AuditEntry[], now: Date) {
  const day = tokyoDate(now).replaceAll('-', '');
  return {
    filename: `audit-${day}.csv`,
    body: csvFile([
      HEADER,
      ...entries.map((e) => [
        tokyo(e.created_at),
        e.actor?.id ?? '',
        e.actor?.name ?? 'システム',
        e.action,
        e.object_type,
        e.object_id ?? '',
        e.before ?? '',
        e.after ?? '',
        e.details ?? '',
        e.ip ?? '',
        SOURCE_LABEL[e.source],
      ]),
    ]),
  };
}
