/** The surveys module's public functions, for the other modules (issue 14: through the index only). */
export { registerSurveys } from './surveys.routes.ts';
export { replaceSurvey } from './survey-editor.service.ts';
export { registerSurveyEditor } from './survey-editor.routes.ts';
