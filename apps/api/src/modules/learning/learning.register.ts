import type { FastifyInstance } from 'fastify';
import { registerCertificates } from '../certificates/index.ts';
import { registerSurveys } from '../surveys/index.ts';
import { registerLearning } from './learning.routes.ts';

/** The learning steps of issue 7: pre-videos and tests, the survey, certificates (one call in app.ts). */
export function registerLearningModules(app: FastifyInstance) {
  registerLearning(app);
  registerSurveys(app);
  registerCertificates(app);
}
