import { idParamSchema } from '../schemas/common.ts';
import { courseDetailSchema, courseSummarySchema, coursesQuerySchema } from '../schemas/content.ts';
import {
  trainingCardSchema,
  trainingDetailQuerySchema,
  trainingDetailSchema,
  trainingsQuerySchema,
} from '../schemas/trainings.ts';
import { defineArea } from './define.ts';

export const trainings = defineArea('trainings', {
  list: { query: trainingsQuerySchema, data: trainingCardSchema },
  detail: { params: idParamSchema, query: trainingDetailQuerySchema, data: trainingDetailSchema },
});

export const courses = defineArea('courses', {
  list: { query: coursesQuerySchema, data: courseSummarySchema },
  detail: { params: idParamSchema, data: courseDetailSchema },
});
