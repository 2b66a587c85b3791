import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Tx;

export type DriverName = 'pglite' | 'postgres';

export type DbHandle = {
  db: Database;
  /**
   * The session search's statements (decision 059): on PostgreSQL, a pool of its own whose connections
   * keep generic plans (`plan_cache_mode = force_generic_plan`), so a search is not planned again for
   * every execution; the same database on the embedded one.
   */
  searchDb: Database;
  driver: DriverName;
  /**
   * Applies the migrations; `thenUnderLock` (the demo data of an empty database) runs after them, still
   * under the lock on PostgreSQL, so that instances starting together do it once.
   */
  migrate: (thenUnderLock?: () => Promise<void>) => Promise<void>;
  /** True when the database answers `select 1` within the time given (default 1.5 s; /readyz). */
  ping: (timeoutMs?: number) => Promise<boolean>;
  close: () => Promise<void>;
  /** The connection pools' state for /metrics, both pools together (PostgreSQL; the embedded database has none). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** The advisory lock (a bigint key, 'MELSMIGR' in ASCII) held while one instance migrates. */
export const MIGRATION_LOCK_KEY = '5567940434976130898';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// PostgreSQL returns `date` and `timestamp` columns as strings where drizzle asks for them; keep
// int8 (count(*)) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

export type OpenDbOptions = {
  /** postgres://… for a server; unset for the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** Connections of the search's pool (PostgreSQL; decision 059): 4 unless given. */
  searchPoolSize?: number;
  /** Timeouts of the PostgreSQL pool (config.databaseTimeouts); the defaults when not given. */
  timeouts?: Partial<DbTimeouts>;
};

export type DbTimeouts = { connectMs: number; statementMs: number; acquireMs: number };

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5000, statementMs: 30_000, acquireMs: 5000 };

/** The ping of /readyz gives up after this long, so that the probe answers within 2 s. */
export const PING_TIMEOUT_MS = 1500;

/** Resolves false when `check` has not resolved true within the time. */
async function within(timeoutMs: number, check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = check().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A connection that runs the queries it is given at once one after another, in the order given. A
 * repository may run its reads with Promise.all on an executor that is a transaction (one connection):
 * pg 8 queues them itself but warns, and pg 9 refuses them. Queries with a callback or a submittable
 * (the pool's own, cursors) are passed on as they are; they are never given to a busy connection.
 */
export class QueriesInTurnClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg.Client's own query, looked up at each call (a wrapper put on the prototype later still runs).
    const query = (args: unknown[]) =>
      (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(this, args);
    /** Settles when the last query given has been answered; null when none is running. */
    let last: Promise<unknown> | null = null;
    // pg.Client's query has a dozen overloads: this takes them all and returns what each returns.
    this.query = ((...args: unknown[]) => {
      const [first] = args;
      const passedOn =
        typeof args.at(-1) === 'function' ||
        (typeof first === 'object' &&
          first !== null &&
          'submit' in first &&
          typeof first.submit === 'function');
      if (passedOn) return query(args);
      // Sent at once when the connection is free (the usual case), else after the last one.
      const answer = last ? last.then(() => query(args)) : Promise.resolve(query(args));
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      last = settled;
      void settled.then(() => {
        if (last === settled) last = null;
      });
      return answer;
    }) as pg.Client['query'];
  }
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    // Opening a connection has its own limit; the pool's connectionTimeoutMillis bounds the wait for
    // a free connection (and a new one). PostgreSQL cancels a statement after statement_timeout
    // (57014); query_timeout is the client's own limit for a server that stopped answering at all.
    class TimedClient extends QueriesInTurnClient {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: timeouts.connectMs });
      }
    }
    const poolConfig: pg.PoolConfig = {
      connectionString: databaseUrl,
      Client: TimedClient,
      connectionTimeoutMillis: timeouts.acquireMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1000,
    };
    const pool = new pg.Pool({ ...poolConfig, max: options.poolSize ?? 10 });
    // The search's statements are prepared once per connection with parameters PostgreSQL would otherwise
    // plan again on every execution (a custom plan: about 1 ms of planning for well under 1 ms of index
    // scans); on these connections they keep one generic plan. Only the search uses them (decision 059).
    const searchPool = new pg.Pool({
      ...poolConfig,
      max: options.searchPoolSize ?? 4,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    for (const each of [pool, searchPool]) {
      each.on('error', () => {
        // An idle client lost its connection; the pool replaces it on next use.
      });
    }
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      searchDb: drizzleNodePg(searchPool, { schema }) as unknown as Database,
      driver: 'postgres',
      // Migrations run on a connection of their own, without the statement timeout of requests, and
      // under a session-level advisory lock: instances starting together wait for the first one and
      // then find nothing left to apply (decision 026).
      migrate: async (thenUnderLock) => {
        const migrator = new pg.Client({
          connectionString: databaseUrl,
          connectionTimeoutMillis: timeouts.connectMs,
        });
        await migrator.connect();
        try {
          await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrateNodePg(drizzleNodePg(migrator, { schema }), { migrationsFolder });
            if (thenUnderLock) await thenUnderLock();
          } finally {
            await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          await migrator.end();
        }
      },
      ping: (timeoutMs = PING_TIMEOUT_MS) => within(timeoutMs, () => pool.query('select 1')),
      close: async () => {
        await Promise.all([pool.end(), searchPool.end()]);
      },
      // Both pools: the search's connections are this instance's too (decision 059).
      poolStats: () => ({
        total: pool.totalCount + searchPool.totalCount,
        idle: pool.idleCount + searchPool.idleCount,
        waiting: pool.waitingCount + searchPool.waitingCount,
      }),
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  return pgliteHandle(await PGlite.create(options.pgliteDir ?? 'memory://'));
}

/**
 * The handle of an embedded database (in this process: no connection to lose; once closed, its
 * queries fail with 'PGlite is closed', which the API answers 503).
 */
export function pgliteHandle(client: PGlite): DbHandle {
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    searchDb: db,
    driver: 'pglite',
    migrate: async (thenUnderLock) => {
      await migratePglite(pgliteDb, { migrationsFolder });
      if (thenUnderLock) await thenUnderLock();
    },
    ping: (timeoutMs = PING_TIMEOUT_MS) => within(timeoutMs, () => db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
