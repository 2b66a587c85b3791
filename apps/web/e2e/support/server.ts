import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(webRoot, '../..');
const apiRoot = path.join(repoRoot, 'apps/api');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  // A server that migrates and seeds does it beside the web build (global-setup.ts): on a busy 2-core
  // machine that took over two minutes.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** The data folder the global setup seeded (e2e/support/global-setup.ts), in a test worker; else undefined. */
function seededTemplate(): string | undefined {
  try {
    return inject('seededDataDir') || undefined;
  } catch {
    return undefined; // in the global setup itself
  }
}

/**
 * The run's build of the API (apps/api/scripts/build.mjs, as `npm start` runs it), which the global setup
 * makes and provides; without one (in the global setup before it is built) the sources run through tsx.
 */
function builtServer(): string | undefined {
  return fromSetup('serverEntry', 'E2E_SERVER_ENTRY') || undefined;
}

/**
 * What the global setup provides to the workers (`key`), read from its environment (`env`) in the
 * global setup itself, where inject() cannot be called.
 */
function fromSetup(key: 'serverEntry' | 'e2eRun', env: string): string | undefined {
  try {
    return inject(key);
  } catch {
    return process.env[env];
  }
}

/**
 * The PostgreSQL cluster the run's servers use (decision 062): E2E_DATABASE_URL, an admin URL that `npm
 * test` sets to the cluster its API tests ran on. Without it every server runs on the embedded database
 * (PGlite) in its data folder, as `npm start` does.
 */
export function e2eCluster(): string | undefined {
  return process.env.E2E_DATABASE_URL || undefined;
}

/** The database of a data folder on the run's cluster: one per folder, kept across its restarts. */
const DATABASE_FILE = 'e2e-database-url';

/** The admin URL with another database. */
function databaseUrlOf(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** This run's mark in its databases' names (the global setup's E2E_RUN, provided to the workers). */
function runMark(): string {
  return fromSetup('e2eRun', 'E2E_RUN') ?? 'run';
}

/** The name of a data folder's database on the cluster: `mels_e2e_<run>_<folder's hash>`. */
const databaseNameOf = (dataDir: string) =>
  `mels_e2e_${runMark()}_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;

/** Runs an ES module script with node in apps/api (its database drivers resolve there); throws unless it exits 0. */
function runApiScript(options: { script: string; env: Record<string, string>; failure: string }) {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', options.script], {
    cwd: apiRoot,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${options.failure}: ${result.stderr}`);
}

/** Runs a script as the cluster's admin with the API's pg driver (in apps/api); `client` is connected. */
function adminScript(options: { adminUrl: string; body: string; env?: Record<string, string> }) {
  runApiScript({
    script: `
      import pg from 'pg';
      const client = new pg.Client({ connectionString: process.env.ADMIN_URL });
      await client.connect();
      try { ${options.body} } finally { await client.end(); }`,
    env: { ...options.env, ADMIN_URL: options.adminUrl },
    failure: 'PostgreSQL (as admin)',
  });
}

