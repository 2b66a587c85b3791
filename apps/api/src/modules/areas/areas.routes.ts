import { areasQuerySchema, areasResponseSchema, errorBodySchema, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http.ts';
import { listAreas } from './areas.repository.ts';

export function registerAreas(app: FastifyInstance) {
  typed(app).get(
    '/areas',
    {
      schema: {
        tags: ['areas'],
        summary: 'Prefectures in JIS code order (id = JIS code)',
        querystring: areasQuerySchema,
        response: { 200: areasResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listAreas(app.deps.db, page, limit);
      return { data: rows, pagination: paginate(page, limit, total) };
    },
  );
}
