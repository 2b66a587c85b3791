import { contracts, K } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { settleKeptToken, settleTokenCheck } from '../../plugins/auth.ts';
import { ANONYMOUS_SEARCH_CACHE, asksForFresh } from '../../plugins/http-cache.ts';
import type { FeedMark } from '../../plugins/member-state.ts';
import type { MemberPageState } from './trainings.repository.ts';
import { searchCards, trainingDetail, type SearchPage } from './trainings.service.ts';

/** A member's whole answer, kept while the shared page it was made from is kept (decision 063). */
type MemberAnswer = { page: SearchPage; pageKey: string; payload: string };

/** Where a member's answer is kept: the member, the minute, the language asked for and the URL. */
function memberAnswerKey(memberId: number, request: FastifyRequest, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  return `${memberId}\n${minute}\n${request.headers['accept-language'] ?? ''}\n${request.url}`;
}

export function registerTrainings(app: FastifyInstance) {
  // A member's search keeps its pages' shared rows as a visitor's answer is kept (decision 051).
  const keptPages = app.answerCache.values<SearchPage>(500);
  // ...and the members' states on pages, their tokens' accounts and their answers, until they change
  // (decision 063).
  const keptStates = { feed: app.memberFeed, states: app.memberFeed.store<MemberPageState>(5000) };
  const keptAnswers = app.memberFeed.store<MemberAnswer>(5000);
  const pending = new WeakMap<
    FastifyRequest,
    { key: string; memberId: number; page: SearchPage; pageKey: string; mark: FeedMark }
  >();
  // The request's token is checked in the member's statement (tokenCheckedByRoute): a member's search is
  // one round trip on a kept page (issue 20), none when the token's account and the state are kept, and
  // a member's repeated search is answered as it was written, as a visitor's is.
  contractRoute(
    app,
    contracts.trainings.list,
    async (request) => {
      const mark = app.memberFeed.mark();
      const now = app.deps.clock.now();
      const { answer, token, page, pageKey } = await searchCards(app.deps.db, {
        query: request.query,
        viewer: request.tokenCheck
          ? { token: request.tokenCheck }
          : request.user && { userId: request.user.id },
        now,
        searchDb: app.deps.dbHandle.searchDb,
        kept: keptPages,
        keptStates,
        fresh: asksForFresh(request),
      });
      await settleTokenCheck(app.deps.db, request, token);
      if (request.user && pageKey) {
        const memberId = request.user.id;
        pending.set(request, { key: memberAnswerKey(memberId, request, now), memberId, page, pageKey, mark });
      }
      return answer;
    },
    {
      cache: ANONYMOUS_SEARCH_CACHE,
      config: { tokenCheckedByRoute: true },
      // A kept token and a kept answer: no statement, no cards made again.
      preHandler: async (request, reply) => {
        if (asksForFresh(request)) return;
        await settleKeptToken(app.deps.db, request);
        if (!request.user) return;
        const kept = keptAnswers.find(memberAnswerKey(request.user.id, request, app.deps.clock.now()));
        if (!kept || keptPages.find(kept.pageKey) !== kept.page) return;
        return reply.type('application/json; charset=utf-8').send(kept.payload);
      },
      onSend: async (request, reply, payload) => {
        const made = pending.get(request);
        if (made && reply.statusCode === 200 && typeof payload === 'string') {
          const { key, memberId, page, pageKey, mark } = made;
          keptAnswers.keep({ key, memberId, value: { page, pageKey, payload }, mark });
        }
        return payload;
      },
    },
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
