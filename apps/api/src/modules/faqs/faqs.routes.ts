import { errorBodySchema, faqsQuerySchema, faqsResponseSchema, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http.ts';
import { listFaqs } from './faqs.repository.ts';

export function registerFaqs(app: FastifyInstance) {
  typed(app).get(
    '/faqs',
    {
      schema: {
        tags: ['faqs'],
        querystring: faqsQuerySchema,
        response: { 200: faqsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listFaqs(app.deps.db, page, limit);
      return { data: rows, pagination: paginate(page, limit, total) };
    },
  );
}
