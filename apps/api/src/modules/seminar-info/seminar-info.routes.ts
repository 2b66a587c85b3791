import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { getSeminarInfoPage } from './seminar-info.service.ts';

export function registerSeminarInfo(app: FastifyInstance) {
  contractRoute(app, contracts.seminarInfo.get, async () => {
    const page = await getSeminarInfoPage(app.deps);
    if (!page) throw notFound();
    return { data: page };
  });
}
