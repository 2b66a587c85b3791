import { contracts, K } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { ANONYMOUS_SEARCH_CACHE } from '../../plugins/http-cache.ts';
import { searchCards, trainingDetail } from './trainings.service.ts';

export function registerTrainings(app: FastifyInstance) {
  contractRoute(
    app,
    contracts.trainings.list,
    async (request) => searchCards(app.deps.db, request.query, request.user, app.deps.clock.now()),
    { cache: ANONYMOUS_SEARCH_CACHE },
  );
  contractRoute(app, contracts.trainings.detail, async (request) => {
    const detail = await trainingDetail(
      app.deps.db,
      request.params.id,
      request.query.user_type,
      request.user,
      app.deps.clock.now(),
    );
    if (!detail) throw notFound(K.errors.notFound);
    return { data: detail };
  });
}
