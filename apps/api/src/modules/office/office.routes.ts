import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  approveAssistant,
  approveCancel,
  checkIn,
  confirmPayment,
  enrollmentTrail,
  lotteryRecord,
  offerNext,
  rejectAssistant,
  rejectCancel,
  roster,
  rosterCsv,
  runLottery,
  undoCheckIn,
  type OfficeDeps,
} from './office.service.ts';
import { registerCloseApplications } from './close-applications.ts';
import { registerOfficeLists } from './office.lists.routes.ts';

/** The office's actions on the session workflow (office role only): /api/v1/office/… */
export function registerOffice(app: FastifyInstance) {
  const { office } = contracts;
  const deps = (): OfficeDeps => app.deps;
  const now = () => app.deps.clock.now();
  registerOfficeLists(app);
  registerCloseApplications(app);

  contractRoute(app, office.lottery, async (request) => ({
    data: await runLottery(
      deps(),
      request.params.id,
      request.body.user_type,
      request.body.seed,
      currentUser(request).id,
      now(),
    ),
  }));
  contractRoute(app, office.lotteryRecord, async (request) => ({
    data: await lotteryRecord(app.deps.db, request.params.id, request.query.user_type),
  }));
  contractRoute(app, office.offerNext, async (request) => ({
    data: await offerNext(deps(), request.params.id, request.body.user_type, currentUser(request).id, now()),
  }));
  contractRoute(app, office.approveAssistant, async (request) => ({
    data: await approveAssistant(deps(), request.params.id, currentUser(request).id, now()),
  }));
  contractRoute(app, office.rejectAssistant, async (request) => ({
    data: await rejectAssistant(deps(), {
      enrollmentId: request.params.id,
      reason: request.body.reason,
      actor: currentUser(request).id,
      now: now(),
    }),
  }));
  contractRoute(app, office.confirmPayment, async (request) => ({
    data: await confirmPayment(deps(), request.params.id, currentUser(request).id, now()),
  }));
  contractRoute(app, office.trail, async (request) => ({
    data: await enrollmentTrail(app.deps.db, request.params.id),
  }));
  contractRoute(app, office.approveCancel, async (request) => ({
    data: await approveCancel(deps(), {
      requestId: request.params.id,
      actor: currentUser(request).id,
      officeRole: currentUser(request).officeRole,
      now: now(),
    }),
  }));
  contractRoute(app, office.rejectCancel, async (request) => ({
    data: await rejectCancel(deps(), request.params.id, currentUser(request).id, now()),
  }));
  contractRoute(app, office.checkIn, async (request) => ({
    data: await checkIn(deps(), request.body.code, request.body.training_id, currentUser(request).id, now()),
  }));
  contractRoute(app, office.undoCheckIn, async (request) => ({
    data: await undoCheckIn(deps(), {
      enrollmentId: request.params.id,
      reason: request.body.reason,
      actor: currentUser(request).id,
      now: now(),
    }),
  }));
  contractRoute(app, office.roster, async (request) => ({
    data: await roster(app.deps.db, request.params.id),
  }));
  contractRoute(app, office.rosterCsv, async (request, reply) => {
    const csv = await rosterCsv(app.deps.db, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .send(csv.body);
  });
}
