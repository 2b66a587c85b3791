import { contracts, K, paginate } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  findCurrentRank,
  findInstructorDocument,
  listInstructorDocuments,
} from './instructor-documents.repository.ts';

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
  const d = contracts.instructorDocuments;

  /** The caller's level, or 403 NO_RANK when the caller holds no rank. */
  const levelOf = async (request: FastifyRequest) => {
    const rank = await findCurrentRank(app.deps.db, currentUser(request).id);
    if (!rank) throw forbidden(K.instructorDocs.noRank, 'NO_RANK');
    return rank.level;
  };

  contractRoute(app, d.currentRank, async (request) => {
    const rank = await findCurrentRank(app.deps.db, currentUser(request).id);
    return {
      data: rank
        ? {
            level: rank.level,
            rank: { id: rank.id, short_name: rank.shortName, name: rank.name, level: rank.level },
          }
        : { level: null, rank: null },
    };
  });

  contractRoute(app, d.list, async (request) => {
    const level = await levelOf(request);
    const q = request.query;
    const { rows, total } = await listInstructorDocuments(app.deps.db, level, q);
    return { data: rows.map(present), pagination: paginate(q.page, q.limit, total) };
  });

  contractRoute(app, d.detail, async (request) => {
    const level = await levelOf(request);
    const row = await findInstructorDocument(app.deps.db, request.params.id, level);
    if (!row) throw notFound();
    return { data: { ...present(row), content: row.content } };
  });
}
