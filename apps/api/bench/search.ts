/**
 * `npm run bench:search`: the session search under load on real PostgreSQL (issues 4 and 20).
 *
 * For each size (BENCH_SIZES, default 1,000, 20,000 and 100,000 sessions), in one run:
 *   1. Data: a database per size: `<BENCH_DATABASE_URL's database>_<size>` on that server when
 *      BENCH_DATABASE_URL is set (created when missing, and reused: seeded only up to the size), else on
 *      a throwaway cluster made from the machine's binaries (scripts/pg-cluster.mjs), removed at the end.
 *      Migrate; the demo data; seedScale until there are at least that many sessions; VACUUM ANALYZE.
 *   2. The real server (buildApp, production config, log level warn) on a free loopback port.
 *   3. autocannon (in a worker thread, off the server's event loop), BENCH_CONNECTIONS (default 10)
 *      connections for BENCH_DURATION seconds (default 8) each: /healthz, the typical search, a course
 *      search, the wide search, a deep page, the typical search of a logged-in member, and the typical
 *      and wide searches and the member's with Cache-Control: no-cache (computed for each request: the
 *      process's kept answers and pages, decisions 050 and 051, passed over); then the typical search
 *      (kept and computed) and the logged-in one on 1 connection (the p50 of one search that waits for
 *      nothing).
 *   4. pgbench (-M prepared, the same connections) of the very statements the server ran for one
 *      typical and wide (computed) search and one logged-in search (kept page, and computed), recorded
 *      at the driver from a request right after another one, with the same values: the floor the
 *      server's req/s is compared with.
 *   5. EXPLAIN (ANALYZE, BUFFERS) EXECUTE of the search statement as the server runs it (prepared,
 *      explained on the sixth execution), for the typical filter, the wide query and the deep page.
 * The load average (1, 5, 15 min) is printed before and after each size's runs.
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_SIZES (e.g. "1000,20000"), BENCH_DURATION (s),
 * BENCH_CONNECTIONS, BENCH_PLANS=1 (print the whole plans), RESPONSE_SERIALIZER (fast | zod).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type DbHandle } from '../src/db/client.ts';
import { authTokens } from '../src/db/schema.ts';
import { isDatabaseEmpty, seedDemoData, seedScale } from '../src/db/seed/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { tokyoDate } from '../src/lib/dates.ts';
import { localStorage } from '../src/lib/storage.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import {
  searchPageQuery,
  searchShape,
  searchValues,
  type SearchFilter,
} from '../src/modules/trainings/trainings.repository.ts';
import { cleanup, cleanups, loadAverage, record, say, throwawayCluster, type Recorded } from './harness.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '1000,20000,100000').split(',').map(Number);
const SESSIONS_PER_SCALE_UNIT = 200;

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

/** The server to make the databases on: BENCH_DATABASE_URL's, or a throwaway cluster. */
async function server(): Promise<{ base: URL; reuse: boolean }> {
  if (process.env.BENCH_DATABASE_URL) {
    say('PostgreSQL: BENCH_DATABASE_URL (one database per size, reused)');
    return { base: new URL(process.env.BENCH_DATABASE_URL), reuse: true };
  }
  const clusterUrl = await throwawayCluster();
  const base = new URL(clusterUrl);
  base.pathname = '/mels_bench';
  return { base, reuse: false };
}

const sizeLabel = (size: number) => (size >= 1000 ? `${Math.round(size / 1000)}k` : String(size));

