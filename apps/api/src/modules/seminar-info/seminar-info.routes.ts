import { errorBodySchema, seminarInfoResponseSchema } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { getSeminarInfo } from './seminar-info.repository.ts';

export function registerSeminarInfo(app: FastifyInstance) {
  typed(app).get(
    '/seminar_info',
    {
      schema: { tags: ['seminar info'], response: { 200: seminarInfoResponseSchema, 404: errorBodySchema } },
    },
    async () => {
      const found = await getSeminarInfo(app.deps.db);
      if (!found) throw notFound();
      return {
        data: {
          title: found.info.title,
          description: found.info.description,
          admin_login_url: app.deps.config.seminarAdminUrl,
          contents: found.contents,
        },
      };
    },
  );
}
