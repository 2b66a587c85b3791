import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
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
  contractRoute(app, contracts.news.list, async (request) => {
    const q = request.query;
    const { rows, total } = await listNews(app.deps.db, q, app.deps.clock.now());
    return { data: rows.map(present), pagination: paginate(q.page, q.limit, total) };
  });
  contractRoute(app, contracts.news.detail, async (request) => {
    const row = await findNews(app.deps.db, request.params.id, app.deps.clock.now(), request.query.user_type);
    if (!row) throw notFound();
    return { data: { ...present(row), content: row.content } };
  });
}
