import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type DbHandle, type DriverName } from '../src/db/client.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { localStorage } from '../src/lib/storage.ts';
import type { Deps } from '../src/plugins/deps.ts';
import {
  createDatabase,
  dropDatabase,
  oneLineError,
  POSTGRES_UNAVAILABLE,
  seedTestData,
  TEMPLATE_FILES,
  TEMPLATE_PGLITE,
  TEMPLATE_PGLITE_EMPTY,
  TEST_NOW,
  TEST_PASSWORD_HASH_COST,
  uniqueDatabaseName,
} from './databases.ts';
import { takePgliteCopy } from './pglite-pool.ts';

export { ALL_DRIVERS, drivers } from './drivers.ts';
export { POSTGRES_UNAVAILABLE, TEST_NOW, TEST_RANDOM_SEED } from './databases.ts';

export type TestClock = ReturnType<typeof fixedClock>;

export type TestContext = {
  app: App;
  deps: Deps;
  clock: TestClock;
  driver: DriverName;
  /** Closes the app and the database, drops the PostgreSQL database and removes the temp folder. */
  close: () => Promise<void>;
};

export type TestContextOptions = {
  /** Load the demo data (default true); false leaves the migrated database empty. */
  seed?: boolean;
  /** More environment for loadConfig (SMTP_URL, RATE_LIMIT_LOGIN…); the database and data folder are set here. */
  env?: Record<string, string>;
};

/** Values of the global setup (test/global-setup.ts); null when it did not run. */
function provided(
  key: 'templateDir' | 'postgresTemplate' | 'postgresEmptyTemplate' | 'postgresError',
): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * A fresh database on the given driver, migrated and holding the demo data seeded at the pinned
 * clock (TEST_NOW), and the app built on it (no logger, API only), with its clock pinned to TEST_NOW.
 * The database is a copy of the one the global setup migrated and seeded (or, without it, migrated and
 * seeded here); on PGlite, the worker's copy put back as loaded (test/pglite-pool.ts). One per test file
 * (beforeAll); close it in afterAll.
 */
export async function createTestContext(
  driver: DriverName,
  options: TestContextOptions = {},
): Promise<TestContext> {
  const seed = options.seed !== false;
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  };

  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mels-test-${driver}-`));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    const filesDir = path.join(dataDir, 'files');
    fs.mkdirSync(filesDir);
    const templateDir = provided('templateDir');

    // The database to copy, when the global setup made one for this driver: a PostgreSQL template
    // database or a PGlite data folder, seeded or (seed: false) only migrated.
    let template: string | null = null;
    let databaseUrl: string | undefined;
    if (driver === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL;
      const unavailable = provided('postgresError');
      if (unavailable) throw oneLineError(unavailable);
      if (!adminUrl) throw oneLineError(POSTGRES_UNAVAILABLE);
      template = templateDir ? provided(seed ? 'postgresTemplate' : 'postgresEmptyTemplate') : null;
      const name = uniqueDatabaseName('test');
      databaseUrl = await createDatabase(adminUrl, name, template ?? undefined);
      cleanups.push(() => dropDatabase(adminUrl, name));
    } else if (templateDir) {
      const file = path.join(templateDir, seed ? TEMPLATE_PGLITE : TEMPLATE_PGLITE_EMPTY);
      template = fs.existsSync(file) ? file : null;
    }
    // The files the seed wrote belong with the seeded copy.
    if (template && templateDir && seed) {
      fs.cpSync(path.join(templateDir, TEMPLATE_FILES), filesDir, { recursive: true });
    }

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      // Cheaper scrypt for the hundreds of hashes the suites make; production keeps 2^17 (lib/password.test.ts).
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      // Race tests queue hundreds of requests on a pool of 4 on a busy 2-core machine: they wait for a
      // connection rather than get the 503 a production pool gives after 5 s (database-outage.test.ts).
      DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '60000',
      // Suites change rows directly between two searches; http-cache.test.ts turns the cache on (decision 050).
      SEARCH_CACHE_MS: '0',
      ...options.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' } : {}),
    });

    const dbHandle: DbHandle =
      driver === 'pglite' && template
        ? await takePgliteCopy(template)
        : await openDb({ databaseUrl, poolSize: config.databasePoolSize, timeouts: config.databaseTimeouts });
    cleanups.push(dbHandle.close);
    // On a copy this finds nothing to do; it still runs, as at start-up.
    await dbHandle.migrate();
    if (seed && !template) await seedTestData(dbHandle.db, filesDir);

    const clock = fixedClock(TEST_NOW);
    const storage = localStorage(filesDir);
    const app = await buildApp({ config, dbHandle, db: dbHandle.db, clock, storage }, { logger: false });
    cleanups.push(() => app.close());
    await app.ready();

    return { app, deps: app.deps, clock, driver, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
