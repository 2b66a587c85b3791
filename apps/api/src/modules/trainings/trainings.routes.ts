import { contracts, K } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { settleKeptToken, settleTokenCheck } from '../../plugins/auth.ts';
import { ANONYMOUS_SEARCH_CACHE, asksForFresh } from '../../plugins/http-cache.ts';
import type { MemberPageState } from './trainings.repository.ts';
import { searchCards, trainingDetail, type SearchPage } from './trainings.service.ts';

export function registerTrainings(app: FastifyInstance) {
  // A member's search keeps its pages' shared rows as a visitor's answer is kept (decision 051).
  const keptPages = app.answerCache.values<SearchPage>(500);
  // ...and the members' states on pages and their tokens' accounts, until they change (decision 063).
  const keptStates = { feed: app.memberFeed, states: app.memberFeed.store<MemberPageState>(5000) };
  // The request's token is checked in the member's statement (tokenCheckedByRoute): a member's search is
  // one round trip on a kept page (issue 20), none when the token's account and the state are kept.
  contractRoute(
    app,
    contracts.trainings.list,
    async (request) => {
      if (!asksForFresh(request)) await settleKeptToken(app.deps.db, request);
      const { answer, token } = await searchCards(app.deps.db, {
        query: request.query,
        viewer: request.tokenCheck
          ? { token: request.tokenCheck }
          : request.user && { userId: request.user.id },
        now: app.deps.clock.now(),
        searchDb: app.deps.dbHandle.searchDb,
        kept: keptPages,
        keptStates,
        fresh: asksForFresh(request),
      });
      await settleTokenCheck(app.deps.db, request, token);
      return answer;
    },
    { cache: ANONYMOUS_SEARCH_CACHE, config: { tokenCheckedByRoute: true } },
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
