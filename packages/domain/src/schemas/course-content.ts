/**
 * A course's learning content as the office manages it (issue 16, decision 035): lessons (the pre-videos,
 * kind 'pre', and the renewal course's videos, kind 'renewal') and the course documents. Lesson and
 * document uploads are multipart: their text fields are checked with these schemas after the parts are
 * read; reorders, renames and the answers are JSON.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { intField, textString } from './common.ts';

export const courseContentFields = messageKeys('office.courseContent.fields', [
  'kind',
  'title',
  'tutor',
  'duration',
  'video',
  'link',
  'thumbnail',
  'ids',
  'file',
  'name',
]);
const f = courseContentFields;

export const LESSON_KINDS = ['pre', 'renewal'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** Upload limits (the video's is the server's configuration, LESSON_VIDEO_MAX_MB, default 500). */
export const COURSE_CONTENT_LIMITS = {
  documentMaxMb: 20,
  thumbnailMaxMb: 5,
  /** Longest lesson accepted, in seconds (24 hours). */
  durationMax: 86_400,
  itemsPerCourse: 200,
} as const;

/** The video types accepted, judged by the file's first bytes (never its name or declared type). */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/** Document types (PDF, Word, Excel, PowerPoint): checked by name and by magic bytes together. */
export const COURSE_DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

const kind = z.enum(LESSON_KINDS, { error: message('validation.invalidValue', ref(f.kind)) });

const line = (label: string, max = 200) =>
  textString(label)
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });

const optionalLine = (label: string, max = 200) =>
  textString(label, { multiline: false })
    .trim()
    .max(max, { error: message('validation.maxLength', ref(label), max) });

/** Seconds as a multipart field sends them ('' = read it from the file). */
const durationField = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, { error: message('validation.integer', ref(f.duration)) })
  .transform((s) => (s === '' ? undefined : Number(s)))
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: message('validation.min', ref(f.duration), 1) })
      .max(COURSE_CONTENT_LIMITS.durationMax, {
        error: message('validation.max', ref(f.duration), COURSE_CONTENT_LIMITS.durationMax),
      })
      .optional(),
  );

/** An external video: an https URL. */
const linkField = textString(f.link)
  .trim()
  .max(2000, { error: message('validation.maxLength', ref(f.link), 2000) })
  .regex(/^https:\/\/\S+$/, { error: message('office.catalogue.validation.link', ref(f.link)) });

/** The text parts of POST …/lessons (multipart, with the `video` and `thumbnail` files). */
export const lessonCreateFieldsSchema = z.strictObject({
  kind: kind.default('pre'),
  title: line(f.title),
  tutor: optionalLine(f.tutor).default(''),
  duration: durationField.optional(),
  link: z.union([z.literal(''), linkField]).optional(),
});
export type LessonCreateFields = z.infer<typeof lessonCreateFieldsSchema>;

/** The text parts of PATCH …/lessons/{id}: the fields given change (a new video or link replaces the old). */
export const lessonPatchFieldsSchema = z.strictObject({
  title: line(f.title).optional(),
  tutor: optionalLine(f.tutor).optional(),
  duration: durationField.optional(),
  link: z.union([z.literal(''), linkField]).optional(),
});
export type LessonPatchFields = z.infer<typeof lessonPatchFieldsSchema>;

export const lessonListQuerySchema = z.object({ kind: kind.default('pre') });

const idField = () => intField('fields.id', { min: 1, max: 2147483647 });
export const lessonParamsSchema = z.object({ id: idField(), lessonId: idField() });
export const documentParamsSchema = z.object({ id: idField(), documentId: idField() });

const ids = z
  .array(z.number().int().min(1).max(2147483647), { error: message('validation.invalidValue', ref(f.ids)) })
  .min(1, { error: message('validation.required', ref(f.ids)) })
  .max(COURSE_CONTENT_LIMITS.itemsPerCourse);

/** POST …/lessons/order: every (not archived) lesson of the kind, once, in the new order. */
export const lessonOrderSchema = z.strictObject({ kind: kind.default('pre'), ids });
export const documentOrderSchema = z.strictObject({ ids });
export const documentRenameSchema = z.strictObject({ name: line(f.name, 200) });

export const officeLessonSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  tutor: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  order: z.number().int(),
  /** What the member's player plays: the API's stream of the upload, or the external URL. */
  link: z.string(),
  source: z.enum(['upload', 'link']),
  video_type: z.string().nullable(),
  video_size: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  /** Members who have a watch record of it (then it is hidden, not deleted). */
  views: z.number().int(),
  archived: z.boolean(),
});
export type OfficeLesson = z.infer<typeof officeLessonSchema>;

export const officeLessonsSchema = z.object({
  kind: z.enum(LESSON_KINDS),
  /** The largest video upload the server takes, in bytes. */
  video_max_bytes: z.number().int(),
  lessons: z.array(officeLessonSchema),
});

export const lessonRemovedSchema = z.object({
  id: z.number().int(),
  /** 'deleted' when nobody had watched it; 'archived' (hidden, views kept) otherwise. */
  result: z.enum(['deleted', 'archived']),
});

export const officeDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  order: z.number().int(),
  /** The download link (public while the course is shown). */
  link: z.string(),
  created_at: z.string(),
});
export type OfficeDocument = z.infer<typeof officeDocumentSchema>;

export const officeDocumentsSchema = z.object({ documents: z.array(officeDocumentSchema) });
export const documentRemovedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
