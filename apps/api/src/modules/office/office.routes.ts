import {
  checkInBodySchema,
  idParamSchema,
  lotteryBodySchema,
  rejectAssistantBodySchema,
  undoCheckInBodySchema,
  userTypeBodySchema,
  userTypeQuerySchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireOffice } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
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

const tags = ['office'];
const security = [{ token: [] }];
const params = idParamSchema;
const errors = workflowResponses;

/** The office's actions on the session workflow (office role only): /api/v1/office/… */
export function registerOffice(app: FastifyInstance) {
  const r = typed(app);
  const deps = (): OfficeDeps => app.deps;
  const now = () => app.deps.clock.now();
  const opts = { preHandler: requireOffice };
  registerOfficeLists(app);
  registerCloseApplications(app);

  r.post(
    '/office/trainings/:id/lottery',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Run the seeded, recorded draw of a recruitment',
        params,
        body: lotteryBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await runLottery(
        deps(),
        request.params.id,
        request.body.user_type,
        request.body.seed,
        currentUser(request).id,
        now(),
      ),
    }),
  );
  r.get(
    '/office/trainings/:id/lottery',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'The recorded draw: seed, entrants in order, winners',
        params,
        querystring: userTypeQuerySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await lotteryRecord(app.deps.db, request.params.id, request.query.user_type),
    }),
  );
  r.post(
    '/office/trainings/:id/lottery/offer-next',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Offer a free place to the next applicant in draw order',
        params,
        body: userTypeBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await offerNext(
        deps(),
        request.params.id,
        request.body.user_type,
        currentUser(request).id,
        now(),
      ),
    }),
  );
  r.post(
    '/office/enrollments/:id/approve-assistant',
    {
      ...opts,
      schema: { tags, security, summary: 'Approve an assistant application', params, response: errors },
    },
    async (request) => ({
      data: await approveAssistant(deps(), request.params.id, currentUser(request).id, now()),
    }),
  );
  r.post(
    '/office/enrollments/:id/reject-assistant',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary:
          'Decline an assistant application awaiting approval (reason mailed to the applicant, audited)',
        params,
        body: rejectAssistantBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await rejectAssistant(deps(), {
        enrollmentId: request.params.id,
        reason: request.body.reason,
        actor: currentUser(request).id,
        now: now(),
      }),
    }),
  );
  r.post(
    '/office/enrollments/:id/confirm-payment',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Bank transfer or on-site payment received: awaiting payment → attending',
        params,
        response: errors,
      },
    },
    async (request) => ({
      data: await confirmPayment(deps(), request.params.id, currentUser(request).id, now()),
    }),
  );
  r.get(
    '/office/enrollments/:id/steps',
    {
      ...opts,
      schema: { tags, security, summary: 'The audit trail of an enrolment', params, response: errors },
    },
    async (request) => ({ data: await enrollmentTrail(app.deps.db, request.params.id) }),
  );
  r.post(
    '/office/cancel-requests/:id/approve',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Approve a cancellation: frees the place (offered onward after a draw)',
        params,
        response: errors,
      },
    },
    async (request) => ({
      data: await approveCancel(deps(), request.params.id, currentUser(request).id, now()),
    }),
  );
  r.post(
    '/office/cancel-requests/:id/reject',
    {
      ...opts,
      schema: { tags, security, summary: 'Reject a cancellation request', params, response: errors },
    },
    async (request) => ({
      data: await rejectCancel(deps(), request.params.id, currentUser(request).id, now()),
    }),
  );
  r.post(
    '/office/check-in',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Check in a scanned or typed attendance ticket (attending → attended)',
        body: checkInBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await checkIn(
        deps(),
        request.body.code,
        request.body.training_id,
        currentUser(request).id,
        now(),
      ),
    }),
  );
  r.post(
    '/office/enrollments/:id/undo-check-in',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Undo a check-in made by mistake (with a reason, audited): back to attending',
        params,
        body: undoCheckInBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await undoCheckIn(deps(), {
        enrollmentId: request.params.id,
        reason: request.body.reason,
        actor: currentUser(request).id,
        now: now(),
      }),
    }),
  );
  r.get(
    '/office/trainings/:id/roster',
    {
      ...opts,
      schema: { tags, security, summary: "A session's roster with statuses", params, response: errors },
    },
    async (request) => ({ data: await roster(app.deps.db, request.params.id) }),
  );
  r.get(
    '/office/trainings/:id/roster.csv',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "A session's roster as CSV (UTF-8 with BOM, Japanese headers)",
        params,
      },
    },
    async (request, reply) => {
      const csv = await rosterCsv(app.deps.db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(csv.body);
    },
  );
}
