import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDb } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { configurePasswordHashing } from '../src/lib/password.ts';
import { localStorage } from '../src/lib/storage.ts';

/** The instant every test context starts at: a Sunday noon in Tokyo. */
export const TEST_NOW = '2026-11-22T03:00:00Z';
/** The seed of the demo data's random choices, so two runs see the same rows. */
export const TEST_RANDOM_SEED = 20261122;
/**
 * PASSWORD_HASH_COST of the tests (log2 of scrypt's N): 2^12 instead of production's 2^17, for the
 * hundreds of hashes the suites make. Hashes carry their cost, so verification is unchanged
 * (lib/password.test.ts tests the production cost; decision 048).
 */
export const TEST_PASSWORD_HASH_COST = 12;

export const POSTGRES_UNAVAILABLE =
  'PostgreSQL not available: set TEST_DATABASE_URL or install PostgreSQL (npm test starts a throwaway cluster from /usr/lib/postgresql/*/bin)';

/** In the template folder of the global setup: the storage the seed wrote and the PGlite data folders. */
export const TEMPLATE_FILES = 'files';
export const TEMPLATE_PGLITE = 'pglite.tar';
export const TEMPLATE_PGLITE_EMPTY = 'pglite-empty.tar';

/** An error whose report is its one-line message, without a stack trace to read past. */
export function oneLineError(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loads the demo data as every test sees it: the pinned clock and random seed, files in `filesDir`,
 * the demo accounts' passwords hashed at the tests' cost (as a server hashes its seed at its
 * PASSWORD_HASH_COST), so that signing in as one costs what signing in as a registered member does.
 */
export function seedTestData(db: Database, filesDir: string): Promise<void> {
  configurePasswordHashing(TEST_PASSWORD_HASH_COST);
  return seedDemoData(db, {
    storage: localStorage(filesDir),
    now: new Date(TEST_NOW),
    randomSeed: TEST_RANDOM_SEED,
  });
}

// ───────────────────────────── PostgreSQL ─────────────────────────────

let databaseCounter = 0;

/** A database name no other worker or run uses. */
export function uniqueDatabaseName(kind: 'test' | 'tpl'): string {
  databaseCounter += 1;
  return `mels_${kind}_${process.pid}_${Date.now().toString(36)}_${databaseCounter}`;
}

async function withAdmin<T>(adminUrl: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw oneLineError(`${POSTGRES_UNAVAILABLE}. Connecting to TEST_DATABASE_URL failed: ${reason(error)}`);
  }
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a database on the server of TEST_DATABASE_URL (an admin URL), empty or as a copy of a
 * template, and returns its URL.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(adminUrl, async (client) => {
    const statement = `create database "${name}"${template ? ` template "${template}"` : ''}`;
    // Copies of one template may collide for a moment ("source database is being accessed"): retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(statement);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
  });
}

export type PostgresTemplates = { seeded: string; empty: string };

/** Builds the template databases postgres contexts copy (migrated; migrated and seeded); returns their names. */
export async function buildPostgresTemplates(adminUrl: string, filesDir: string): Promise<PostgresTemplates> {
  const created: string[] = [];
  try {
    const build = async (seed: boolean) => {
      const name = uniqueDatabaseName('tpl');
      const url = await createDatabase(adminUrl, name);
      created.push(name);
      const handle = await openDb({ databaseUrl: url, poolSize: 2 });
      try {
        await handle.migrate();
        if (seed) await seedTestData(handle.db, filesDir);
      } finally {
        await handle.close();
      }
      return name;
    };
    return { empty: await build(false), seeded: await build(true) };
  } catch (error) {
    for (const name of created) await dropDatabase(adminUrl, name).catch(() => undefined);
    throw error;
  }
}

// ───────────────────────────── PGlite ─────────────────────────────

/**
 * Opens the embedded database as the app does (openDb), migrates it and writes its data folder to
 * `emptyFile`, then seeds it and writes it to `seededFile`: each pglite context starts from a copy
 * instead of initdb, the migrations and the seed.
 */
export async function buildPgliteTemplates(
  files: { empty: string; seeded: string },
  filesDir: string,
): Promise<void> {
  const handle = await openDb({});
  try {
    const client: unknown = (handle.db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof PGlite)) throw new Error('openDb({}) did not give a PGlite client');
    const dumpTo = async (file: string) => {
      const dump = await client.dumpDataDir('none');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    };
    await handle.migrate();
    await dumpTo(files.empty);
    await seedTestData(handle.db, filesDir);
    await dumpTo(files.seeded);
  } finally {
    await handle.close();
  }
}
