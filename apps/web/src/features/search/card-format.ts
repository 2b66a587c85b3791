import { japanDateTime } from '@mels/domain';
import { formatDate } from '../../lib/format.ts';

/** The day of the week (0 = Sunday) of a calendar date written YYYY-MM-DD. */
export function weekdayOf(ymd: string): number {
  return new Date(`${ymd.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

/** 2026/12/05（土） */
export function formatEventDate(ymd: string, weekdays: readonly string[], template: string): string {
  return template.replace('{0}', formatDate(ymd)).replace('{1}', weekdays[weekdayOf(ymd)] ?? '');
}

/** 2026/10/01 10:00 in Japan time (fixed +09:00, as lib/format.ts: no Intl formatter to make). */
export function formatDateTime(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return japanDateTime(at).replaceAll('-', '/');
}
