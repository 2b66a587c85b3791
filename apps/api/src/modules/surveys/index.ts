/** The surveys module's public functions, for the other modules (issue 14: through the index only). */
export { registerSurveys } from './surveys.routes.ts';
