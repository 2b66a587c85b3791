import { contracts } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  answerQuestion,
  type Caller,
  markViewed,
  preVideos,
  quizView,
  reportProgress,
} from './learning.service.ts';

/** Pre-videos (honest watch tracking), pre-test and post-test: /api/v1/trainings/{id}/enrollments/… (spec 000 §7). */
export function registerLearning(app: FastifyInstance) {
  const db = () => app.deps.db;
  const l = contracts.learning;
  const caller = (request: FastifyRequest, trainingId: number, userTypeId: number): Caller => ({
    trainingId,
    userTypeId,
    userId: currentUser(request).id,
    now: app.deps.clock.now(),
  });

  contractRoute(app, l.preVideos, async (request) => ({
    data: await preVideos(db(), caller(request, request.params.id, request.query.user_type)),
  }));

  contractRoute(app, l.progress, async (request) => ({
    data: await reportProgress(
      db(),
      caller(request, request.params.id, request.body.user_type),
      request.body,
    ),
  }));

  contractRoute(app, l.view, async (request) => ({
    data: await markViewed(
      db(),
      caller(request, request.params.id, request.body.user_type),
      request.body.lesson_id,
    ),
  }));

  const tests = [
    { kind: 'pre', view: l.preTest, answer: l.preTestAnswer },
    { kind: 'post', view: l.postTest, answer: l.postTestAnswer },
  ] as const;
  for (const { kind, view, answer } of tests) {
    contractRoute(app, view, async (request) => ({
      data: await quizView(db(), caller(request, request.params.id, request.query.user_type), kind),
    }));
    contractRoute(app, answer, async (request) => ({
      data: await answerQuestion(
        db(),
        caller(request, request.params.id, request.body.user_type),
        kind,
        request.body,
      ),
    }));
  }
}
