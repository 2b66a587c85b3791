import {
  agreementBodySchema,
  applyBodySchema,
  confirmParticipantBodySchema,
  confirmParticipantResponseSchema,
  paymentMethodBodySchema,
  idParamSchema,
  requestCancelBodySchema,
  sessionDetailResponseSchema,
  userTypeQuerySchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
import { subscribeToPayments } from './enrollments.payments.ts';
import {
  agree,
  agreementData,
  applicationData,
  apply,
  choosePaymentMethod,
  requestCancel,
  sessionDetail,
  ticket,
} from './enrollments.service.ts';

const tags = ['enrollments'];
const security = [{ token: [] }];
const params = idParamSchema;
const errors = workflowResponses;

/** The session workflow of the logged-in user: /api/v1/trainings/{id}/enrollments/… (spec 000 §7). */
export function registerEnrollments(app: FastifyInstance) {
  const r = typed(app);
  subscribeToPayments(app.deps);
  const base = '/trainings/:id/enrollments';
  const now = () => app.deps.clock.now();
  const db = () => app.deps.db;

  r.get(
    `${base}/detail`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'The session page for the logged-in user: steps, their states, warnings, cancel and order state',
        params,
        querystring: userTypeQuerySchema,
        response: { ...errors, 200: sessionDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await sessionDetail(
        db(),
        request.params.id,
        request.query.user_type,
        currentUser(request).id,
        now(),
      ),
    }),
  );

  r.post(
    `${base}/user`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Apply (first-come: a place is taken atomically; lottery: awaiting the draw; assistants: awaiting approval)',
        params,
        body: applyBodySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const data = await apply(
        db(),
        request.params.id,
        request.body.user_type,
        currentUser(request).id,
        now(),
      );
      return reply.status(201).send({ data });
    },
  );

  r.get(
    `${base}/application`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Applicant information to confirm',
        params,
        querystring: userTypeQuerySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await applicationData(
        db(),
        request.params.id,
        request.query.user_type,
        currentUser(request).id,
        now(),
      ),
    }),
  );

  r.get(
    `${base}/agreement`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Notes, fee and route of the agreement page',
        params,
        querystring: userTypeQuerySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await agreementData(db(), app.deps.config, {
        trainingId: request.params.id,
        userTypeId: request.query.user_type,
        userId: currentUser(request).id,
        now: now(),
      }),
    }),
  );

  r.post(
    `${base}/payment-method`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Choose or change the session fee's payment method before paying (card, bank transfer, pay on site)",
        params,
        body: paymentMethodBodySchema,
        response: errors,
      },
    },
    async (request) => ({
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
    }),
  );

  r.post(
    `${base}/agreement`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Accept the agreement: won (6), or awaiting payment on site (8) → attending (9)',
        params,
        body: agreementBodySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await agree(app.deps, request.params.id, request.body.user_type, currentUser(request).id, now()),
    }),
  );

  r.post(
    `${base}/confirm_participant`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The attendee's confirmation of participation (spec 000 §7, decision 025): the agreement's step — won (6), or awaiting payment on site (8) → attending (9), the ticket next",
        params,
        body: confirmParticipantBodySchema,
        response: { ...errors, 200: confirmParticipantResponseSchema },
      },
    },
    async (request) => ({
      data: await agree(app.deps, request.params.id, request.body.user_type, currentUser(request).id, now()),
    }),
  );

  r.post(
    `${base}/user/request-cancel`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Request cancellation (awaiting the office)',
        params,
        body: requestCancelBodySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const data = await requestCancel(
        db(),
        request.params.id,
        request.body.user_type,
        currentUser(request).id,
        request.body.reason,
        now(),
      );
      return reply.status(201).send({ data });
    },
  );

  r.get(
    `${base}/ticket`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The attendance ticket: signed attendance code and its QR code (SVG)',
        params,
        querystring: userTypeQuerySchema,
        response: errors,
      },
    },
    async (request) => ({
      data: await ticket(
        db(),
        app.deps.config,
        request.params.id,
        request.query.user_type,
        currentUser(request).id,
        now(),
      ),
    }),
  );
}
