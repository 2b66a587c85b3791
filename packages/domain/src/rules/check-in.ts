import { STEP_STATUS } from './steps.ts';

/** Default of CHECK_IN_MARGIN_HOURS: reception opens this long before the session's day and stays open as long after it. */
export const DEFAULT_CHECK_IN_MARGIN_HOURS = 3;

const HOUR = 3_600_000;

/** Midnight in Japan (UTC+9, no daylight saving) at the start of a YYYY-MM-DD day. */
function japanMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00+09:00`);
}

export type CheckInWindow = { opens: Date; closes: Date };

/**
 * When reception accepts a session's tickets: the session's date in Japan time (00:00–24:00 JST),
 * widened by `marginHours` on both sides for a session that starts early or runs past midnight.
 */
export function checkInWindow(eventDate: string, marginHours: number): CheckInWindow {
  const start = japanMidnight(eventDate);
  return {
    opens: new Date(start - marginHours * HOUR),
    closes: new Date(start + 24 * HOUR + marginHours * HOUR),
  };
}

export type CheckInVerdict = 'open' | 'tooEarly' | 'tooLate';

/** Whether a ticket of a session dated `eventDate` may be checked in at `now` (the window's end excluded). */
export function checkInVerdict(input: { eventDate: string; marginHours: number; now: Date }): CheckInVerdict {
  const { opens, closes } = checkInWindow(input.eventDate, input.marginHours);
  const t = input.now.getTime();
  if (t < opens.getTime()) return 'tooEarly';
  if (t >= closes.getTime()) return 'tooLate';
  return 'open';
}

/**
 * The post-test (step 6) opens only after a check-in made on the session's day: the enrolment is at
 * status 10 (checked in, post-test not taken), the check-in time lies in the session's window, and
 * the clock has reached the window's start. An undone check-in (checked_in_at cleared) closes it.
 */
export function postTestOpen(input: {
  status: number | null;
  checkedInAt: Date | string | null;
  eventDate: string;
  marginHours: number;
  now: Date;
}): boolean {
  if (input.status !== STEP_STATUS.postTestNotTaken || input.checkedInAt === null) return false;
  const checkedIn = new Date(input.checkedInAt);
  if (checkInVerdict({ ...input, now: checkedIn }) !== 'open') return false;
  return input.now.getTime() >= checkInWindow(input.eventDate, input.marginHours).opens.getTime();
}

/** 2026-12-15 → 2026年12月15日 (the date in a Japanese refusal). */
export function japaneseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
}
