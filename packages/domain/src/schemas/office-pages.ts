/**
 * The office's content (issue 18, decision 039): news, FAQ, the about tabs, the flow page, the seminar
 * information and the instructor documents as the office writes and reads them. HTML is written in the
 * console's rich-text editor and sanitised by the server (an allow-list) before it is stored. Labels and
 * messages are keys (office.pages.fields.*, validation.*), resolved in the reader's language.
 */
import { z } from 'zod';
import { message, messageKeys, ref } from '../i18n/message.ts';
import { NEWS_STATES } from '../rules/content.ts';
import { japanDateTimeField } from './catalogue.ts';
import { pageQuerySchema, textString } from './common.ts';

export const contentFields = messageKeys('office.pages.fields', [
  'title',
  'content',
  'category',
  'publicDate',
  'isPublished',
  'pinned',
  'userType',
  'order',
  'active',
  'name',
  'step',
  'description',
  'image',
  'contents',
  'minLevel',
  'ids',
  'html',
  'keyword',
  'state',
  'file',
]);
const f = contentFields;

export const contentErrors = messageKeys('office.pages.errors', [
  'reorderMismatch',
  'unknownCategory',
  'unknownRank',
  'imageType',
  'imageTooLarge',
  'imageSingle',
  'imageMissing',
  'threeContents',
]);

const MAX_INT = 2147483647;
/** The longest HTML a page may hold (characters): a long page of text with many images is far below it. */
export const CONTENT_HTML_MAX = 200_000;
/** An uploaded image's size limit, in MB (1,048,576 bytes each). */
export const CONTENT_IMAGE_MAX_MB = 5;
/** Where uploaded images are served: /api/v1/content-images/<256 random bits, base64url>.<jpg|png>. */
export const CONTENT_IMAGE_FILE_PATTERN = /^[A-Za-z0-9_-]{43}\.(jpg|png)$/;
/** An image a page may show: an uploaded one, or one of the site's own files under /media/. */
export const CONTENT_IMAGE_URL_PATTERN =
  /^\/(api\/v1\/content-images\/[A-Za-z0-9_-]{43}\.(jpg|png)|media\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(svg|png|jpg|jpeg|webp))$/;

const line = (label: string, max = 200) =>
  textString(label)
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(max, { error: message('validation.maxLength', ref(label), max) });

/** HTML from the editor: required, bounded; the server sanitises it (what is not allowed is dropped). */
const html = (label: string) =>
  z
    .string({ error: message('validation.required', ref(label)) })
    .trim()
    .min(1, { error: message('validation.required', ref(label)) })
    .max(CONTENT_HTML_MAX, { error: message('validation.maxLength', ref(label), CONTENT_HTML_MAX) });

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: message('validation.invalidNumber', ref(label)) })
    .int({ error: message('validation.integer', ref(label)) })
    .min(min, { error: message('validation.min', ref(label), min) })
    .max(max, { error: message('validation.max', ref(label), max) });

const bool = (label: string) => z.boolean({ error: message('validation.invalidValue', ref(label)) });

const imageUrl = textString(f.image)
  .trim()
  .regex(CONTENT_IMAGE_URL_PATTERN, { error: message('validation.invalidValue', ref(f.image)) });

// ───────────────────────────── news ─────────────────────────────

const newsFields = {
  title: line(f.title),
  content: html(f.content),
  category_id: int(f.category, 1, MAX_INT).nullable(),
  /** Japan time 'YYYY-MM-DD HH:MM': the item is public from then on (when published). */
  public_date: japanDateTimeField(f.publicDate),
  is_published: bool(f.isPublished),
  pinned: bool(f.pinned),
  /** Null: for everyone; else only on that user type's pages. */
  user_type_id: int(f.userType, 1, 5).nullable(),
};

export const newsCreateSchema = z.strictObject({
  ...newsFields,
  category_id: newsFields.category_id.default(null),
  is_published: newsFields.is_published.default(true),
  pinned: newsFields.pinned.default(false),
  user_type_id: newsFields.user_type_id.default(null),
});
export type NewsCreate = z.infer<typeof newsCreateSchema>;
export const newsPatchSchema = z.strictObject(newsFields).partial();
export type NewsPatch = z.infer<typeof newsPatchSchema>;

export const officeNewsQuerySchema = pageQuerySchema.extend({
  state: z.enum(NEWS_STATES, { error: message('validation.invalidValue', ref(f.state)) }).optional(),
  keyword: textString(f.keyword)
    .trim()
    .max(100, { error: message('validation.maxLength', ref(f.keyword), 100) })
    .optional(),
});
export type OfficeNewsQuery = z.infer<typeof officeNewsQuerySchema>;

export const officeNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category_id: z.number().int().nullable(),
  category: z.string().nullable(),
  public_date: z.string(),
  is_published: z.boolean(),
  pinned: z.boolean(),
  user_type_id: z.number().int().nullable(),
  state: z.enum(NEWS_STATES),
  updated_at: z.string(),
});
export type OfficeNews = z.infer<typeof officeNewsSchema>;
export const officeNewsSummarySchema = officeNewsSchema.omit({ content: true });
export type OfficeNewsSummary = z.infer<typeof officeNewsSummarySchema>;

