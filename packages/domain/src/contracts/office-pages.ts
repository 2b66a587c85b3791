import { z } from 'zod';
import { idParamSchema, pageQuerySchema } from '../schemas/common.ts';
import { createdIdSchema } from '../schemas/catalogue.ts';
import { seminarInfoSchema } from '../schemas/content.ts';
import {
  aboutCreateSchema,
  aboutPatchSchema,
  contentImageSchema,
  contentOptionsSchema,
  contentPreviewResultSchema,
  contentPreviewSchema,
  deletedSchema,
  faqCreateSchema,
  faqPatchSchema,
  flowCreateSchema,
  flowPatchSchema,
  instructorDocumentCreateSchema,
  instructorDocumentPatchSchema,
  newsCreateSchema,
  newsPatchSchema,
  officeAboutSchema,
  officeFaqSchema,
  officeFlowSchema,
  officeInstructorDocumentSchema,
  officeInstructorDocumentSummarySchema,
  officeInstructorDocumentsQuerySchema,
  officeNewsQuerySchema,
  officeNewsSchema,
  officeNewsSummarySchema,
  reorderSchema,
  seminarInfoUpdateSchema,
} from '../schemas/office-pages.ts';
import { defineArea } from './define.ts';

const withId = { params: idParamSchema };
const reordered = <T extends z.ZodType>(item: T) => ({ body: reorderSchema, data: z.array(item) });

export const officeNews = defineArea('officeNews', {
  list: { query: officeNewsQuerySchema, data: officeNewsSummarySchema },
  create: { body: newsCreateSchema, data: createdIdSchema },
  detail: { ...withId, data: officeNewsSchema },
  update: { ...withId, body: newsPatchSchema, data: officeNewsSchema },
  remove: { ...withId, data: deletedSchema },
});

export const officeFaqs = defineArea('officeFaqs', {
  list: { query: pageQuerySchema, data: officeFaqSchema },
  create: { body: faqCreateSchema, data: createdIdSchema },
  detail: { ...withId, data: officeFaqSchema },
  update: { ...withId, body: faqPatchSchema, data: officeFaqSchema },
  remove: { ...withId, data: deletedSchema },
  reorder: reordered(officeFaqSchema),
});

export const officeAbouts = defineArea('officeAbouts', {
  list: { query: pageQuerySchema, data: officeAboutSchema },
  create: { body: aboutCreateSchema, data: createdIdSchema },
  detail: { ...withId, data: officeAboutSchema },
  update: { ...withId, body: aboutPatchSchema, data: officeAboutSchema },
  remove: { ...withId, data: deletedSchema },
  reorder: reordered(officeAboutSchema),
});

export const officeFlows = defineArea('officeFlows', {
  list: { query: pageQuerySchema, data: officeFlowSchema },
  create: { body: flowCreateSchema, data: createdIdSchema },
  detail: { ...withId, data: officeFlowSchema },
  update: { ...withId, body: flowPatchSchema, data: officeFlowSchema },
  remove: { ...withId, data: deletedSchema },
  reorder: reordered(officeFlowSchema),
});

export const officeInstructorDocuments = defineArea('officeInstructorDocuments', {
  list: { query: officeInstructorDocumentsQuerySchema, data: officeInstructorDocumentSummarySchema },
  create: { body: instructorDocumentCreateSchema, data: createdIdSchema },
  detail: { ...withId, data: officeInstructorDocumentSchema },
  update: { ...withId, body: instructorDocumentPatchSchema, data: officeInstructorDocumentSchema },
  remove: { ...withId, data: deletedSchema },
});

export const officePages = defineArea('officePages', {
  options: { data: contentOptionsSchema },
  preview: { body: contentPreviewSchema, data: contentPreviewResultSchema },
  uploadImage: { data: contentImageSchema },
  seminarInfoUpdate: { body: seminarInfoUpdateSchema, data: seminarInfoSchema },
});

export const contentImages = defineArea('contentImages', {
  get: { params: z.object({ file: z.string().max(100) }) },
});
