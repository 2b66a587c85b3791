import {
  errorBodySchema,
  idParamSchema,
  learningQuerySchema,
  officeSurveySummaryResponseSchema,
  surveyBodySchema,
  surveyListResponseSchema,
  surveySubmitResponseSchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requireOffice, requireUser } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
import { submitSurvey, surveyCsv, surveyList, surveySummary } from './surveys.service.ts';

const tags = ['surveys'];
const security = [{ token: [] }];
const params = idParamSchema;
const errors = workflowResponses;

/** The survey of the session workflow (spec 000 §7) and the office's results per session. */
export function registerSurveys(app: FastifyInstance) {
  const r = typed(app);
  const base = '/trainings/:id/enrollments';
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();

  r.get(
    `${base}/surveys/list`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The survey of the course (status 11; at 12 it reads answered)',
        params,
        querystring: learningQuerySchema,
        response: { ...errors, 200: surveyListResponseSchema },
      },
    },
    async (request) => ({
      data: await surveyList(db(), {
        trainingId: request.params.id,
        userTypeId: request.query.user_type,
        userId: currentUser(request).id,
        now: now(),
      }),
    }),
  );

  r.post(
    `${base}/surveys`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Answer the survey: 11 → 12 and the certificate issued, once',
        params,
        body: surveyBodySchema,
        response: { ...errors, 200: surveySubmitResponseSchema },
      },
    },
    async (request) => ({
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
    }),
  );

  r.get(
    '/office/trainings/:id/surveys',
    {
      preHandler: requireOffice,
      schema: {
        tags: ['office'],
        security,
        summary: 'Survey results of a session: responses, counts per option, free texts',
        params,
        response: { ...errors, 200: officeSurveySummaryResponseSchema },
      },
    },
    async (request) => ({ data: await surveySummary(db(), request.params.id) }),
  );

  r.get(
    '/office/trainings/:id/surveys.csv',
    {
      preHandler: requireOffice,
      schema: {
        tags: ['office'],
        security,
        summary: 'Survey results of a session as CSV (UTF-8 with BOM, one row per response)',
        params,
        response: { 200: z.any(), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await surveyCsv(db(), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
