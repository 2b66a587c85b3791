/** A course's learning content, managed by the office (issue 16, decision 035): lessons and documents (zod-free; schemas in office-learning.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-learning'] as const;
const lesson = '/office/courses/:id/lessons';
const document = '/office/courses/:id/documents';

export const officeLearningRoutes = {
  officeLessons: r({
    list: {
      method: 'GET',
      path: lesson,
      auth: 'office',
      summary:
        "The course's lessons of a kind ('pre' or 'renewal') in order, hidden ones included, with their views",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    create: {
      method: 'POST',
      path: lesson,
      auth: 'office',
      status: 201,
      consumes: 'multipart/form-data',
      summary:
        'Adds a lesson: title, tutor, duration, and an MP4/WebM upload (streamed to storage, type by magic bytes, duration read from the file) or an https link; a thumbnail image (audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'], 415: ['UNSUPPORTED_MEDIA_TYPE'] },
      tags,
    },
    update: {
      method: 'PATCH',
      path: `${lesson}/:lessonId`,
      auth: 'office',
      consumes: 'multipart/form-data',
      summary: 'Changes the fields given; a new video file or link replaces the old video (audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'], 415: ['UNSUPPORTED_MEDIA_TYPE'] },
      tags,
    },
    remove: {
      method: 'DELETE',
      path: `${lesson}/:lessonId`,
      auth: 'office',
      summary:
        'Deletes a lesson nobody has watched; one with watch records is hidden instead, its records kept (audited)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    reorder: {
      method: 'POST',
      path: `${lesson}/order`,
      auth: 'office',
      summary: 'Sets the order of the lessons of a kind: every shown lesson once (audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
  }),
  officeCourseDocuments: r({
    list: {
      method: 'GET',
      path: document,
      auth: 'office',
      summary: "The course's documents in order",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    create: {
      method: 'POST',
      path: document,
      auth: 'office',
      status: 201,
      consumes: 'multipart/form-data',
      summary: 'Uploads a document (PDF or Office file, 20 MB, type by magic bytes) to storage (audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'], 415: ['UNSUPPORTED_MEDIA_TYPE'] },
      tags,
    },
    rename: {
      method: 'PATCH',
      path: `${document}/:documentId`,
      auth: 'office',
      summary: 'Renames a document (audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
    remove: {
      method: 'DELETE',
      path: `${document}/:documentId`,
      auth: 'office',
      summary: 'Deletes a document and its file (audited)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    reorder: {
      method: 'POST',
      path: `${document}/order`,
      auth: 'office',
      summary: "Sets the order of the course's documents: every one once (audited)",
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
  }),
  lessonMedia: r({
    video: {
      method: 'GET',
      path: '/lessons/:id/video',
      auth: 'public',
      file: 'video/mp4',
      summary:
        'An uploaded lesson video, streamed from storage with Range requests (206, 416); hidden lessons are 404',
      errors: { 404: ['NOT_FOUND'] },
      tags: ['learning'],
    },
    thumbnail: {
      method: 'GET',
      path: '/lessons/:id/thumbnail',
      auth: 'public',
      file: 'image/jpeg',
      summary: 'An uploaded lesson thumbnail (a JPEG re-encoded by the server)',
      errors: { 404: ['NOT_FOUND'] },
      tags: ['learning'],
    },
  }),
};
