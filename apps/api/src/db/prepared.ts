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
