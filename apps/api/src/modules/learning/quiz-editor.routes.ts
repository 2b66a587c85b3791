import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { officeQuiz, replaceQuiz } from './quiz-editor.service.ts';

/** The office's test editor: /api/v1/office/courses/{id}/quizzes/{kind} (decision 036). */
export function registerQuizEditor(app: FastifyInstance) {
  const q = contracts.officeQuizzes;
  contractRoute(app, q.detail, async (request) => ({
    data: await officeQuiz(app.deps.db, { courseId: request.params.id, kind: request.params.kind }),
  }));
  contractRoute(app, q.replace, async (request) => ({
    data: await replaceQuiz(app.deps.db, {
      actorId: currentUser(request).id,
      courseId: request.params.id,
      kind: request.params.kind,
      input: request.body,
      now: app.deps.clock.now(),
    }),
  }));
}
