import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * For an editor of questions (the tests' and the surveys'): which of these questions someone has
 * answered, and how many respondents answered any of them, from the answers table given, in one read.
 */
export async function answeredQuestionFacts(
  db: Executor,
  answers: { table: PgTable; question: PgColumn; respondent: PgColumn },
  questionIds: readonly number[],
): Promise<{ answered: Set<number>; members: number }> {
  if (questionIds.length === 0) return { answered: new Set<number>(), members: 0 };
  const [row] = await db
    .select({
      answered: sql<number[]>`coalesce(array_agg(distinct ${answers.question}), '{}')`,
      members: sql<number>`count(distinct ${answers.respondent})::int`,
    })
    .from(answers.table)
    .where(inArray(answers.question, [...questionIds]));
  return { answered: new Set((row?.answered ?? []).map(Number)), members: Number(row?.members ?? 0) };
}
