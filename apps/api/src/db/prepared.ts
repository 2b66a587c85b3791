import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A prepared statement (or a set of them) made once for each executor (the pool, a PGlite handle, a
 * transaction) on its first use, then reused: the repositories' hot reads are parsed and planned once.
 */
export function perExecutor<T>(prepare: (db: Executor) => T): (db: Executor) => T {
  const made = new WeakMap<Executor, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) made.set(db, (statement = prepare(db)));
    return statement;
  };
}

const dialect = new PgDialect();
/** Statement names by text: hashed once per text (a handful of shapes), not for every execution. */
const namesByText = new Map<string, string>();
const MAX_NAMED_TEXTS = 1000;

function nameOf(text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined) {
    // Past the bound the text is not one of a handful of shapes: sent unnamed, as db.execute would.
    if (namesByText.size >= MAX_NAMED_TEXTS) return undefined;
    name = `raw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Runs a raw statement (one drizzle's builders cannot express, such as a WITH of several writes) as a
 * named prepared statement: PostgreSQL parses and plans each text once per connection instead of at
 * every execution (issue 20: the application's write spent about as long in parse and plan as in its
 * execution). The name is the text's hash, so statements whose text differs never share a name; the
 * values stay parameters. PGlite runs it as any query (it has no named statements).
 */
export async function executePrepared<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
