import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../contract-route.ts';
import { listFaqs } from './faqs.repository.ts';

export function registerFaqs(app: FastifyInstance) {
  contractRoute(app, contracts.faqs.list, async (request) => {
    const { page, limit } = request.query;
    const { rows, total } = await listFaqs(app.deps.db, page, limit);
    return { data: rows, pagination: paginate(page, limit, total) };
  });
}