/** The URL of a data folder's database on the run's cluster, once made; undefined for an embedded one. */
function clusterUrlOf(dataDir: string): string | undefined {
  const file = path.join(dataDir, DATABASE_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * The database URL of a server's data folder on the run's cluster, created on its first start: from
 * the seeded database (a copy, as the embedded servers copy the seeded data folder) or empty.
 */
function clusterDatabase(options: { adminUrl: string; dataDir: string; template?: string }) {
  const existing = clusterUrlOf(options.dataDir);
  if (existing) return existing;
  const name = databaseNameOf(options.dataDir);
  const from = options.template ? ` template "${databaseNameOf(options.template)}"` : '';
  adminScript({
    adminUrl: options.adminUrl,
    body: 'await client.query(process.env.SQL);',
    env: { SQL: `create database "${name}"${from}` },
  });
  const url = databaseUrlOf(options.adminUrl, name);
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(path.join(options.dataDir, DATABASE_FILE), url);
  return url;
}

/** Drops every database of this run, its files' servers' included (the global setup's teardown). */
export function dropRunDatabases(adminUrl: string) {
  adminScript({
    adminUrl,
    body: `
      const { rows } = await client.query(
        'select datname from pg_database where starts_with(datname, $1)', [process.env.PREFIX]);
      for (const { datname } of rows) await client.query('drop database "' + datname + '" with (force)');`,
    env: { PREFIX: `mels_e2e_${runMark()}_` },
  });
}

/**
 * Runs a script against a stopped server's database: `db.query(sql, params)` answers `{ rows,
 * affectedRows }` on either database (PostgreSQL of the run's cluster, else the folder's PGlite), and
 * `db.close()` ends it. `env` reaches the script as process.env.
 */
export function runDatabaseScript(options: {
  dataDir: string;
  script: string;
  env?: Record<string, string>;
}) {
  const open = `
    let db;
    if (process.env.E2E_DB_URL) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.E2E_DB_URL });
      await client.connect();
      db = {
        query: async (sql, params) => {
          const result = await client.query(sql, params);
          return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
        },
        close: () => client.end(),
      };
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      db = await PGlite.create(process.env.PGDIR);
    }`;
  runApiScript({
    script: `${open}\n${options.script}`,
    env: {
      ...options.env,
      PGDIR: path.join(options.dataDir, 'pgdata'),
      E2E_DB_URL: clusterUrlOf(options.dataDir) ?? '',
    },
    failure: 'the database script failed',
  });
}

/**
 * Runs one statement that must change exactly one row on a stopped server's database (either database,
 * as runDatabaseScript opens it); throws otherwise.
 */
export function changeOneRow(options: { dataDir: string; statement: string; params: readonly number[] }) {
  runDatabaseScript({
    dataDir: options.dataDir,
    script: `
      const result = await db.query(process.env.SQL, JSON.parse(process.env.PARAMS));
      if (result.affectedRows !== 1) throw new Error('expected one row, got ' + result.affectedRows);
      await db.close();`,
    env: { SQL: options.statement, PARAMS: JSON.stringify(options.params) },
  });
}

/**
 * The real server (the run's build of apps/api/src/server.ts in production mode, serving the built web app) on a free
 * port with a database of its own: a database on the run's PostgreSQL cluster when there is one
 * (e2eCluster) and `embedded` is not set, else the embedded one (PGlite) in its data folder, as `npm
 * start` runs. env adds to or overrides the defaults (SMTP, Stripe keys…). A data folder without a
 * database starts as a copy of `template`'s (by default the one the global setup migrated and seeded):
 * the server then finds its demo data instead of migrating and seeding for ten seconds of CPU. An
 * embedded server whose template has no embedded database (its servers ran on the cluster) migrates
 * and seeds its own, as `npm start` does on first run.
 */
export async function startPortalServer(options: {
  webDist: string;
  dataDir: string;
  env?: Record<string, string>;
  template?: string;
  embedded?: boolean;
}) {
  const template = options.template ?? seededTemplate();
  const adminUrl = options.embedded ? undefined : e2eCluster();
  const databaseUrl = adminUrl
    ? clusterDatabase({ adminUrl, dataDir: options.dataDir, template })
    : undefined;
  if (
    !adminUrl &&
    template &&
    fs.existsSync(path.join(template, 'pgdata')) &&
    !fs.existsSync(path.join(options.dataDir, 'pgdata'))
  ) {
    fs.cpSync(template, options.dataDir, { recursive: true });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const entry = builtServer();
  const args = entry ? [entry] : ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST: options.webDist,
      // scrypt at 2^12 instead of 2^17: the tests register and log in scores of members (the API
      // tests do the same); everything else runs as in production.
      PASSWORD_HASH_COST: '12',
      // The suites register scores of members from 127.0.0.1; production allows 20 per IP a window.
      RATE_LIMIT_REGISTER: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForReady(`${baseUrl}/readyz`, child, () => log);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    baseUrl,
    log: () => log,
    /** Stops it as production does (SIGTERM: requests finish, the database is closed) and waits for it. */
    shutdown: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
