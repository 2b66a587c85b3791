import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { drivers } from './drivers.ts';
import {
  buildPgliteTemplates,
  buildPostgresTemplates,
  dropDatabase,
  oneLineError,
  POSTGRES_UNAVAILABLE,
  TEMPLATE_FILES,
  TEMPLATE_PGLITE,
  TEMPLATE_PGLITE_EMPTY,
} from './databases.ts';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /**
     * Folder of the seeded templates, or null (each context then migrates and seeds itself):
     * files/ (the storage the seed wrote) and pglite.tar (the PGlite data folder, when built).
     */
    templateDir: string | null;
    /** Name of the seeded template database on TEST_DATABASE_URL's server, or null. */
    postgresTemplate: string | null;
    /** Name of the migrated, empty template database, or null. */
    postgresEmptyTemplate: string | null;
    /** Why the postgres driver cannot run (one line), or null. */
    postgresError: string | null;
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs once before the API tests: migrates and seeds one database per driver, which every test
 * context then copies (a copied PGlite data folder, CREATE DATABASE … TEMPLATE on PostgreSQL),
 * instead of running initdb, the migrations and the seed once per test file.
 * TEST_FRESH_DB=1 skips this: each context then builds its database from nothing.
 */
export default async function setup(project: TestProject) {
  project.provide('templateDir', null);
  project.provide('postgresTemplate', null);
  project.provide('postgresEmptyTemplate', null);
  project.provide('postgresError', null);
  if (process.env.TEST_FRESH_DB === '1') return undefined;

  const wanted = drivers();
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };

  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-test-template-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const filesDir = path.join(dir, TEMPLATE_FILES);
    fs.mkdirSync(filesDir);

    if (wanted.includes('pglite')) {
      const started = Date.now();
      const files = { empty: path.join(dir, TEMPLATE_PGLITE_EMPTY), seeded: path.join(dir, TEMPLATE_PGLITE) };
      await buildPgliteTemplates(files, filesDir);
      console.log(`[test] pglite templates migrated and seeded in ${seconds(started)}`);
    }

    if (wanted.includes('postgres')) {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) {
        project.provide('postgresError', POSTGRES_UNAVAILABLE);
      } else {
        const started = Date.now();
        try {
          const templates = await buildPostgresTemplates(adminUrl, filesDir);
          cleanups.push(() => dropDatabase(adminUrl, templates.seeded));
          cleanups.push(() => dropDatabase(adminUrl, templates.empty));
          project.provide('postgresTemplate', templates.seeded);
          project.provide('postgresEmptyTemplate', templates.empty);
          console.log(`[test] postgres templates migrated and seeded in ${seconds(started)}`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // Not reachable: every postgres context fails with this line; other errors stop the run.
          if (!message.startsWith('PostgreSQL not available')) throw error;
          project.provide('postgresError', message);
        }
      }
    }
    project.provide('templateDir', dir);
  } catch (error) {
    await teardown();
    throw error instanceof Error ? error : oneLineError(String(error));
  }
  return teardown;
}
