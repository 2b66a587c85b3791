import type { InstructorDocumentsQuery } from '@mels/domain';
import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { instructorDocumentCategories, instructorDocuments, ranks, userRanks } from '../../db/schema.ts';

/** The highest rank the user holds (its level opens the instructor documents), or undefined. */
export async function findCurrentRank(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: ranks.id, shortName: ranks.shortName, name: ranks.name, level: ranks.level })
    .from(userRanks)
    .innerJoin(ranks, eq(ranks.id, userRanks.rankId))
    .where(eq(userRanks.userId, userId))
    .orderBy(desc(ranks.level))
    .limit(1);
  return row;
}

const columns = {
  id: instructorDocuments.id,
  title: instructorDocuments.title,
  createdAt: instructorDocuments.createdAt,
  categoryId: instructorDocumentCategories.id,
  categoryTitle: instructorDocumentCategories.title,
};

const sortColumns = { created_at: instructorDocuments.createdAt, id: instructorDocuments.id } as const;

/** The documents open to the level, a page of them in the asked order (ties by id). */
export async function listInstructorDocuments(db: Executor, level: number, query: InstructorDocumentsQuery) {
  const where = lte(instructorDocuments.minLevel, level);
  const order = query.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(instructorDocuments)
      .leftJoin(
        instructorDocumentCategories,
        eq(instructorDocumentCategories.id, instructorDocuments.categoryId),
      )
      .where(where)
      .orderBy(order(sortColumns[query.sort]), order(instructorDocuments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(instructorDocuments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One document, when open to the level. */
export async function findInstructorDocument(db: Executor, id: number, level: number) {
  const [row] = await db
    .select({ ...columns, content: instructorDocuments.content })
    .from(instructorDocuments)
    .leftJoin(
      instructorDocumentCategories,
      eq(instructorDocumentCategories.id, instructorDocuments.categoryId),
    )
    .where(and(eq(instructorDocuments.id, id), lte(instructorDocuments.minLevel, level)));
  return row;
}
