import { formatDate } from '../../lib/format.ts';

/** The day of the week (0 = Sunday) of a calendar date written YYYY-MM-DD. */
export function weekdayOf(ymd: string): number {
  return new Date(`${ymd.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

/** 2026/12/05（土） */
export function formatEventDate(ymd: string, weekdays: readonly string[], template: string): string {
  return template.replace('{0}', formatDate(ymd)).replace('{1}', weekdays[weekdayOf(ymd)] ?? '');
}
