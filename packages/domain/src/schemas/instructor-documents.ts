import { z } from 'zod';
import { message, ref } from '../i18n/message.ts';
import { dataEnvelope, directionSchema, intField, listEnvelope, pageQuerySchema } from './common.ts';

/** A rank (BI, I, D, SD); the higher the level, the more instructor documents open up. */
export const rankSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  name: z.string(),
  level: z.number().int(),
});
export type Rank = z.infer<typeof rankSchema>;

/** GET /users/current-rank: the highest rank the caller holds; level null when none. */
export const currentRankSchema = z.object({
  level: z.number().int().nullable(),
  rank: rankSchema.nullable(),
});
export type CurrentRank = z.infer<typeof currentRankSchema>;
export const currentRankResponseSchema = dataEnvelope(currentRankSchema);

export const instructorDocumentsQuerySchema = pageQuerySchema.extend({
  sort: z
    .enum(['created_at', 'id'], { error: message('validation.invalidValue', ref('fields.sort')) })
    .default('created_at'),
  direction: directionSchema.default('desc'),
});
export type InstructorDocumentsQuery = z.infer<typeof instructorDocumentsQuerySchema>;

/** The detail accepts the spec's user_type (the documents are the same for every type). */
export const instructorDocumentQuerySchema = z.object({
  user_type: intField('fields.userType', { min: 1, max: 5 }).optional(),
});

export const instructorDocumentCategorySchema = z.object({ id: z.number().int(), title: z.string() });

export const instructorDocumentSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  category_instructor_document: instructorDocumentCategorySchema.nullable(),
});
export type InstructorDocumentSummary = z.infer<typeof instructorDocumentSummarySchema>;
export const instructorDocumentDetailSchema = instructorDocumentSummarySchema.extend({ content: z.string() });
export type InstructorDocumentDetail = z.infer<typeof instructorDocumentDetailSchema>;
export const instructorDocumentsResponseSchema = listEnvelope(instructorDocumentSummarySchema);
export const instructorDocumentResponseSchema = dataEnvelope(instructorDocumentDetailSchema);
