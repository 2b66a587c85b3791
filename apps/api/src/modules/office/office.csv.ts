import { CANCEL_REQUEST_STATUS, translate } from '@mels/domain';
import { csvFile } from '../../lib/csv.ts';
import { tokyoDateTime } from '../../lib/dates.ts';
import type { roster } from './office.service.ts';

type Roster = Awaited<ReturnType<typeof roster>>;

/** A time as the office reads it in the file: YYYY/MM/DD HH:mm in Tokyo. */
const tokyo = (iso: string | null) => (iso ? tokyoDateTime(iso) : '');

const HEADER = [
  '申込ID',
  '氏名',
  'フリガナ',
  'メールアドレス',
  '電話番号',
  '職種',
  '勤務先',
  '参加区分',
  'ステータス',
  '繰り上げ順位',
  'キャンセル申請',
  '受付日時',
  '申込日時',
];

const cancelLabel = (s: number | null) =>
  s === CANCEL_REQUEST_STATUS.awaitingApproval
    ? '承認待ち'
    : s === CANCEL_REQUEST_STATUS.approved
      ? '承認済み'
      : s === CANCEL_REQUEST_STATUS.rejected
        ? '却下'
        : '';

/** GET /office/trainings/{id}/roster.csv: UTF-8 with BOM and Japanese headers, CRLF (Excel). */
export function rosterCsvFile(trainingId: number, data: Roster): { filename: string; body: string } {
  const rows = data.enrollments.map((e) => [
    e.enrollment_id,
    e.fullname,
    e.fullname_kana,
    e.email,
    e.phone,
    // A message key in the roster's JSON (answered in the request's language); the file is in Japanese.
    translate(e.occupation, 'ja'),
    e.location_work,
    e.user_type.type,
    e.status_label,
    e.lottery_rank,
    cancelLabel(e.cancel_request_status),
    tokyo(e.checked_in_at),
    tokyo(e.applied_at),
  ]);
  return { filename: `roster_${trainingId}.csv`, body: csvFile([HEADER, ...rows]) };
}
