/**
 * The renewal (extension) of a basic-instructor certificate (認定更新, spec 001 §4, §6, §8; decision 034):
 * who may renew which certificate and when, the instructor activities it needs, the request's steps and
 * the renewed validity. Pure: the server reads the records and passes today's date in Japan (YYYY-MM-DD);
 * nothing here reads a clock or a database.
 */
import { BI_PREFIX } from '../constants.ts';
import { addMonthsToDay } from '../schemas/activity.ts';

/** certificate_type of a renewal request and of the certificate it issues (spec §9 certificate type map). */
export const RENEWAL_CERTIFICATE_TYPE = 3;

/** certificate_requests.status of a renewal (certificate_type 3, spec 001 §4 Renewal request status). */
export const RENEWAL_STATUS = {
  /** Created after the requirements check: the fee is not paid yet. */
  created: 0,
  /** Paid (or free): the renewal videos are being watched (step 3). */
  inProgress: 3,
  /** The videos are seen: the course-renewal test (step 8). */
  postTest: 8,
  /** The test is passed: the renewed certificate is issued. */
  complete: 4,
} as const;
export type RenewalStatus = (typeof RENEWAL_STATUS)[keyof typeof RENEWAL_STATUS];
/** Every status a renewal may hold (the CHECK constraint of migration 0020 allows these and 1). */
export const RENEWAL_STATUSES = [0, 3, 8, 4] as const satisfies readonly RenewalStatus[];

/** Months before the end date from which a certificate may be renewed (spec 001 §4). */
export const RENEWAL_WINDOW_MONTHS = 6;
/** Months after the end date during which an expired certificate may still be renewed (decision 034). */
export const RENEWAL_GRACE_MONTHS = 3;

/**
 * Instructor activities a renewal needs within the certificate's period, by its length in years (spec §6):
 * 5-year certificates 3 or more, 3-year ones 2 or more. Other lengths: see requiredActivities.
 */
export const RENEWAL_REQUIRED_ACTIVITIES: Readonly<Record<3 | 5, number>> = { 3: 2, 5: 3 };

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The length of a certificate in whole years: from its start date to the day after its end date
 * (a 5-year certificate of 2022-04-01 ends 2027-03-31), rounded to the nearest year.
 */
export function certificateYears(startDate: string, endDate: string): number {
  const [y1 = 0, m1 = 1] = startDate.split('-').map(Number);
  const [y2 = 0, m2 = 1] = nextDay(endDate).split('-').map(Number);
  return Math.round((y2 * 12 + m2 - (y1 * 12 + m1)) / 12);
}

/** Activities needed by a certificate of this many years: 3 from five years on, else 2 (decision 034). */
export function requiredActivities(years: number): number {
  return years >= 5 ? RENEWAL_REQUIRED_ACTIVITIES[5] : RENEWAL_REQUIRED_ACTIVITIES[3];
}

export type RenewalWindow = {
  /** The first day the renewal may start: 6 months before the end date. */
  opensOn: string;
  /** The last day it may start: the grace months after the end date. */
  closesOn: string;
};

export function renewalWindow(endDate: string): RenewalWindow {
  return {
    opensOn: addMonthsToDay(endDate, -RENEWAL_WINDOW_MONTHS),
    closesOn: addMonthsToDay(endDate, RENEWAL_GRACE_MONTHS),
  };
}

export type RenewalCertificate = {
  /** Whose certificate it is, and the caller. */
  holderUserId: number | null;
  /** The certificate's course's certificate prefix ('BI' for basic instructor). */
  prefix: string | null;
  startDate: string;
  endDate: string | null;
  revoked: boolean;
  /** Already renewed (is_extended): a certificate is renewed once. */
  extended: boolean;
};

/** Why a certificate cannot be renewed at all (not a matter of records). */
export type RenewalRefusal =
  'notFound' | 'notBasicInstructor' | 'alreadyExtended' | 'revoked' | 'tooEarly' | 'tooLate';

