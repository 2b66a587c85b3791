import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { getSeminarInfo } from './seminar-info.repository.ts';

export function registerSeminarInfo(app: FastifyInstance) {
  contractRoute(app, contracts.seminarInfo.get, async () => {
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
  });
}
