import {
  idParamSchema,
  learningQuerySchema,
  lessonProgressBodySchema,
  lessonProgressResponseSchema,
  lessonViewBodySchema,
  lessonViewResponseSchema,
  preVideosResponseSchema,
  quizAnswerBodySchema,
  quizAnswerResponseSchema,
  quizResponseSchema,
} from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed, workflowResponses } from '../http.ts';
import {
  answerQuestion,
  type Caller,
  markViewed,
  preVideos,
  quizView,
  reportProgress,
} from './learning.service.ts';

const tags = ['learning'];
const security = [{ token: [] }];
const params = idParamSchema;
const errors = workflowResponses;

/** Pre-videos (honest watch tracking), pre-test and post-test: /api/v1/trainings/{id}/enrollments/… (spec 000 §7). */
export function registerLearning(app: FastifyInstance) {
  const r = typed(app);
  const base = '/trainings/:id/enrollments';
  const db = () => app.deps.db;
  const caller = (request: FastifyRequest, trainingId: number, userTypeId: number): Caller => ({
    trainingId,
    userTypeId,
    userId: currentUser(request).id,
    now: app.deps.clock.now(),
  });

  r.get(
    `${base}/pre-videos`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'The pre-video lessons with the caller’s watch record (resume position, seconds watched, seen)',
        params,
        querystring: learningQuerySchema,
        response: { ...errors, 200: preVideosResponseSchema },
      },
    },
    async (request) => ({
      data: await preVideos(db(), caller(request, request.params.id, request.query.user_type)),
    }),
  );

  r.post(
    `${base}/pre-videos/progress`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Player report: ranges really played and the position; new seconds are credited only as far as the time since the last report allows',
        params,
        body: lessonProgressBodySchema,
        response: { ...errors, 200: lessonProgressResponseSchema },
      },
    },
    async (request) => ({
      data: await reportProgress(
        db(),
        caller(request, request.params.id, request.body.user_type),
        request.body,
      ),
    }),
  );

  r.post(
    `${base}/pre-videos/view`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Mark a lesson seen (409 unless its watch record covers 95 %); all seen → step 2 recorded once',
        params,
        body: lessonViewBodySchema,
        response: { ...errors, 200: lessonViewResponseSchema },
      },
    },
    async (request) => ({
      data: await markViewed(
        db(),
        caller(request, request.params.id, request.body.user_type),
        request.body.lesson_id,
      ),
    }),
  );

  for (const kind of ['pre', 'post'] as const) {
    r.get(
      `${base}/${kind}-tests`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: `The ${kind}-test: questions, the caller’s answers and, for answered questions only, correctness`,
          params,
          querystring: learningQuerySchema,
          response: { ...errors, 200: quizResponseSchema },
        },
      },
      async (request) => ({
        data: await quizView(db(), caller(request, request.params.id, request.query.user_type), kind),
      }),
    );

    r.post(
      `${base}/${kind}-test/answer`,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary:
            kind === 'pre'
              ? 'Answer a pre-test question (once; wrong answers count); all answered → step 3'
              : 'Answer a post-test question (status 10; wrong ones again); all correct → 10 → 11',
          params,
          body: quizAnswerBodySchema,
          response: { ...errors, 200: quizAnswerResponseSchema },
        },
      },
      async (request) => ({
        data: await answerQuestion(
          db(),
          caller(request, request.params.id, request.body.user_type),
          kind,
          request.body,
        ),
      }),
    );
  }
}
