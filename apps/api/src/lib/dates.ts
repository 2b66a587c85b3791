import { japanDateTime, TIME_ZONE } from '@mels/domain';

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Japan of an instant, YYYY-MM-DD. */
export function tokyoDate(at: Date): string {
  return ymd.format(at);
}

/** An instant as the office reads it in a CSV file, in Japan: YYYY/MM/DD HH:mm (and :ss with seconds). */
export function tokyoDateTime(at: Date | string, options: { seconds?: boolean } = {}): string {
  return japanDateTime(new Date(at), options).replaceAll('-', '/');
}

/** ISO 8601 with offset, as the API writes instants. */
export function iso(at: Date | string | null): string | null {
  if (at === null) return null;
  return new Date(at).toISOString();
}
