import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { submitSurvey, surveyCsv, surveyList, surveySummary } from './surveys.service.ts';

/** The survey of the session workflow (spec 000 §7) and the office's results per session. */
export function registerSurveys(app: FastifyInstance) {
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();
  const s = contracts.surveys;

  contractRoute(app, s.list, async (request) => ({
    data: await surveyList(db(), {
      trainingId: request.params.id,
      userTypeId: request.query.user_type,
      userId: currentUser(request).id,
      now: now(),
    }),
  }));

  contractRoute(app, s.submit, async (request) => ({
    data: await submitSurvey(
      db(),
      {
        trainingId: request.params.id,
        userTypeId: request.body.user_type,
        userId: currentUser(request).id,
        now: now(),
      },
      request.body.surveys,
    ),
  }));

  contractRoute(app, s.officeSummary, async (request) => ({
    data: await surveySummary(db(), request.params.id),
  }));

  contractRoute(app, s.officeCsv, async (request, reply) => {
    const { csv, fileName } = await surveyCsv(db(), request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
