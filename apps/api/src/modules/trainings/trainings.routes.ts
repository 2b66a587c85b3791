import { contracts, K } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { ANONYMOUS_SEARCH_CACHE, asksForFresh } from '../../plugins/http-cache.ts';
import { searchCards, trainingDetail, type SearchPage } from './trainings.service.ts';

export function registerTrainings(app: FastifyInstance) {
  // A member's search keeps its pages' shared rows as a visitor's answer is kept (decision 051).
  const keptPages = app.answerCache.values<SearchPage>(500);
  contractRoute(
    app,
    contracts.trainings.list,
    async (request) =>
      searchCards(app.deps.db, {
        query: request.query,
        user: request.user,
        now: app.deps.clock.now(),
        searchDb: app.deps.dbHandle.searchDb,
        kept: keptPages,
        fresh: asksForFresh(request),
      }),
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