export type RenewalInput = {
  userId: number;
  certificate: RenewalCertificate;
  /** Days (YYYY-MM-DD) of the sessions the member taught as instructor with attendance confirmed. */
  activityDays: readonly string[];
  /** Today in Japan (YYYY-MM-DD): the clock, passed in. */
  today: string;
};

export type RenewalRequirements = {
  years: number;
  required: number;
  /** The activities that count: within the certificate's period, up to today, in date order. */
  counted: string[];
  missing: number;
  window: RenewalWindow;
};

export type RenewalEligibility =
  | { kind: 'refused'; reason: RenewalRefusal; window: RenewalWindow | null }
  | ({ kind: 'unmet' } & RenewalRequirements)
  | ({ kind: 'eligible' } & RenewalRequirements);

/**
 * Whether the member may renew this certificate today: their own basic-instructor certificate with an
 * end date, not revoked nor extended, inside its window (6 months before the end date to the grace months
 * after it), with the activities its length needs taught within its period.
 */
export function renewalEligibility(input: RenewalInput): RenewalEligibility {
  const c = input.certificate;
  if (c.holderUserId !== input.userId) return { kind: 'refused', reason: 'notFound', window: null };
  if (c.prefix !== BI_PREFIX || c.endDate === null)
    return { kind: 'refused', reason: 'notBasicInstructor', window: null };
  const window = renewalWindow(c.endDate);
  if (c.extended) return { kind: 'refused', reason: 'alreadyExtended', window };
  if (c.revoked) return { kind: 'refused', reason: 'revoked', window };
  if (input.today < window.opensOn) return { kind: 'refused', reason: 'tooEarly', window };
  if (input.today > window.closesOn) return { kind: 'refused', reason: 'tooLate', window };
  const end = c.endDate;
  const years = certificateYears(c.startDate, end);
  const required = requiredActivities(years);
  const counted = input.activityDays
    .filter((day) => day >= c.startDate && day <= end && day <= input.today)
    .sort();
  const missing = Math.max(0, required - counted.length);
  const requirements = { years, required, counted, missing, window };
  return missing === 0 ? { kind: 'eligible', ...requirements } : { kind: 'unmet', ...requirements };
}

/** The two steps of the renewal session page (spec 001 §4): 3 watch the videos, 8 the renewal test. */
export const RENEWAL_STEP = { videos: 3, postTest: 8 } as const;

export type RenewalStepState = 'active' | 'finished' | 'disabled';

export type RenewalSteps = {
  videos: RenewalStepState;
  postTest: RenewalStepState;
  /** Get certificate: enabled only once complete (4). */
  certificate: boolean;
};

/**
 * The session page's steps by request status: step 3 is active at 3 and finished at 8 or 4; step 8 is
 * disabled (not a link) at 3, active at 8 and finished at 4; before payment both are disabled.
 */
export function renewalSteps(status: number): RenewalSteps {
  switch (status) {
    case RENEWAL_STATUS.inProgress:
      return { videos: 'active', postTest: 'disabled', certificate: false };
    case RENEWAL_STATUS.postTest:
      return { videos: 'finished', postTest: 'active', certificate: false };
    case RENEWAL_STATUS.complete:
      return { videos: 'finished', postTest: 'finished', certificate: true };
    default:
      return { videos: 'disabled', postTest: 'disabled', certificate: false };
  }
}

/**
 * The renewed certificate's validity: it continues the old one (decision 034), from the day after the old
 * end date, for the renewal course's certification period (the end date is that many years later, less a day).
 */
