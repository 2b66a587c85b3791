import {
  aboutResponseSchema,
  aboutTypesResponseSchema,
  errorBodySchema,
  flowsQuerySchema,
  flowsResponseSchema,
  idParamSchema,
  paginate,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { findAbout, listAboutTypes, listFlows } from './abouts.repository.ts';

const all = <T>(rows: T[]) => ({
  data: rows,
  pagination: paginate(1, Math.max(rows.length, 1), rows.length),
});

export function registerAbouts(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/abouts/types',
    { schema: { tags: ['abouts'], response: { 200: aboutTypesResponseSchema } } },
    async () => all(await listAboutTypes(app.deps.db)),
  );
  r.get(
    '/abouts/flows',
    {
      schema: {
        tags: ['abouts'],
        querystring: flowsQuerySchema,
        response: { 200: flowsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => all(await listFlows(app.deps.db, request.query.type)),
  );
  r.get(
    '/abouts/:id',
    {
      schema: {
        tags: ['abouts'],
        params: idParamSchema,
        response: { 200: aboutResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const row = await findAbout(app.deps.db, request.params.id);
      if (!row) throw notFound();
      return { data: row };
    },
  );
}
