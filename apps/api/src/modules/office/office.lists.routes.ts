import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../contract-route.ts';
import {
  dashboard,
  officeCancelRequests,
  officeOrders,
  officeTraining,
  officeTrainings,
} from './office.lists.ts';

/** The office console's read side (office role only): counts and lists. */
export function registerOfficeLists(app: FastifyInstance) {
  const { office } = contracts;
  const now = () => app.deps.clock.now();

  contractRoute(app, office.dashboard, async () => ({ data: await dashboard(app.deps.db, now()) }));

  contractRoute(app, office.trainings, async (request) => {
    const q = request.query;
    const { data, total } = await officeTrainings(app.deps.db, q, now());
    return { data, pagination: paginate(q.page, q.limit, total) };
  });

  contractRoute(app, office.training, async (request) => ({
    data: await officeTraining(app.deps.db, request.params.id, now()),
  }));

  contractRoute(app, office.cancelRequests, async (request) => {
    const { status, page, limit } = request.query;
    const { data, total } = await officeCancelRequests(app.deps.db, status, page, limit);
    return { data, pagination: paginate(page, limit, total) };
  });

  contractRoute(app, office.orders, async (request) => {
    const { kind, page, limit } = request.query;
    const { data, total } = await officeOrders(app.deps.db, kind, page, limit);
    return { data, pagination: paginate(page, limit, total) };
  });
}
