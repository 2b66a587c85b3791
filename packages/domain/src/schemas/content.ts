import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { message, ref } from '../i18n/message.ts';
import { dataEnvelope, directionSchema, intField, listEnvelope, pageQuerySchema } from './common.ts';

export const areaSchema = z.object({ id: z.number().int(), name: z.string() });
export type Area = z.infer<typeof areaSchema>;
export const areasQuerySchema = z.object({
  limit: intField('fields.limit', { min: 1, max: LIMITS.maxPageSize }).default(LIMITS.areaList),
  page: intField('fields.page', { min: 1, max: 100000 }).default(1),
});
export const areasResponseSchema = listEnvelope(areaSchema);

export const userTypeSchema = z.object({ id: z.number().int(), type: z.string(), type_en: z.string() });
export type UserType = z.infer<typeof userTypeSchema>;
export const userTypesResponseSchema = listEnvelope(userTypeSchema);

export const videoPreviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  link: z.string(),
  hostname: z.string(),
});
export type VideoPreview = z.infer<typeof videoPreviewSchema>;

export const documentSchema = z.object({ id: z.number().int(), name: z.string(), link: z.string() });
export type DocumentRef = z.infer<typeof documentSchema>;

export const courseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  order: z.number().int(),
  certificate_prefix: z.string().nullable(),
  is_renewal: z.boolean(),
  thumbnail: z.string().nullable(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  duration: z.string(),
  participant: z.string(),
  resource: z.string(),
  certification_standard: z.string(),
  certification_period: z.number().int().nullable(),
  certification_renew: z.string(),
  memo: z.string(),
  intro_video: z.string().nullable(),
  video_previews: z.array(videoPreviewSchema),
  documents: z.array(documentSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export const coursesQuerySchema = pageQuerySchema;
export const coursesResponseSchema = listEnvelope(courseSummarySchema);
export const courseResponseSchema = dataEnvelope(courseDetailSchema);

export const newsSortSchema = z.enum(['updated_at', 'public_date', 'id'], {
  error: message('validation.invalidValue', ref('fields.sort')),
});
export const newsQuerySchema = pageQuerySchema.extend({
  sort: newsSortSchema.default('public_date'),
  direction: directionSchema.default('desc'),
  user_type: intField('fields.userType', { min: 1, max: 5 }).optional(),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;
export const newsSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  public_date: z.string(),
  updated_at: z.string(),
  category_news: z.object({ title: z.string() }).nullable(),
  /** Shown first in the list (decision 039). */
  pinned: z.boolean(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;
export const newsDetailSchema = newsSummarySchema.extend({ content: z.string() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;
export const newsListResponseSchema = listEnvelope(newsSummarySchema);
export const newsResponseSchema = dataEnvelope(newsDetailSchema);

/** An FAQ item (spec 001 §3: title, content, active 1/0; the list shows only active items). */
export const faqSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqsQuerySchema = pageQuerySchema;
export const faqsResponseSchema = listEnvelope(faqSchema);

export const aboutTypeSchema = z.object({ id: z.number().int(), name: z.string(), step: z.number().int() });
export type AboutType = z.infer<typeof aboutTypeSchema>;
export const aboutSchema = aboutTypeSchema.extend({ content: z.string() });
export type About = z.infer<typeof aboutSchema>;
export const aboutTypesResponseSchema = listEnvelope(aboutTypeSchema);
export const aboutResponseSchema = dataEnvelope(aboutSchema);

export const flowsQuerySchema = z.object({ type: intField('fields.type', { min: 1, max: 99 }).default(6) });
export const flowSchema = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
export type Flow = z.infer<typeof flowSchema>;
export const flowsResponseSchema = listEnvelope(flowSchema);

export const seminarInfoContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  image: z.string().nullable(),
});
export const seminarInfoSchema = z.object({
  title: z.string(),
  description: z.string(),
  admin_login_url: z.string(),
  contents: z.array(seminarInfoContentSchema),
});
export type SeminarInfo = z.infer<typeof seminarInfoSchema>;
export const seminarInfoResponseSchema = dataEnvelope(seminarInfoSchema);
