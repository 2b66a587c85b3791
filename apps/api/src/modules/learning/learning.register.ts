import type { FastifyInstance } from 'fastify';
import { registerCertificates } from '../certificates/index.ts';
import { registerSurveyEditor, registerSurveys } from '../surveys/index.ts';
import { registerLearning } from './learning.routes.ts';
import { registerQuizEditor } from './quiz-editor.routes.ts';

/** The learning steps of issue 7: pre-videos and tests, the survey, certificates (one call in app.ts). */
export function registerLearningModules(app: FastifyInstance) {
  registerLearning(app);
  registerSurveys(app);
  registerQuizEditor(app);
  registerSurveyEditor(app);
  registerCertificates(app);
}
