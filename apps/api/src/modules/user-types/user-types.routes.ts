import { errorBodySchema, paginate, userTypesResponseSchema } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http.ts';
import { listUserTypes } from './user-types.repository.ts';

export function registerUserTypes(app: FastifyInstance) {
  typed(app).get(
    '/user_types',
    { schema: { tags: ['user types'], response: { 200: userTypesResponseSchema, 400: errorBodySchema } } },
    async () => {
      const rows = await listUserTypes(app.deps.db);
      return { data: rows, pagination: paginate(1, Math.max(rows.length, 1), rows.length) };
    },
  );
}
