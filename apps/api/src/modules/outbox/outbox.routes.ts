import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  OUTBOX_RESEND_JOB,
  officeOutbox,
  officeOutboxMail,
  resendMail,
  resendMailJob,
} from './outbox.service.ts';

/** The office's view of outgoing mail (issue 18, decision 032): list, one mail (tokens masked), resend. */
export function registerOutbox(app: FastifyInstance) {
  app.deps.jobs.register(OUTBOX_RESEND_JOB, resendMailJob(app.deps));
  const o = contracts.officeOutbox;
  contractRoute(app, o.list, async (request) => officeOutbox(app.deps, request.query));
  contractRoute(app, o.detail, async (request) => ({
    data: await officeOutboxMail(app.deps, request.params.id),
  }));
  contractRoute(app, o.resend, async (request) => ({
    data: await resendMail(app.deps, {
      id: request.params.id,
      actorId: currentUser(request).id,
      now: app.deps.clock.now(),
    }),
  }));
}
