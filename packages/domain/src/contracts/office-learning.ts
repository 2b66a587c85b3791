import { idParamSchema } from '../schemas/common.ts';
import {
  documentOrderSchema,
  documentParamsSchema,
  documentRemovedSchema,
  documentRenameSchema,
  lessonListQuerySchema,
  lessonOrderSchema,
  lessonParamsSchema,
  lessonRemovedSchema,
  officeDocumentSchema,
  officeDocumentsSchema,
  officeLessonSchema,
  officeLessonsSchema,
} from '../schemas/course-content.ts';
import { defineArea } from './define.ts';

export const officeLessons = defineArea('officeLessons', {
  list: { params: idParamSchema, query: lessonListQuerySchema, data: officeLessonsSchema },
  create: { params: idParamSchema, data: officeLessonSchema },
  update: { params: lessonParamsSchema, data: officeLessonSchema },
  remove: { params: lessonParamsSchema, data: lessonRemovedSchema },
  reorder: { params: idParamSchema, body: lessonOrderSchema, data: officeLessonsSchema },
});

export const officeCourseDocuments = defineArea('officeCourseDocuments', {
  list: { params: idParamSchema, data: officeDocumentsSchema },
  create: { params: idParamSchema, data: officeDocumentSchema },
  rename: { params: documentParamsSchema, body: documentRenameSchema, data: officeDocumentSchema },
  remove: { params: documentParamsSchema, data: documentRemovedSchema },
  reorder: { params: idParamSchema, body: documentOrderSchema, data: officeDocumentsSchema },
});

export const lessonMedia = defineArea('lessonMedia', {
  video: { params: idParamSchema },
  thumbnail: { params: idParamSchema },
});