/** The database of one size on the server (created when missing). */
async function database(base: URL, size: number): Promise<string> {
  const name = `${base.pathname.slice(1) || 'mels_bench'}_${sizeLabel(size)}`;
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function scalar(handle: DbHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** Migrated, with the demo data and at least `size` sessions; statistics fresh. */
async function prepare(databaseUrl: string, size: number) {
  const handle = await openDb({ databaseUrl, poolSize: 4 });
  try {
    await handle.migrate();
    if (await isDatabaseEmpty(handle.db)) {
      say('seeding the demo data');
      await seedDemoData(handle.db);
    }
    const sessions = await scalar(handle, sql`select count(*) as n from trainings`);
    if (sessions < size) {
      const units = Math.ceil((size - sessions) / SESSIONS_PER_SCALE_UNIT);
      say(`${sessions} sessions: seedScale(${units}) adds ${units * SESSIONS_PER_SCALE_UNIT} sessions`);
      const at = Date.now();
      const added = await seedScale(handle.db, units);
      say(`added ${JSON.stringify(added)} in ${((Date.now() - at) / 1000).toFixed(0)} s`);
    } else {
      say(`${sessions} sessions already there: not reseeding`);
    }
    await handle.db.execute(sql`vacuum analyze`);
    return {
      trainings: await scalar(handle, sql`select count(*) as n from trainings`),
      training_user_types: await scalar(handle, sql`select count(*) as n from training_user_types`),
      users: await scalar(handle, sql`select count(*) as n from users`),
      enrollments: await scalar(handle, sql`select count(*) as n from enrollments`),
    };
  } finally {
    await handle.close();
  }
}

function load(
  url: string,
  options: {
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn (their own headers), instead of one repeated. */
    requests?: Array<{ headers: Record<string, string> }>;
  } = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        url,
        connections: options.connections ?? CONNECTIONS,
        duration: options.duration ?? DURATION,
        timeout: 30,
        headers: options.headers,
        requests: options.requests,
      },
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

/** A value as PostgreSQL's text form (numbers, strings, dates, arrays of numbers: what the search sends). */
function textValue(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map(textValue).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A value written as an SQL literal (for EXPLAIN … EXECUTE). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  return `'${textValue(value).replace(/'/g, "''")}'`;
}

type PgbenchResult = { tps: number; latencyMs: number; statements: number };

/**
 * pgbench -M prepared of recorded statements, one transaction = all of them in order, each with its
 * own values as pgbench variables (-D), NULLs written into the text. When the server ran any of them on
 * its search connections (generic plans, decision 059), pgbench's connections keep generic plans too
 * (for all of them: at worst it makes pgbench's floor higher, not the server's ratio better).
 */
function pgbench(databaseUrl: string, statements: Recorded[], label: string): PgbenchResult {
  const defines: string[] = [];
  const lines = statements.map((st, i) => {
    const text = st.text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = st.values[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${i}_p${n}`;
      defines.push('-D', `${name}=${textValue(value)}`);
      return `:${name}`;
    });
    return `${text.replace(/\s+/g, ' ').trim()};`;
  });
  const script = path.join(os.tmpdir(), `mels-bench-${process.pid}-${label.replace(/\W+/g, '_')}.sql`);
  fs.writeFileSync(script, `${lines.join('\n')}\n`);
  cleanups.push(() => fs.rmSync(script, { force: true }));
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(CONNECTIONS),
      '-j',
      String(Math.min(CONNECTIONS, os.cpus().length)),
      '-T',
      String(DURATION),
      ...defines,
      '-f',
      script,
      databaseUrl,
    ],
    {
      encoding: 'utf8',
      env: statements.some((st) => st.genericPlans)
        ? { ...process.env, PGOPTIONS: '-c plan_cache_mode=force_generic_plan' }
        : process.env,
    },
  );
  if (result.status !== 0) throw new Error(`pgbench (${label}) failed: ${result.stderr || result.error}`);
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1] ?? NaN);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(result.stdout)?.[1] ?? NaN);
  return { tps, latencyMs, statements: statements.length };
}

let statementNo = 0;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a search statement as the server runs it: prepared on a connection that
 * keeps generic plans (the search's pool, decision 059), executed five times, then explained on the sixth.
 */
async function explain(
  client: pg.Client,
  label: string,
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
) {
  const name = `bench_${++statementNo}`;
  const args = fillPlaceholders(query.params, values).map(literal).join(', ');
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query(`prepare ${name} as ${query.sql}`);
  for (let i = 0; i < 5; i++) await client.query(`execute ${name}(${args})`);
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) execute ${name}(${args})`,
  );
  await client.query(`deallocate ${name}`);
  await client.query('reset plan_cache_mode');
  const lines = result.rows.map((r) => r['QUERY PLAN']);
  if (process.env.BENCH_PLANS)
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
  const heapFetches = lines
    .flatMap((l) => [...l.matchAll(/Heap Fetches: (\d+)/g)].map((m) => Number(m[1])))
    .reduce((a, b) => a + b, 0);
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return { label, indexes, seqScans, heapFetches, time };
}

type Row = { name: string; total?: string | undefined; result: LoadResult; connections: number };
type SizeReport = {
  size: number;
  counts: Awaited<ReturnType<typeof prepare>>;
  loadBefore: string;
  loadAfter: string;
  rows: Row[];
  benches: Array<{ label: string; result: PgbenchResult; server: number }>;
  plans: Awaited<ReturnType<typeof explain>>[];
};

async function measure(databaseUrl: string, size: number): Promise<SizeReport> {
  const counts = await prepare(databaseUrl, size);
  say(`data: ${JSON.stringify(counts)}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-bench-'));
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
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    say(`server on ${base} (pool ${config.databasePoolSize}, log level warn)`);

    const today = tokyoDate(new Date());
    const basic = await admin.query<{ id: number }>(
      "select id from courses where certificate_prefix = 'B' order by id limit 1",
    );
    const basicId = basic.rows[0]?.id ?? 1;
    // The logged-in member: the one with the most enrolments in Tokyo sessions from today (their cards
    // carry steps, badges and orders), with a fresh login token.
    const member = await admin.query<{ user_id: number; n: string }>(
      `select e.user_id, count(*) as n from enrollments e join trainings t on t.id = e.training_id
       where t.area_id = 13 and t.event_date >= $1 group by e.user_id order by count(*) desc, e.user_id limit 1`,
      [today],
    );
    const memberId = member.rows[0]?.user_id;
    if (!memberId) throw new Error('no member with an enrolment in Tokyo');
    const token = generateToken();
    await dbHandle.db.insert(authTokens).values({
      userId: memberId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const auth = { authorization: `Token ${token}` };
    // Many members searching at once (decision 063 keeps each one's state): 1,000 members, each with a
    // fresh token, the requests of every connection going through them in turn.
    const crowd = await admin.query<{ id: number }>(
      "select id from users where role = 'member' and id <> $1 order by id limit 1000",
      [memberId],
    );
    const crowdTokens = crowd.rows.map(() => generateToken());
    await dbHandle.db.insert(authTokens).values(
      crowd.rows.map((row, i) => ({
        userId: row.id,
        tokenHash: hashToken(crowdTokens[i] ?? ''),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const crowdRequests = crowdTokens.map((t) => ({ headers: { authorization: `Token ${t}` } }));

    const typicalQuery: Array<[string, string | number]> = [
      ['user_type[]', 4],
      ['area[]', 13],
      ['event_date$ge', `${today} 00:00:00`],
      ['page', 1],
    ];
    const wideQuery = (page: number): Array<[string, string | number]> => [
      ['user_type[]', 1],
      ['user_type[]', 2],
      ['user_type[]', 3],
      ['user_type[]', 4],
      ['event_date$ge', `${today} 00:00:00`],
      ['page', page],
    ];
    const targets: Array<{
      name: string;
      url: string;
      headers?: Record<string, string>;
      requests?: Array<{ headers: Record<string, string> }>;
    }> = [
      { name: '/healthz', url: `${base}/healthz` },
      { name: 'typical: attendee, Tokyo, from today', url: searchUrl(base, typicalQuery) },
      {
        name: 'attendee, basic course, from today',
        url: searchUrl(base, [
          ['user_type[]', 4],
          ['course_id[]', basicId],
          ['event_date$ge', `${today} 00:00:00`],
          ['page', 1],
        ]),
      },
      { name: 'wide: all user types, all prefectures, from today', url: searchUrl(base, wideQuery(1)) },
      { name: 'wide, page 200 (offset 1,990)', url: searchUrl(base, wideQuery(200)) },
      {
        name: `typical, logged in (member ${memberId}, ${member.rows[0]?.n} enrolments in Tokyo)`,
        url: searchUrl(base, typicalQuery),
        headers: auth,
      },
      // The same two searches computed for every request: Cache-Control: no-cache passes over the
      // answers the process keeps (decision 050); what each visitor would cost without them.
      {
        name: 'typical, computed each time (no-cache)',
        url: searchUrl(base, typicalQuery),
        headers: { 'cache-control': 'no-cache' },
      },
      {
        name: 'wide, computed each time (no-cache)',
        url: searchUrl(base, wideQuery(1)),
        headers: { 'cache-control': 'no-cache' },
      },
      // The member's search with the page's shared rows read each time (decision 051 passed over).
      {
        name: 'typical, logged in, computed each time (no-cache)',
        url: searchUrl(base, typicalQuery),
        headers: { ...auth, 'cache-control': 'no-cache' },
      },
      {
        name: `typical, logged in, ${crowdRequests.length.toLocaleString('en-US')} members in turn`,
        url: searchUrl(base, typicalQuery),
        requests: crowdRequests,
      },
    ];

    // Each search answers 200 with cards before it is measured.
    const totals = new Map<string, string>();
    for (const target of targets.slice(1)) {
      const response = await fetch(target.url, { headers: target.headers });
      const body = (await response.json()) as {
        data?: unknown[];
        pagination?: { total: number; total_capped?: true };
      };
      if (response.status !== 200 || !body.data) throw new Error(`${target.name}: HTTP ${response.status}`);
      totals.set(
        target.name,
        `${body.pagination?.total_capped ? '> ' : ''}${(body.pagination?.total ?? 0).toLocaleString('en-US')}`,
      );
      say(
        `${target.name}: ${body.pagination?.total_capped ? 'more than ' : ''}${body.pagination?.total} cards, ${body.data.length} on the page`,
      );
    }

    const loadBefore = loadAverage();
    say(`load average before the runs: ${loadBefore}`);
    say('warm-up (3 s)');
    await load(targets[1]?.url ?? `${base}/healthz`, { duration: 3 });

    const rows: Row[] = [];
    for (const target of targets) {
      say(`load: ${target.name} (${CONNECTIONS} connections, ${DURATION} s)`);
      const result = await load(target.url, { headers: target.headers, requests: target.requests });
      rows.push({ name: target.name, total: totals.get(target.name), result, connections: CONNECTIONS });
      say(
        `  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
      );
    }
    // One connection: the time one search takes when it does not queue behind others.
    for (const target of [targets[1], targets[6], targets[5]]) {
      if (!target) continue;
      say(`load: ${target.name}, 1 connection (5 s)`);
      const result = await load(target.url, { duration: 5, connections: 1, headers: target.headers });
      rows.push({
        name: `${target.name}, 1 connection`,
        total: totals.get(target.name),
        result,
        connections: 1,
      });
      say(`  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    }

    // pgbench of the statements the server ran for one request of each kind, as under load: recorded
    // from a request right after another (a member's search then finds its page kept, decision 051).
    const benches: SizeReport['benches'] = [];
    // Compared with the server computing each answer (not with its kept answers, which run none).
    for (const [label, index] of [
      ['typical', 6],
      ['wide', 7],
      ['typical, logged in', 5],
      ['typical, logged in, computed', 8],
    ] as const) {
      const target = targets[index];
      if (!target) continue;
      const ask = async () => {
        const response = await fetch(target.url, { headers: target.headers });
        await response.arrayBuffer();
      };
      await ask();
      const statements = await record(ask);
      if (statements.length === 0) {
        say(`pgbench: ${label}: no statement (answered from what the process keeps)`);
        continue;
      }
      say(`pgbench: ${label} (${statements.length} statements, ${CONNECTIONS} clients, ${DURATION} s)`);
      if (process.env.BENCH_DEBUG)
        for (const st of statements)
          say(`  ${st.text.replace(/\s+/g, ' ').slice(0, 160)} ${JSON.stringify(st.values).slice(0, 200)}`);
      const result = pgbench(databaseUrl, statements, `${sizeLabel(size)}-${label}`);
      const server = rows[index]?.result.requestsPerSecond ?? 0;
      benches.push({ label, result, server });
      say(
        `  ${result.tps.toFixed(0)} tps, latency ${result.latencyMs} ms; server ${server.toFixed(0)} req/s`,
      );
    }
    const loadAfter = loadAverage();
    say(`load average after the runs: ${loadAfter}`);

    const typical: SearchFilter = { userTypes: [4], areas: [13], from: today, now: new Date() };
    const wide: SearchFilter = { userTypes: [1, 2, 3, 4], from: today, now: new Date() };
    const plans = [];
    for (const [label, filter, page] of [
      ['typical, page 1', typical, 1],
      ['wide, page 1', wide, 1],
      ['wide, page 200', wide, 200],
    ] as const) {
      const values = searchValues(filter, 10, (page - 1) * 10);
      plans.push(
        await explain(admin, label, searchPageQuery(dbHandle.db, searchShape(filter)).toSQL(), values),
      );
    }
    return { size, counts, loadBefore, loadAfter, rows, benches, plans };
  } finally {
    await admin.end();
    await app.close();
    await dbHandle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printReport(report: SizeReport) {
  const { counts } = report;
  const health = report.rows[0]?.result.requestsPerSecond ?? 1;
  console.log(
    `\n── ${sizeLabel(report.size)}: ${counts.trainings} sessions, ${counts.training_user_types} recruitments (cards), ${counts.users} users, ${counts.enrollments} enrolments ──`,
  );
  console.log(`load average (1, 5, 15 min): ${report.loadBefore} before, ${report.loadAfter} after\n`);
  console.log(
    '| request | conn. | matching cards | req/s | p50 (ms) | p99 (ms) | errors / non-2xx | ratio to /healthz |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, total, result, connections } of report.rows) {
    console.log(
      `| ${name} | ${connections} | ${total ?? '–'} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${result.errors} / ${result.non2xx} | ${connections === 1 ? '–' : (result.requestsPerSecond / health).toFixed(2)} |`,
    );
  }
  console.log(
    "\n| pgbench of the server's statements | statements | tps | latency avg (ms) | server req/s | server / pgbench |",
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const b of report.benches) {
    console.log(
      `| ${b.label} | ${b.result.statements} | ${b.result.tps.toFixed(0)} | ${b.result.latencyMs} | ${b.server.toFixed(0)} | ${(b.server / b.result.tps).toFixed(2)} |`,
    );
  }
  console.log('\n| statement | execution time | indexes used | heap fetches | sequential scans |');
  console.log('|---|---:|---|---:|---|');
  for (const plan of report.plans) {
    console.log(
      `| ${plan.label} | ${plan.time} | ${plan.indexes.join(', ') || '–'} | ${plan.heapFetches} | ${plan.seqScans.join(', ') || 'none'} |`,
    );
  }
}

async function main() {
  const { base } = await server();
  const reports: SizeReport[] = [];
  for (const size of SIZES) {
    say(`── ${sizeLabel(size)} sessions ──`);
    reports.push(await measure(await database(base, size), size));
  }
  const cpu = os.cpus();
  console.log('\n══ Results ══');
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  console.log(
    `load: autocannon, ${CONNECTIONS} connections, ${DURATION} s each (rows marked 1: 1 connection, 5 s), loopback, same machine as server and PostgreSQL; pgbench -M prepared, ${CONNECTIONS} clients, ${DURATION} s`,
  );
  for (const report of reports) printReport(report);
  // The 1-connection rows, in order: the typical search (kept answer), computed each time, logged in.
  const single = (r: SizeReport | undefined, i: number) =>
    r?.rows.filter((row) => row.connections === 1)[i]?.result.p50;
  const first = reports[0];
  const last = reports.at(-1);
  if (first && last && first !== last) {
    console.log(
      `\ngrowth, 1 connection, p50: typical ${reports.map((r) => single(r, 0)).join(' / ')} ms (kept), ${reports.map((r) => single(r, 1)).join(' / ')} ms (computed), logged in ${reports.map((r) => single(r, 2)).join(' / ')} ms at ${reports.map((r) => sizeLabel(r.size)).join(' / ')}`,
    );
  }
  say('done');
}

try {
  await main();
} finally {
  await cleanup();
}
