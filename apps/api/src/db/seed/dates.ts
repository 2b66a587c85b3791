import { tokyoDate } from '../../lib/dates.ts';

/** Calendar arithmetic on YYYY-MM-DD strings (no time zone involved). */
export function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(ymd: string, months: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Day of week of a calendar date, 0 Sunday … 6 Saturday. */
export function weekday(ymd: string): number {
  return new Date(`${ymd}T00:00:00Z`).getUTCDay();
}

/** The instant of a wall-clock time in Japan. */
export function jst(ymd: string, hm = '00:00'): Date {
  return new Date(`${ymd}T${hm}:00+09:00`);
}

export function today(now: Date): string {
  return tokyoDate(now);
}

/** The latest date with this month and day that is on or before `ymd`. */
export function lastAnniversary(ymd: string, month: number, day: number): string {
  const year = Number(ymd.slice(0, 4));
  const md = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const candidate = `${year}-${md}`;
  return candidate <= ymd ? candidate : `${year - 1}-${md}`;
}

/** 'YYYY年M月D日' for Japanese prose. */
export function jaDate(ymd: string): string {
  return `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(5, 7))}月${Number(ymd.slice(8, 10))}日`;
}

/** Japanese fiscal year (April–March) of a date. */
export function fiscalYear(ymd: string): number {
  const year = Number(ymd.slice(0, 4));
  return Number(ymd.slice(5, 7)) >= 4 ? year : year - 1;
}
