import {
  idParamSchema,
  officeCancelRequestsQuerySchema,
  officeDashboardSchema,
  officeOrdersQuerySchema,
  officeTrainingDetailSchema,
  officeTrainingsQuerySchema,
  paginate,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { requireOffice } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
import {
  dashboard,
  officeCancelRequests,
  officeOrders,
  officeTraining,
  officeTrainings,
} from './office.lists.ts';
import { z } from 'zod';

const tags = ['office'];
const security = [{ token: [] }];
const { 400: e400, 401: e401, 403: e403, 404: e404 } = workflowResponses;
const errors = { 400: e400, 401: e401, 403: e403, 404: e404 };
const list = z.object({ data: z.array(z.unknown()), pagination: z.unknown() });

/** The office console's read side (office role only): counts and lists. */
export function registerOfficeLists(app: FastifyInstance) {
  const r = typed(app);
  const opts = { preHandler: requireOffice };
  const now = () => app.deps.clock.now();

  r.get(
    '/office/dashboard',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Counts of what waits for the office',
        response: { 200: z.object({ data: officeDashboardSchema }), ...errors },
      },
    },
    async () => ({ data: await dashboard(app.deps.db, now()) }),
  );
  r.get(
    '/office/trainings',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Sessions with recruitments and applicant counts (upcoming first, paged)',
        querystring: officeTrainingsQuerySchema,
        response: { 200: list, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { data, total } = await officeTrainings(app.deps.db, q, now());
      return { data, pagination: paginate(q.page, q.limit, total) };
    },
  );
  r.get(
    '/office/trainings/:id',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'One session: recruitments, counts by status, recorded draws',
        params: idParamSchema,
        response: { 200: z.object({ data: officeTrainingDetailSchema }), ...errors },
      },
    },
    async (request) => ({ data: await officeTraining(app.deps.db, request.params.id, now()) }),
  );
  r.get(
    '/office/cancel-requests',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Cancellation requests by status (awaiting by default)',
        querystring: officeCancelRequestsQuerySchema,
        response: { 200: list, ...errors },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { data, total } = await officeCancelRequests(app.deps.db, status, page, limit);
      return { data, pagination: paginate(page, limit, total) };
    },
  );
  r.get(
    '/office/orders',
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Bank transfers awaiting, on-site payments unpaid, or paid orders',
        querystring: officeOrdersQuerySchema,
        response: { 200: list, ...errors },
      },
    },
    async (request) => {
      const { kind, page, limit } = request.query;
      const { data, total } = await officeOrders(app.deps.db, kind, page, limit);
      return { data, pagination: paginate(page, limit, total) };
    },
  );
}
