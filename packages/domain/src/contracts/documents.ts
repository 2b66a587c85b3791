import { idParamSchema } from '../schemas/common.ts';
import {
  currentRankSchema,
  instructorDocumentDetailSchema,
  instructorDocumentQuerySchema,
  instructorDocumentSummarySchema,
  instructorDocumentsQuerySchema,
} from '../schemas/instructor-documents.ts';
import { defineArea } from './define.ts';

export const documents = defineArea('documents', { download: { params: idParamSchema } });

export const instructorDocuments = defineArea('instructorDocuments', {
  currentRank: { data: currentRankSchema },
  list: { query: instructorDocumentsQuerySchema, data: instructorDocumentSummarySchema },
  detail: {
    params: idParamSchema,
    query: instructorDocumentQuerySchema,
    data: instructorDocumentDetailSchema,
  },
});
