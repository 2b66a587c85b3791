import {
  errorBodySchema,
  idParamSchema,
  ja,
  trainingDetailQuerySchema,
  trainingResponseSchema,
  trainingsQuerySchema,
  trainingsResponseSchema,
} from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { searchCards, trainingDetail } from './trainings.service.ts';

export function registerTrainings(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/trainings',
    {
      schema: {
        tags: ['trainings'],
        summary: 'Session search: one card per session and recruited user type',
        description:
          'Filters area[], course_id[], user_type[] (default [4]), event_date$ge / event_date$le (YYYY-MM-DD, optionally ' +
          "followed by ' 00:00:00'; both inclusive) and open_only (1/true: only the cards whose recruiting is open now, " +
          '募集中のみ; 0/false or absent: all). Ordered by recruiting phase (open, then upcoming, then closed), then ' +
          'event date, start time, session id, user type. With a ' +
          "token the cards carry the user's own steps, cancel request, order and status badge.",
        querystring: trainingsQuerySchema,
        response: { 200: trainingsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => searchCards(app.deps.db, request.query, request.user, app.deps.clock.now()),
  );
  r.get(
    '/trainings/:id',
    {
      schema: {
        tags: ['trainings'],
        summary: "One session's public detail for a user type",
        params: idParamSchema,
        querystring: trainingDetailQuerySchema,
        response: { 200: trainingResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const detail = await trainingDetail(
        app.deps.db,
        request.params.id,
        request.query.user_type,
        request.user,
        app.deps.clock.now(),
      );
      if (!detail) throw notFound(ja.errors.notFound);
      return { data: detail };
    },
  );
}
