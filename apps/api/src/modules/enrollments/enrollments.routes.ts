import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser, settleTokenCheck } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { subscribeToPayments } from './enrollments.payments.ts';
import {
  agree,
  agreementData,
  applicationData,
  apply,
  type Applicant,
  choosePaymentMethod,
  requestCancel,
  sessionDetail,
  ticket,
} from './enrollments.service.ts';

/** The session workflow of the logged-in user: /api/v1/trainings/{id}/enrollments/… (spec 000 §7). */
export function registerEnrollments(app: FastifyInstance) {
  subscribeToPayments(app.deps);
  const now = () => app.deps.clock.now();
  const db = () => app.deps.db;
  const e = contracts.enrollments;

  contractRoute(app, e.detail, async (request) => ({
    data: await sessionDetail(
      db(),
      request.params.id,
      request.query.user_type,
      currentUser(request).id,
      now(),
    ),
  }));

  // The request's token is checked in the application's read (tokenCheckedByRoute, issue 20): two round
  // trips instead of three in a lottery rush.
  contractRoute(
    app,
    e.apply,
    async (request) => {
      const token = request.tokenCheck;
      const member: Applicant = token
        ? {
            token,
            settle: async (found) => {
              await settleTokenCheck(db(), request, found);
              await requireUser(request);
              return currentUser(request).id;
            },
          }
        : { userId: currentUser(request).id };
      return {
        data: await apply(db(), {
          trainingId: request.params.id,
          userTypeId: request.body.user_type,
          member,
          now: now(),
        }),
      };
    },
    { config: { tokenCheckedByRoute: true } },
  );

  contractRoute(app, e.application, async (request) => ({
    data: await applicationData(
      db(),
      request.params.id,
      request.query.user_type,
      currentUser(request).id,
      now(),
    ),
  }));

  contractRoute(app, e.agreement, async (request) => ({
    data: await agreementData(db(), app.deps.config, {
      trainingId: request.params.id,
      userTypeId: request.query.user_type,
      userId: currentUser(request).id,
      now: now(),
    }),
  }));

  contractRoute(app, e.paymentMethod, async (request) => ({
    data: await choosePaymentMethod(
      app.deps,
      {
        trainingId: request.params.id,
        userTypeId: request.body.user_type,
        userId: currentUser(request).id,
        now: now(),
      },
      request.body.payment_method_id,
    ),
  }));

  contractRoute(app, e.agree, async (request) => ({
    data: await agree(app.deps, request.params.id, request.body.user_type, currentUser(request).id, now()),
  }));

  contractRoute(app, e.confirmParticipant, async (request) => ({
    data: await agree(app.deps, request.params.id, request.body.user_type, currentUser(request).id, now()),
  }));

  contractRoute(app, e.requestCancel, async (request) => ({
    data: await requestCancel(
      db(),
      request.params.id,
      request.body.user_type,
      currentUser(request).id,
      request.body.reason,
      now(),
    ),
  }));

  contractRoute(app, e.ticket, async (request) => ({
    data: await ticket(
      db(),
      app.deps.config,
      request.params.id,
      request.query.user_type,
      currentUser(request).id,
      now(),
    ),
  }));
}
