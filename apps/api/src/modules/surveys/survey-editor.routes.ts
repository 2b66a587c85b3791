import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { officeSurvey, replaceSurvey } from './survey-editor.service.ts';

/** The office's survey editor: /api/v1/office/courses/{id}/survey (decision 036). */
export function registerSurveyEditor(app: FastifyInstance) {
  const s = contracts.officeSurveys;
  contractRoute(app, s.detail, async (request) => ({
    data: await officeSurvey(app.deps.db, request.params.id),
  }));
  contractRoute(app, s.replace, async (request) => ({
    data: await replaceSurvey(app.deps.db, {
      actorId: currentUser(request).id,
      courseId: request.params.id,
      input: request.body,
      now: app.deps.clock.now(),
    }),
  }));
}
