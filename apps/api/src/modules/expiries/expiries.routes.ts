import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { tokyoDate } from '../../lib/dates.ts';
import { contractRoute } from '../contract-route.ts';
import {
  reminderMailJob,
  reminderSweepJob,
  RENEWAL_REMINDER_MAIL_JOB,
  RENEWAL_REMINDERS_JOB,
  scheduleReminderSweep,
} from './expiries.reminders.ts';
import { currentUser } from '../../plugins/auth.ts';
import { extendByHand, exportExpiries, listExpiries, officeRenewal } from './expiries.service.ts';

/**
 * Certificate expiries (issue 17, decision 038): the reminder jobs (the daily sweep is scheduled for today
 * when the app is ready, outside tests, once per day by its dedupe key), and the office's list, CSV and renewal view.
 */
export function registerExpiries(app: FastifyInstance) {
  const deps = app.deps;
  deps.jobs.register(RENEWAL_REMINDERS_JOB, reminderSweepJob(deps));
  deps.jobs.register(RENEWAL_REMINDER_MAIL_JOB, reminderMailJob(deps));
  app.addHook('onReady', async () => {
    // Tests run jobs by hand (as app.ts starts the runner): a sweep due at once would be one more job in
    // theirs; the reminder tests schedule their sweeps themselves.
    if (deps.config.env === 'test') return;
    // A start without a database (an outage) must still come up: the next start schedules it.
    try {
      await scheduleReminderSweep(deps.db, tokyoDate(deps.clock.now()));
    } catch (error) {
      app.log.warn({ err: error }, 'renewal reminder sweep not scheduled');
    }
  });

  const e = contracts.officeExpiries;
  contractRoute(app, e.list, async (request) => listExpiries(deps.db, request.query, deps.clock.now()));
  contractRoute(app, e.csv, async (request, reply) => {
    const csv = await exportExpiries(deps.db, request.query, deps.clock.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .send(csv.body);
  });
  contractRoute(app, e.renewal, async (request) => ({
    data: await officeRenewal(deps.db, request.params.id),
  }));
  contractRoute(app, e.extend, async (request) => ({
    data: await extendByHand(deps.db, {
      certificateId: request.params.id,
      actorId: currentUser(request).id,
      reason: request.body.reason,
      now: deps.clock.now(),
    }),
  }));
}
