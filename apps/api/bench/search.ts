/**
 * `npm run bench:search`: the session search under load on real PostgreSQL (issue 4's performance bar).
 *
 *   1. PostgreSQL: BENCH_DATABASE_URL (the database to use) when set, else a throwaway cluster made
 *      from the machine's binaries (scripts/pg-cluster.mjs), removed at the end.
 *   2. Data: migrate; the demo data when the database is empty; seedScale until there are at least
 *      20,000 sessions (counted first, so a re-run against the same database does not reseed); VACUUM ANALYZE.
 *   3. The real server (buildApp, log level warn) on a free loopback port.
 *   4. autocannon (in a worker thread, off the server's event loop), 20 connections for BENCH_DURATION
 *      seconds (default 10) each: /healthz, then the search with a typical filter, a course filter,
 *      a wide query and a deep page. Requests/s, p50 and p99, and each ratio to /healthz.
 *   5. EXPLAIN (ANALYZE, BUFFERS) EXECUTE of the search statement (the page's cards and the total) as
 *      the server runs it, prepared, for the typical filter, the wide query and the deep page.
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_SESSIONS (minimum sessions),
 * RESPONSE_SERIALIZER (fast | zod: which serializer the server writes its answers with).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type DbHandle } from '../src/db/client.ts';
import { isDatabaseEmpty, seedDemoData, seedScale } from '../src/db/seed/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { tokyoDate } from '../src/lib/dates.ts';
import { localStorage } from '../src/lib/storage.ts';
import {
  searchPageQuery,
  searchShape,
  searchValues,
  type SearchFilter,
} from '../src/modules/trainings/trainings.repository.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MIN_SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20_000);
const SESSIONS_PER_SCALE_UNIT = 200;

const started = Date.now();
const say = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);

type Cluster = { url: string; stop: () => void };
type LoadResult = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  average: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

const cleanups: Array<() => void | Promise<void>> = [];
async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`[bench] cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

/** The database to measure: BENCH_DATABASE_URL, or a fresh database on a throwaway cluster. */
async function database(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) {
    say('PostgreSQL: BENCH_DATABASE_URL');
    return process.env.BENCH_DATABASE_URL;
  }
  const modulePath = pathToFileURL(path.resolve(here, '../../../scripts/pg-cluster.mjs')).href;
  const { startCluster } = (await import(modulePath)) as {
    startCluster: (options: { log: (line: string) => void }) => Promise<Cluster>;
  };
  const cluster = await startCluster({ log: (line) => say(`PostgreSQL: ${line}`) });
  cleanups.push(() => {
    cluster.stop();
    say('PostgreSQL: throwaway cluster stopped and removed');
  });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database mels_bench');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/mels_bench';
  return url.toString();
}

async function scalar(handle: DbHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** Migrated, with the demo data and at least MIN_SESSIONS sessions; statistics fresh. */
async function prepare(handle: DbHandle) {
  await handle.migrate();
  if (await isDatabaseEmpty(handle.db)) {
    say('seeding the demo data');
    await seedDemoData(handle.db);
  }
  const sessions = await scalar(handle, sql`select count(*) as n from trainings`);
  if (sessions < MIN_SESSIONS) {
    const units = Math.ceil((MIN_SESSIONS - sessions) / SESSIONS_PER_SCALE_UNIT);
    say(
      `${sessions} sessions: seedScale(${units}) adds ${units * SESSIONS_PER_SCALE_UNIT} sessions and ${units * 1000} members`,
    );
    const added = await seedScale(handle.db, units);
    say(`added ${JSON.stringify(added)}`);
  } else {
    say(`${sessions} sessions already there: not reseeding`);
  }
  await handle.db.execute(sql`vacuum analyze`);
  const counts = {
    trainings: await scalar(handle, sql`select count(*) as n from trainings`),
    training_user_types: await scalar(handle, sql`select count(*) as n from training_user_types`),
    users: await scalar(handle, sql`select count(*) as n from users`),
    enrollments: await scalar(handle, sql`select count(*) as n from enrollments`),
  };
  say(`data: ${JSON.stringify(counts)}`);
  return counts;
}

function load(url: string, duration = DURATION, connections = CONNECTIONS): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, connections, duration, timeout: 30 },
    });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/** The search URL as the browser sends it (brackets and the date's space encoded). */
