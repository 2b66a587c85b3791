/**
 * The instructor tab's ranks and rank-up requests (spec 001 §2, §4, §7; decision 030), registered from
 * their contracts (packages/domain/src/contracts/instructor.ts).
 */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { candidates, checkRankUp, createRankUp, levels, rankUpOverview } from './ranks.service.ts';

export function registerRanks(app: FastifyInstance) {
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();

  contractRoute(app, contracts.instructor.levels, async (request) => ({
    data: await levels(db(), currentUser(request).id, request.query.show_all ?? false),
  }));

  contractRoute(app, contracts.rankUp.list, async (request) => ({
    data: await rankUpOverview(db(), currentUser(request).id, now()),
  }));

  contractRoute(app, contracts.rankUp.create, async (request) => ({
    data: await createRankUp(db(), {
      userId: currentUser(request).id,
      now: now(),
      language: requestLanguage(request as never),
    }),
  }));

  contractRoute(app, contracts.rankUp.candidates, async (request) => ({
    data: await candidates(db(), {
      userId: currentUser(request).id,
      userTypeId: request.query.user_type,
      now: now(),
    }),
  }));

  contractRoute(app, contracts.rankUp.check, async (request) => ({
    data: await checkRankUp(db(), {
      userId: currentUser(request).id,
      requestId: request.params.request_id,
      trainingId: request.query.training_id,
      now: now(),
      language: requestLanguage(request as never),
    }),
  }));
}
