import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ranks, userRanks } from '../../db/schema.ts';

/** Every rank, lowest level first. */
export function findRanks(db: Executor) {
  return db
    .select({ id: ranks.id, shortName: ranks.shortName, name: ranks.name, level: ranks.level })
    .from(ranks)
    .orderBy(ranks.level);
}

export async function findRankByLevel(db: Executor, level: number) {
  const [row] = await db
    .select({ id: ranks.id, shortName: ranks.shortName, name: ranks.name, level: ranks.level })
    .from(ranks)
    .where(eq(ranks.level, level));
  return row;
}

/** The ranks the user holds, with the day each was granted, highest level first. */
export function findHeldRanks(db: Executor, userId: number) {
  return db
    .select({
      id: ranks.id,
      shortName: ranks.shortName,
      name: ranks.name,
      level: ranks.level,
      grantedAt: userRanks.grantedAt,
    })
    .from(userRanks)
    .innerJoin(ranks, eq(ranks.id, userRanks.rankId))
    .where(eq(userRanks.userId, userId))
    .orderBy(desc(ranks.level));
}

/**
 * Records that the user holds the rank (idempotent: the primary key (user, rank) keeps one row; a second
 * grant changes nothing and answers false).
 */
export async function insertUserRank(
  db: Executor,
  input: { userId: number; rankId: number; grantedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(userRanks)
    .values(input)
    .onConflictDoNothing({ target: [userRanks.userId, userRanks.rankId] })
    .returning({ userId: userRanks.userId });
  return rows.length > 0;
}

export async function holdsRank(db: Executor, userId: number, rankId: number) {
  const [row] = await db
    .select({ userId: userRanks.userId })
    .from(userRanks)
    .where(and(eq(userRanks.userId, userId), eq(userRanks.rankId, rankId)));
  return row !== undefined;
}
