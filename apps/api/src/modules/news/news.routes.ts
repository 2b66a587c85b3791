import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { presentNews, presentNewsDetail } from './news.presenter.ts';
import { findNews, listNews } from './news.repository.ts';

export function registerNews(app: FastifyInstance) {
  contractRoute(app, contracts.news.list, async (request) => {
    const q = request.query;
    const { rows, total } = await listNews(app.deps.db, q, app.deps.clock.now());
    return { data: rows.map(presentNews), pagination: paginate(q.page, q.limit, total) };
  });
  contractRoute(app, contracts.news.detail, async (request) => {
    const row = await findNews(app.deps.db, request.params.id, app.deps.clock.now(), request.query.user_type);
    if (!row) throw notFound();
    return { data: presentNewsDetail(row) };
  });
}
