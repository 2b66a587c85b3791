import { idParamSchema } from '../schemas/common.ts';
import {
  officeQuizBodySchema,
  officeQuizParamsSchema,
  officeQuizSchema,
  officeSurveyBodySchema,
  officeSurveySchema,
} from '../schemas/quiz-editor.ts';
import { defineArea } from './define.ts';

export const officeQuizzes = defineArea('officeQuizzes', {
  detail: { params: officeQuizParamsSchema, data: officeQuizSchema },
  replace: { params: officeQuizParamsSchema, body: officeQuizBodySchema, data: officeQuizSchema },
});

export const officeSurveys = defineArea('officeSurveys', {
  detail: { params: idParamSchema, data: officeSurveySchema },
  replace: { params: idParamSchema, body: officeSurveyBodySchema, data: officeSurveySchema },
});
