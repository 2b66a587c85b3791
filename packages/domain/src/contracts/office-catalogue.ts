import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import {
  courseCreateSchema,
  coursePatchSchema,
  createdIdSchema,
  officeCourseSchema,
  officeCourseSummarySchema,
  officeCoursesQuerySchema,
  officeSessionSummarySchema,
  officeSessionsQuerySchema,
  officeSessionSchema,
  sessionCancelPreviewSchema,
  sessionCancelResultSchema,
  sessionCancelSchema,
  sessionCreateSchema,
  sessionPatchSchema,
} from '../schemas/catalogue.ts';
import { defineArea } from './define.ts';

export const officeCourses = defineArea('officeCourses', {
  list: { query: officeCoursesQuerySchema, data: officeCourseSummarySchema },
  create: { body: courseCreateSchema, data: createdIdSchema },
  detail: { params: idParamSchema, data: officeCourseSchema },
  update: { params: idParamSchema, body: coursePatchSchema, data: officeCourseSchema },
  remove: { params: idParamSchema, data: z.object({ id: z.number().int(), deleted: z.literal(true) }) },
});

export const officeSessions = defineArea('officeSessions', {
  list: { query: officeSessionsQuerySchema, data: officeSessionSummarySchema },
  create: { body: sessionCreateSchema, data: createdIdSchema },
  form: { params: idParamSchema, data: officeSessionSchema },
  update: { params: idParamSchema, body: sessionPatchSchema, data: officeSessionSchema },
  duplicate: { params: idParamSchema, data: createdIdSchema },
  cancelPreview: { params: idParamSchema, data: sessionCancelPreviewSchema },
  cancel: { params: idParamSchema, body: sessionCancelSchema, data: sessionCancelResultSchema },
});
