import {
  currentRankResponseSchema,
  errorBodySchema,
  idParamSchema,
  instructorDocumentQuerySchema,
  instructorDocumentResponseSchema,
  instructorDocumentsQuerySchema,
  instructorDocumentsResponseSchema,
  paginate,
  K,
} from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
import {
  findCurrentRank,
  findInstructorDocument,
  listInstructorDocuments,
} from './instructor-documents.repository.ts';

const security = [{ token: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

const present = (row: {
  id: number;
  title: string;
  createdAt: Date;
  categoryId: number | null;
  categoryTitle: string | null;
}) => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  category_instructor_document:
    row.categoryId === null || row.categoryTitle === null
      ? null
      : { id: row.categoryId, title: row.categoryTitle },
});

/**
 * インストラクター資料 (spec 001): the caller's current rank, and the documents its level opens.
 * Without a rank the documents answer 403 NO_RANK; a document above the level is 404, as if unknown.
 */
export function registerInstructorDocuments(app: FastifyInstance) {
  const r = typed(app);

  /** The caller's level, or 403 NO_RANK when the caller holds no rank. */
  const levelOf = async (request: FastifyRequest) => {
    const rank = await findCurrentRank(app.deps.db, currentUser(request).id);
    if (!rank) throw forbidden(K.instructorDocs.noRank, 'NO_RANK');
    return rank.level;
  };

  r.get(
    '/users/current-rank',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        security,
        summary: "The caller's highest rank and its level (both null without a rank)",
        response: { 200: currentRankResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const rank = await findCurrentRank(app.deps.db, currentUser(request).id);
      return {
        data: rank
          ? {
              level: rank.level,
              rank: { id: rank.id, short_name: rank.shortName, name: rank.name, level: rank.level },
            }
          : { level: null, rank: null },
      };
    },
  );

  r.get(
    '/instructor_documents',
    {
      preHandler: requireUser,
      schema: {
        tags: ['instructor-documents'],
        security,
        summary: 'The instructor documents open to the caller’s level, newest first by default',
        querystring: instructorDocumentsQuerySchema,
        response: { 200: instructorDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const level = await levelOf(request);
      const q = request.query;
      const { rows, total } = await listInstructorDocuments(app.deps.db, level, q);
      return { data: rows.map(present), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/instructor_documents/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['instructor-documents'],
        security,
        summary: 'One instructor document with its HTML body (404 above the caller’s level)',
        params: idParamSchema,
        querystring: instructorDocumentQuerySchema,
        response: { 200: instructorDocumentResponseSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => {
      const level = await levelOf(request);
      const row = await findInstructorDocument(app.deps.db, request.params.id, level);
      if (!row) throw notFound();
      return { data: { ...present(row), content: row.content } };
    },
  );
}
