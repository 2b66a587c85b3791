import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../contract-route.ts';
import { REFERENCE_LIST_CACHE } from '../../plugins/http-cache.ts';
import { listAreas } from './areas.repository.ts';

export function registerAreas(app: FastifyInstance) {
  contractRoute(
    app,
    contracts.areas.list,
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listAreas(app.deps.db, page, limit);
      return { data: rows, pagination: paginate(page, limit, total) };
    },
    { cache: REFERENCE_LIST_CACHE },
  );
}
