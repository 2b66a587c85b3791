/**
 * The renewal reminder mails (decision 038): a daily sweep (a job that schedules the next day's) records
 * the reminder each certificate is due today, once per certificate and reminder (the unique index of
 * certificate_reminders decides), and queues its mail as a job of its own; the mail job reads the
 * certificate again when it runs and sends nothing to a member who renewed in between.
 */
import {
  addMonthsToDay,
  dueRenewalReminder,
  nextDay,
  RENEWAL_GRACE_MONTHS,
  RENEWAL_STATUS,
  RENEWAL_WINDOW_MONTHS,
  renewalSweepAt,
  type RenewalReminder,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import type { Deps } from '../../plugins/deps.ts';
import { mailMember } from '../notifications/index.ts';
import { renewalReminderMail } from './expiries.mails.ts';
import { findReminderCandidates, findReminderForMail, recordReminder } from './expiries.repository.ts';

/** The daily sweep. */
export const RENEWAL_REMINDERS_JOB = 'renewal-reminders';
/** One reminder's mail. */
export const RENEWAL_REMINDER_MAIL_JOB = 'renewal-reminder-mail';

/** Schedules the sweep of a day (once: its dedupe key is the day) at 09:00 Japan time. */
export async function scheduleReminderSweep(db: Executor, day: string): Promise<void> {
  await scheduleJob(db, {
    kind: RENEWAL_REMINDERS_JOB,
    payload: { day },
    runAt: renewalSweepAt(day),
    dedupeKey: `${RENEWAL_REMINDERS_JOB}:${day}`,
  });
}

/**
 * Records and queues today's due reminders; answers what was newly recorded. Certificates concerned: ending
 * from the grace months ago to 6 months ahead (a month more each side; the rule decides the day).
 */
export async function sweepReminders(db: Executor, now: Date) {
  const today = tokyoDate(now);
  const candidates = await findReminderCandidates(db, {
    from: addMonthsToDay(today, -(RENEWAL_GRACE_MONTHS + 1)),
    to: addMonthsToDay(today, RENEWAL_WINDOW_MONTHS + 1),
  });
  const recorded: { certificateId: number; reminder: RenewalReminder }[] = [];
  for (const c of candidates) {
    const reminder = dueRenewalReminder(c.endDate, today);
    if (!reminder) continue;
    const row = await recordReminder(db, { certificateId: c.id, reminder, now });
    if (!row) continue;
    await scheduleJob(db, {
      kind: RENEWAL_REMINDER_MAIL_JOB,
      payload: { reminderId: row.id },
      runAt: now,
      dedupeKey: `${RENEWAL_REMINDER_MAIL_JOB}:${row.id}`,
    });
    recorded.push({ certificateId: c.id, reminder });
  }
  return recorded;
}

/** The sweep job: today's reminders, then tomorrow's sweep. */
export function reminderSweepJob(deps: Deps): JobHandler {
  return async (tx) => {
    const now = deps.clock.now();
    await sweepReminders(tx, now);
    await scheduleReminderSweep(tx, nextDay(tokyoDate(now)));
  };
}

/** The mail job: nothing when the certificate was renewed, revoked or is gone since the reminder was recorded. */
export function reminderMailJob(deps: Deps): JobHandler {
  return async (tx, payload) => {
    const reminderId = Number(payload.reminderId);
    if (!Number.isInteger(reminderId)) throw new Error('bad reminder mail payload');
    const row = await findReminderForMail(tx, reminderId);
    if (!row || row.userId === null || row.endDate === null || row.revokedAt || row.isExtended) return;
    if (row.requestStatus === RENEWAL_STATUS.complete) return;
    const certificate = {
      id: row.certificateId,
      number: row.number,
      courseId: row.courseId,
      courseName: row.courseName,
      endDate: row.endDate,
    };
    const userId = row.userId;
    const reminder = row.reminder as RenewalReminder;
    return async () => {
      await mailMember(deps, userId, (reader, site) =>
        renewalReminderMail({ reader, reminder, certificate, site }),
      );
    };
  };
}
