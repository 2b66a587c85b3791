/** The expiry list as CSV for the office (UTF-8 with BOM, Japanese headers; decision 038). */
import { officeJa, type OfficeExpiry } from '@mels/domain';
import { csvFile } from '../../lib/csv.ts';

const m = officeJa.expiries;

const HEADER = [
  '認定番号',
  '会員ID',
  '氏名',
  'メールアドレス',
  'コース',
  '有効期間開始',
  '有効期限',
  '残り日数',
  '更新状況',
  '更新申請ID',
  '最後の案内メール',
];

const slashed = (day: string) => day.replaceAll('-', '/');

export function expiriesCsv(rows: readonly OfficeExpiry[], today: string) {
  return {
    filename: `certificate-expiries-${today.replaceAll('-', '')}.csv`,
    body: csvFile([
      HEADER,
      ...rows.map((r) => [
        r.certificate_number,
        r.member.id,
        r.member.name,
        r.member.email,
        r.course.name,
        slashed(r.start_date),
        slashed(r.end_date),
        r.days_left,
        m.progress[r.renewal],
        r.request_id ?? '',
        r.last_reminder ? m.reminders[r.last_reminder] : m.noReminder,
      ]),
    ]),
  };
}
