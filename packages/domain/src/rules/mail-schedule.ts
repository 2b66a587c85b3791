/**
 * When the scheduled mails go out (decision 024). Pure: the clock is passed in. Times are Japan's
 * (UTC+9, no daylight saving), so the arithmetic is done on UTC with a fixed offset.
 */

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The hour (Japan time) at which the day-before reminder is sent. */
export const DAY_BEFORE_REMINDER_HOUR = 10;

/** Days before a bank transfer's deadline at which the reminder is sent. */
export const TRANSFER_REMINDER_DAYS = 2;

/** Midnight (Japan time) that starts a 'YYYY-MM-DD' date, as an instant. */
function startOfJapanDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - JST_OFFSET_MS);
}

/**
 * The day-before reminder of a session held on eventDate: 10:00 Japan time the day before. A ticket
 * made after that moment but before the session's day gets its reminder at once (now); a ticket made
 * on or after the day gets none (null).
 */
export function dayBeforeReminderAt(eventDate: string, now: Date): Date | null {
  const dayStart = startOfJapanDay(eventDate);
  if (Number.isNaN(dayStart.getTime()) || now >= dayStart) return null;
  const at = new Date(dayStart.getTime() - DAY_MS + DAY_BEFORE_REMINDER_HOUR * 60 * 60 * 1000);
  return now < at ? at : now;
}

/**
 * The reminder of an unpaid bank transfer: two days before its deadline; none when that moment has
 * already passed (the instructions, sent just now, already name the deadline).
 */
export function transferReminderAt(dueAt: Date, now: Date): Date | null {
  const at = new Date(dueAt.getTime() - TRANSFER_REMINDER_DAYS * DAY_MS);
  return now < at ? at : null;
}
