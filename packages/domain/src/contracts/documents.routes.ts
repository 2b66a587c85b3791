/** Document downloads and インストラクター資料 (spec 001) (zod-free; schemas in documents.ts). */
import { routeTable as r } from './route-table.ts';

export const documentsRoutes = {
  documents: r({
    download: {
      method: 'GET',
      path: '/documents/:id/download',
      auth: 'optional',
      file: 'application/octet-stream',
      summary:
        "Downloads a document: a course's and the ones marked public to anyone, a session's others to its members and the office (Range requests answered with 206)",
      errors: { 401: ['UNAUTHORIZED'], 404: ['NOT_FOUND'] },
    },
  }),
  instructorDocuments: r({
    currentRank: {
      method: 'GET',
      path: '/users/current-rank',
      auth: 'user',
      tags: ['users'],
      summary: "The caller's highest rank and its level (both null without a rank)",
    },
    list: {
      method: 'GET',
      path: '/instructor_documents',
      auth: 'user',
      list: true,
      tags: ['instructor-documents'],
      summary: 'The instructor documents open to the caller’s level, newest first by default',
      errors: { 403: ['NO_RANK'] },
    },
    detail: {
      method: 'GET',
      path: '/instructor_documents/:id',
      auth: 'user',
      tags: ['instructor-documents'],
      summary: 'One instructor document with its HTML body (404 above the caller’s level)',
      errors: { 403: ['NO_RANK'], 404: ['NOT_FOUND'] },
    },
  }),
};
