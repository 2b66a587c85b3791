import {
  errorBodySchema,
  idParamSchema,
  intField,
  ja,
  newsListResponseSchema,
  newsQuerySchema,
  newsResponseSchema,
  paginate,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { findNews, listNews } from './news.repository.ts';

const present = (row: {
  id: number;
  title: string;
  publicDate: Date;
  updatedAt: Date;
  category: string | null;
}) => ({
  id: row.id,
  title: row.title,
  public_date: row.publicDate.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  category_news: row.category === null ? null : { title: row.category },
});

export function registerNews(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/news',
    {
      schema: {
        tags: ['news'],
        querystring: newsQuerySchema,
        response: { 200: newsListResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listNews(app.deps.db, q, app.deps.clock.now());
      return { data: rows.map(present), pagination: paginate(q.page, q.limit, total) };
    },
  );
  r.get(
    '/news/:id',
    {
      schema: {
        tags: ['news'],
        params: idParamSchema,
        querystring: z.object({ user_type: intField(ja.fields.userType, { min: 1, max: 5 }).optional() }),
        response: { 200: newsResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const row = await findNews(
        app.deps.db,
        request.params.id,
        app.deps.clock.now(),
        request.query.user_type,
      );
      if (!row) throw notFound();
      return { data: { ...present(row), content: row.content } };
    },
  );
}
