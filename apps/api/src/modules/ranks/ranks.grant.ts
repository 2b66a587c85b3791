import type { RankLevel } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { findRankByLevel, insertUserRank } from './ranks.repository.ts';

export type GrantRankInput = {
  userId: number;
  /** RANK_LEVEL of @mels/domain (1 basic instructor … 4 senior director). */
  level: RankLevel;
  /** When it was granted (the clock's now): the rank-up requirements count from this day. */
  at: Date;
};

/**
 * Grants a rank to a member: the instructor documents of its level open at once (they follow the highest
 * level held). Run it inside the caller's transaction (pass `tx`) so the grant and the approval that
 * causes it commit together. Idempotent: granting a rank already held changes nothing.
 * Answers whether the rank was newly granted and which rank it is.
 */
export async function grantRank(db: Executor, input: GrantRankInput) {
  const rank = await findRankByLevel(db, input.level);
  if (!rank) throw new Error(`no rank of level ${input.level}`);
  const granted = await insertUserRank(db, { userId: input.userId, rankId: rank.id, grantedAt: input.at });
  return { granted, rank };
}
