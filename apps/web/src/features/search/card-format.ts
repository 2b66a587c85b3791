import { TIME_ZONE } from '@mels/domain';
import { formatDate } from '../../lib/format.ts';

/** The day of the week (0 = Sunday) of a calendar date written YYYY-MM-DD. */
export function weekdayOf(ymd: string): number {
  return new Date(`${ymd.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

/** 2026/12/05（土） */
export function formatEventDate(ymd: string, weekdays: readonly string[], template: string): string {
  return template.replace('{0}', formatDate(ymd)).replace('{1}', weekdays[weekdayOf(ymd)] ?? '');
}

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 2026/10/01 10:00 in Japan time. */
export function formatDateTime(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const p = Object.fromEntries(dateTime.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}
