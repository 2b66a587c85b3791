import type { AuditEntry } from '@mels/domain';
import { csvFile } from '../../lib/csv.ts';

/** A time as the office reads it in the file: YYYY/MM/DD HH:mm:ss in Tokyo. */
const tokyoFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const tokyo = (iso: string) => tokyoFormat.format(new Date(iso));

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
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(now).replaceAll('-', '');
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
