import {
  activityCertificatesResponseSchema,
  activityTrainingsQuerySchema,
  activityTrainingsResponseSchema,
  errorBodySchema,
  legacyHistoriesResponseSchema,
  paginate,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import { userActivities, userCertificates, userLegacyHistories } from './activity.service.ts';

const tags = ['activity'];
const security = [{ token: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** The my-page activities tab (spec 001 §2): the caller's own enrolments, certificates and older records. */
export function registerActivity(app: FastifyInstance) {
  const r = typed(app);

  r.get(
    '/users/activity/trainings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The caller's enrolments: kind=pending (applying to awaiting payment, active, today or later; 5 a page) or history (all; 20 a page, sortable)",
        querystring: activityTrainingsQuerySchema,
        response: { 200: activityTrainingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { data, total, limit } = await userActivities(
        app.deps.db,
        currentUser(request).id,
        request.query,
        app.deps.clock.now(),
      );
      return { data, pagination: paginate(request.query.page, limit, total) };
    },
  );

  r.get(
    '/users/activity/certificates',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The caller's certificates with their expiry (expired, within 6 months) and how to download each",
        response: { 200: activityCertificatesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await userCertificates(
        app.deps.db,
        app.deps.config,
        currentUser(request).id,
        app.deps.clock.now(),
      ),
    }),
  );

  r.get(
    '/certificates/user',
    {
      preHandler: requireUser,
      schema: {
        tags: ['certificates'],
        security,
        summary:
          "The caller's certificates (spec 001 §7), with spec 001 §3's names: certificate_code, certificate_expired, is_extend_success, link, course.certificate_prefix…",
        response: { 200: activityCertificatesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await userCertificates(
        app.deps.db,
        app.deps.config,
        currentUser(request).id,
        app.deps.clock.now(),
      ),
    }),
  );

  r.get(
    '/users/activity/legacy',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's last 3 records of the previous system",
        response: { 200: legacyHistoriesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await userLegacyHistories(app.deps.db, currentUser(request).id) }),
  );
}