// ───────────────────────────── FAQ, about, flow ─────────────────────────────

const faqFields = {
  title: line(f.title, 500),
  content: html(f.content),
  active: bool(f.active),
};
export const faqCreateSchema = z.strictObject({ ...faqFields, active: faqFields.active.default(true) });
export type FaqCreate = z.infer<typeof faqCreateSchema>;
export const faqPatchSchema = z.strictObject(faqFields).partial();
export type FaqPatch = z.infer<typeof faqPatchSchema>;
export const officeFaqSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  active: z.boolean(),
  order: z.number().int(),
});
export type OfficeFaq = z.infer<typeof officeFaqSchema>;

const aboutFields = { name: line(f.name, 100), content: html(f.content) };
export const aboutCreateSchema = z.strictObject(aboutFields);
export type AboutCreate = z.infer<typeof aboutCreateSchema>;
export const aboutPatchSchema = z.strictObject(aboutFields).partial();
export type AboutPatch = z.infer<typeof aboutPatchSchema>;
/** An about tab: its `step` is its place among the tabs of /about. */
export const officeAboutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  step: z.number().int(),
  content: z.string(),
});
export type OfficeAbout = z.infer<typeof officeAboutSchema>;

/** The flow page (/flow) shows the items of type 6 (spec 001 §7: GET /abouts/flows type 6). */
export const FLOW_TYPE_ATTENDING = 6;
const flowFields = { title: line(f.title), content: html(f.content) };
export const flowCreateSchema = z.strictObject(flowFields);
export type FlowCreate = z.infer<typeof flowCreateSchema>;
export const flowPatchSchema = z.strictObject(flowFields).partial();
export type FlowPatch = z.infer<typeof flowPatchSchema>;
export const officeFlowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  order: z.number().int(),
});
export type OfficeFlow = z.infer<typeof officeFlowSchema>;

/** A new order: every id of the list, each once, first to last. */
export const reorderSchema = z.strictObject({
  ids: z.array(int(f.ids, 1, MAX_INT), { error: message('validation.invalidValue', ref(f.ids)) }).max(500),
});
export type Reorder = z.infer<typeof reorderSchema>;

// ───────────────────────────── seminar info ─────────────────────────────

/** PUT /seminar_info: the title, the description and its three contents, each with an optional image. */
export const seminarInfoUpdateSchema = z.strictObject({
  title: line(f.title),
  description: textString(f.description, { multiline: true })
    .trim()
    .min(1, { error: message('validation.required', ref(f.description)) })
    .max(5000, { error: message('validation.maxLength', ref(f.description), 5000) }),
  contents: z
    .array(
      z.strictObject({
        title: line(f.title),
        content: html(f.content),
        image: imageUrl.nullable(),
      }),
      { error: message('validation.invalidValue', ref(f.contents)) },
    )
    .length(3, { error: contentErrors.threeContents }),
});
export type SeminarInfoUpdate = z.infer<typeof seminarInfoUpdateSchema>;

// ───────────────────────────── instructor documents ─────────────────────────────

const docFields = {
  title: line(f.title),
  content: html(f.content),
  category_id: int(f.category, 1, MAX_INT).nullable(),
  /** The lowest rank level that may read it. */
  min_level: int(f.minLevel, 1, 99),
};
export const instructorDocumentCreateSchema = z.strictObject({
  ...docFields,
  category_id: docFields.category_id.default(null),
  min_level: docFields.min_level.default(1),
});
export type InstructorDocumentCreate = z.infer<typeof instructorDocumentCreateSchema>;
export const instructorDocumentPatchSchema = z.strictObject(docFields).partial();
export type InstructorDocumentPatch = z.infer<typeof instructorDocumentPatchSchema>;
export const officeInstructorDocumentsQuerySchema = pageQuerySchema;
export const officeInstructorDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category_id: z.number().int().nullable(),
  category: z.string().nullable(),
  min_level: z.number().int(),
  created_at: z.string(),
});
export type OfficeInstructorDocument = z.infer<typeof officeInstructorDocumentSchema>;
export const officeInstructorDocumentSummarySchema = officeInstructorDocumentSchema.omit({ content: true });

// ───────────────────────────── shared ─────────────────────────────

const choice = z.object({ id: z.number().int(), title: z.string() });
/** What the forms choose from: the categories and the ranks (by level). */
export const contentOptionsSchema = z.object({
  news_categories: z.array(choice),
  instructor_document_categories: z.array(choice),
  ranks: z.array(z.object({ level: z.number().int(), name: z.string() })),
});
export type ContentOptions = z.infer<typeof contentOptionsSchema>;

/** The editor's preview: the HTML as the public pages will show it (sanitised by the server). */
export const contentPreviewSchema = z.strictObject({ html: html(f.html) });
export const contentPreviewResultSchema = z.object({ html: z.string() });

/** An uploaded image: where it is served, and its size in pixels. */
export const contentImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
