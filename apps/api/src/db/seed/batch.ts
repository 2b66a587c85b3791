import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';

export const BATCH_SIZE = 1000;

/** Inserts rows in multi-row statements of at most `size` rows. */
export async function insertInBatches<T extends PgTable>(
  db: Executor,
  table: T,
  rows: PgInsertValue<T>[],
  size = BATCH_SIZE,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

/** The rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Executor,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Reserves `count` consecutive ids of a serial column so that rows can be inserted with known ids
 * (no RETURNING needed). Sequences never go back, so a reserved block is never handed out again.
 */
export async function reserveIds(db: Executor, table: string, count: number): Promise<number> {
  if (count <= 0) return 0;
  const [row] = await queryRows<{ first: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as first`,
  );
  if (!row) throw new Error(`no sequence for ${table}`);
  const first = Number(row.first);
  if (count > 1) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${first + count - 1})`);
  }
  return first;
}