function searchUrl(base: string, params: Array<[string, string | number]>): string {
  const query = new URLSearchParams(params.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return `${base}/api/v1/trainings?${query}`;
}

/** A value written as an SQL literal (the bench's own numbers, dates and arrays of numbers only). */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `'{${value.map(Number).join(',')}}'`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

let statementNo = 0;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a search statement as the server runs it: prepared, executed five
 * times (PostgreSQL's custom plans), then explained on the sixth, when the plan cache may have
 * switched to the generic plan it keeps from then on.
 */
async function explain(
  client: pg.Client,
  label: string,
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
) {
  const name = `bench_${++statementNo}`;
  const args = fillPlaceholders(query.params, values).map(literal).join(', ');
  await client.query(`prepare ${name} as ${query.sql}`);
  for (let i = 0; i < 5; i++) await client.query(`execute ${name}(${args})`);
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) execute ${name}(${args})`,
  );
  await client.query(`deallocate ${name}`);
  const lines = result.rows.map((r) => r['QUERY PLAN']);
  console.log(`\n── EXPLAIN (ANALYZE, BUFFERS) EXECUTE: ${label} ──\n${lines.join('\n')}`);
  const indexes = [
    ...new Set(
      lines.flatMap((l) =>
        [
          ...l.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g),
        ].map((m) => m[1]),
      ),
    ),
  ];
  const seqScans = [...new Set(lines.flatMap((l) => [...l.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1])))];
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return { label, indexes, seqScans, time };
}

async function main() {
  const databaseUrl = await database();
  const handle = await openDb({ databaseUrl, poolSize: 4 });
  cleanups.push(() => handle.close());
  const counts = await prepare(handle);
  await handle.close();
  cleanups.pop();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_ON_EMPTY: 'false',
    // 'zod' measures the answer written by zod's encode + JSON.stringify instead of the fast serializer.
    RESPONSE_SERIALIZER: process.env.RESPONSE_SERIALIZER,
  });
  const dbHandle = await openDb({ databaseUrl, poolSize: config.databasePoolSize });
  const app = await buildApp(
    {
      config,
      dbHandle,
      db: dbHandle.db,
      clock: systemClock,
      storage: localStorage(path.join(dataDir, 'files')),
    },
    {},
  );
  cleanups.push(async () => {
    await app.close();
    await dbHandle.close();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  say(`server on ${base} (pool ${config.databasePoolSize}, log level warn)`);

  const today = tokyoDate(new Date());
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  cleanups.push(() => admin.end());
  const basic = await admin.query<{ id: number }>(
    "select id from courses where certificate_prefix = 'B' order by id limit 1",
  );
  const basicId = basic.rows[0]?.id ?? 1;

  const targets: Array<{ name: string; url: string }> = [
    { name: '/healthz', url: `${base}/healthz` },
    {
      name: 'search: attendee, Tokyo, from today (typical)',
      url: searchUrl(base, [
        ['user_type[]', 4],
        ['area[]', 13],
        ['event_date$ge', `${today} 00:00:00`],
        ['page', 1],
      ]),
    },
    {
      name: 'search: attendee, basic course, from today',
      url: searchUrl(base, [
        ['user_type[]', 4],
        ['course_id[]', basicId],
        ['event_date$ge', `${today} 00:00:00`],
        ['page', 1],
      ]),
    },
    {
      name: 'search: all user types, all prefectures, from today (wide)',
      url: searchUrl(base, [
        ['user_type[]', 1],
        ['user_type[]', 2],
        ['user_type[]', 3],
        ['user_type[]', 4],
        ['event_date$ge', `${today} 00:00:00`],
        ['page', 1],
      ]),
    },
    {
      name: 'search: wide, page 200 (deep offset)',
      url: searchUrl(base, [
        ['user_type[]', 1],
        ['user_type[]', 2],
        ['user_type[]', 3],
        ['user_type[]', 4],
        ['event_date$ge', `${today} 00:00:00`],
        ['page', 200],
      ]),
    },
  ];

  // Each search answers 200 with cards before it is measured.
  const totals = new Map<string, number>();
  for (const target of targets.slice(1)) {
    const response = await fetch(target.url);
    const body = (await response.json()) as { data?: unknown[]; pagination?: { total: number } };
    if (response.status !== 200 || !body.data) throw new Error(`${target.name}: HTTP ${response.status}`);
    totals.set(target.name, body.pagination?.total ?? 0);
    say(`${target.name}: ${body.pagination?.total} matching cards, ${body.data.length} on the page`);
  }

  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  say(`load average before the runs: ${loadBefore}`);
  say('warm-up (3 s)');
  await load(targets[1]?.url ?? `${base}/healthz`, 3);

  const results: Array<{ name: string; result: LoadResult }> = [];
  for (const target of targets) {
    say(`load: ${target.name} (${CONNECTIONS} connections, ${DURATION} s)`);
    const result = await load(target.url);
    results.push({ name: target.name, result });
    say(
      `  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
  }

  // One connection: the time one search takes when it does not queue behind others.
  const single = targets[1];
  if (single) {
    const name = `${single.name}, 1 connection`;
    say(`load: ${name} (5 s)`);
    const result = await load(single.url, 5, 1);
    results.push({ name, result });
    totals.set(name, totals.get(single.name) ?? 0);
    say(`  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  }

  const typical: SearchFilter = { userTypes: [4], areas: [13], from: today, now: new Date() };
  const wide: SearchFilter = { userTypes: [1, 2, 3, 4], from: today, now: new Date() };
  const plans = [];
  for (const [label, filter, page] of [
    ['typical search, page 1', typical, 1],
    ['wide search, page 1', wide, 1],
    ['wide search, page 200', wide, 200],
  ] as const) {
    const shape = searchShape(filter);
    const values = searchValues(filter, 10, (page - 1) * 10);
    plans.push(
      await explain(
        admin,
        `${label} (page and total in one statement)`,
        searchPageQuery(dbHandle.db, shape).toSQL(),
        values,
      ),
    );
  }

  const health = results[0]?.result.requestsPerSecond ?? 1;
  const cpu = os.cpus();
  const version = await admin.query<{ server_version: string }>('show server_version');
  console.log('\n── Results ──');
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, PostgreSQL ${version.rows[0]?.server_version}`,
  );
  console.log(
    `data: ${counts.trainings} sessions, ${counts.training_user_types} recruitments (cards), ${counts.users} users, ${counts.enrollments} enrolments`,
  );
  console.log(
    `load: autocannon, ${CONNECTIONS} connections, ${DURATION} s each (last row: 1 connection, 5 s), loopback, same machine as server and PostgreSQL`,
  );
  console.log(
    `load average (1, 5, 15 min): ${loadBefore} before the runs, ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} after\n`,
  );
  console.log(
    '| request | matching cards | req/s | p50 (ms) | p99 (ms) | errors / non-2xx | ratio to /healthz |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, result } of results) {
    const total = totals.get(name);
    console.log(
      `| ${name} | ${total ?? '–'} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${result.errors} / ${result.non2xx} | ${(result.requestsPerSecond / health).toFixed(2)} |`,
    );
  }
  console.log('\n| statement | execution time | indexes used | sequential scans |');
  console.log('|---|---:|---|---|');
  for (const plan of plans) {
    console.log(
      `| ${plan.label} | ${plan.time} | ${plan.indexes.join(', ') || '–'} | ${plan.seqScans.join(', ') || 'none'} |`,
    );
  }
  say('done');
}

try {
  await main();
} finally {
  await cleanup();
}