export function renewedValidity(
  oldEndDate: string,
  periodYears: number,
): { startDate: string; endDate: string } {
  const startDate = nextDay(oldEndDate);
  const [y = 0, m = 1, d = 1] = startDate.split('-').map(Number);
  const endDate = new Date(Date.UTC(y + periodYears, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
  return { startDate, endDate };
}

/** The renewal's intro page of a certificate (spec 001 §2): what my-page links to and the reminder mails carry. */
export function renewalPath(input: { courseId: number; certificateId: number }): string {
  return `/certificate/${input.courseId}/extend-certificate/basic-instructor/extend/${input.certificateId}`;
}

/** The day before a day (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * What my-page shows about a certificate's renewal on a day (spec 001 §4 Certificate expiry; decision 038):
 * 'renewed' once extended; 'available' (the renewal link) for a basic-instructor certificate, not revoked
 * nor extended, inside its window (6 months before the end date to the grace months after it); else 'none'.
 */
export type CertificateRenewalState = 'available' | 'renewed' | 'none';

export function certificateRenewalState(
  c: { prefix: string | null; endDate: string | null; extended: boolean; revoked: boolean },
  today: string,
): CertificateRenewalState {
  if (c.extended) return 'renewed';
  if (c.revoked || c.prefix !== BI_PREFIX || c.endDate === null) return 'none';
  const window = renewalWindow(c.endDate);
  return today >= window.opensOn && today <= window.closesOn ? 'available' : 'none';
}

/**
 * The renewal reminder mails of a certificate (decision 038), in the order they fall due: 6 months,
 * 1 month and 1 day before the end date, and at expiry (the day after the end date).
 */
export const RENEWAL_REMINDERS = ['sixMonths', 'oneMonth', 'oneDay', 'expired'] as const;
export type RenewalReminder = (typeof RENEWAL_REMINDERS)[number];

/** The day (YYYY-MM-DD) a reminder of a certificate ending on endDate falls due. */
export function renewalReminderDay(endDate: string, reminder: RenewalReminder): string {
  switch (reminder) {
    case 'sixMonths':
      return addMonthsToDay(endDate, -RENEWAL_WINDOW_MONTHS);
    case 'oneMonth':
      return addMonthsToDay(endDate, -1);
    case 'oneDay':
      return previousDay(endDate);
    case 'expired':
      return nextDay(endDate);
  }
}

/**
 * The reminder a certificate is due on a day: the latest whose day has come, so a run that was missed
 * (or the first run after the certificate was loaded) sends the one that fits today, never a stale
 * '6 months' a week before the end. None before the window opens nor after the grace months (the
 * renewal link would no longer work). Whether it was already sent is the database's (one row per
 * certificate and reminder).
 */
export function dueRenewalReminder(endDate: string, today: string): RenewalReminder | null {
  if (today > renewalWindow(endDate).closesOn) return null;
  let due: RenewalReminder | null = null;
  for (const reminder of RENEWAL_REMINDERS)
    if (renewalReminderDay(endDate, reminder) <= today) due = reminder;
  return due;
}

/** Days from today to the end date (negative once past): the office list's 'days left'. */
export function daysUntil(endDate: string, today: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * Where a certificate's renewal stands, as the office's expiry list shows it (decision 038): 'renewed' once
 * extended, else by its renewal request's status (none: not started; 0 or 1 awaiting the fee; 3 videos;
 * 8 test; 4 complete).
 */
export const RENEWAL_PROGRESSES = [
  'notStarted',
  'awaitingPayment',
  'inProgress',
  'postTest',
  'complete',
  'renewed',
] as const;
export type RenewalProgress = (typeof RENEWAL_PROGRESSES)[number];

export function renewalProgress(input: { extended: boolean; requestStatus: number | null }): RenewalProgress {
  if (input.extended) return 'renewed';
  switch (input.requestStatus) {
    case null:
      return 'notStarted';
    case RENEWAL_STATUS.inProgress:
      return 'inProgress';
    case RENEWAL_STATUS.postTest:
      return 'postTest';
    case RENEWAL_STATUS.complete:
      return 'complete';
    default:
      return 'awaitingPayment';
  }
}

/** The hour (Japan time) at which the daily reminder sweep runs. */
export const RENEWAL_REMINDER_HOUR = 9;

/** The instant of the reminder sweep of a day (YYYY-MM-DD): 09:00 Japan time. */
export function renewalSweepAt(day: string): Date {
  return new Date(`${day}T${String(RENEWAL_REMINDER_HOUR).padStart(2, '0')}:00:00+09:00`);
}
