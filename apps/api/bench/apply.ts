/**
 * `npm run bench:apply`: the lottery rush (issue 20). Members applying at once to one session, on
 * real PostgreSQL, against the real server.
 *
 *   1. PostgreSQL: BENCH_DATABASE_URL when set, else a throwaway cluster made from the machine's
 *      binaries (scripts/pg-cluster.mjs), removed at the end. Migrated; the demo data when empty.
 *   2. The bench's own data: BENCH_MEMBERS members (default 2,000) with login tokens, and one free
 *      course and session per run (attendees, window open now, BENCH_CAPACITY places, default 100),
 *      each on its own day so that no application conflicts with another of the same member.
 *   3. The real server (buildApp, production config, log level warn, the default pool) on a free
 *      loopback port.
 *   4. Round trips: one member applies alone to a first-come and to a lottery session while every
 *      statement the server's pool sends is counted (BEGIN and COMMIT included).
 *   5. The rushes (apply-worker.mjs: Node's HTTP client in a worker thread, BENCH_CONNECTIONS
 *      connections, default 200, opened by the rush, each member exactly once; every latency kept): /healthz for 5 s as the yardstick; 200 members at once on a first-come
 *      session; all members on a first-come session; all members on a lottery session. Answers per
 *      second, p50, p99, status codes; then the database is checked: no session over capacity, the
 *      places taken equal the 201s, one enrolment and its steps per 201, nothing for a refusal.
 *
 * The load average (1, 5, 15 min) is printed before and after the runs: the machine is shared.
 */
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type DbHandle } from '../src/db/client.ts';
import { authTokens, courses, trainings, trainingUserTypes, users } from '../src/db/schema.ts';
import { isDatabaseEmpty, seedDemoData } from '../src/db/seed/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { localStorage } from '../src/lib/storage.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import {
  cleanup,
  cleanups,
  describePauses,
  loadAverage,
  type Pauses,
  record,
  say,
  throwawayCluster,
  watchPauses,
} from './harness.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const ATTENDEE = 4;
/**
 * The rounds: twice as the server runs (the application mails sent by its job runner, nudged after
 * every answer), then once with the runner paused, to show what sending the mails costs in a rush.
 */
const ROUNDS: ReadonlyArray<readonly [string, boolean]> = [
  ['round 1', true],
  ['round 2', true],
  ['round 3, mail runner paused', false],
];

type RushResult = {
  answered: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  slowest: Array<{ sentAt: number; latency: number; firstWave: boolean }>;
  connect: { opened: number; p50: number; max: number };
};
type Member = { id: number; token: string };

/** The database to measure: BENCH_DATABASE_URL, or a fresh database on a throwaway cluster. */
async function database(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) {
    say('PostgreSQL: BENCH_DATABASE_URL');
    return process.env.BENCH_DATABASE_URL;
  }
  const clusterUrl = await throwawayCluster();
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query('create database mels_bench');
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = '/mels_bench';
  return url.toString();
}

/** Members with login tokens (no password: they never log in), inserted 500 to a statement. */
async function makeMembers(handle: DbHandle, count: number): Promise<Member[]> {
  const out: Member[] = [];
  const stamp = Date.now();
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
      email: `bench.apply.${stamp}.${from + i}@example.jp`,
      passwordHash: 'scrypt$not-used',
      role: 'member' as const,
      lastName: '負荷',
      firstName: `花子${from + i}`,
      lastNameKana: 'フカ',
      firstNameKana: 'ハナコ',
      lastNameAlpha: 'FUKA',
      firstNameAlpha: 'HANAKO',
      occupation: 2,
      locationWork: 'テスト病院',
      postalCode: '1000001',
      district: '千代田区',
      address: '千代田1-1',
      phone: '03-0000-0000',
      gender: 1,
      birthday: '1990-01-01',
    }));
    const inserted = await handle.db.insert(users).values(rows).returning({ id: users.id });
    const tokens = inserted.map(() => generateToken());
    await handle.db.insert(authTokens).values(
      inserted.map((u, i) => ({
        userId: u.id,
        tokenHash: hashToken(tokens[i] ?? ''),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
        // Signed in and browsing a moment ago: a request does not rewrite the token's last use.
        lastUsedAt: new Date(),
      })),
    );
    inserted.forEach((u, i) => out.push({ id: u.id, token: tokens[i] ?? '' }));
  }
  return out;
}

let sessionNo = 0;

/** A free course of its own and one session of it for attendees, its window open now. */
async function makeSession(handle: DbHandle, selection: 'first_come' | 'lottery'): Promise<number> {
  sessionNo += 1;
  const [course] = await handle.db
    .insert(courses)
    .values({ name: `負荷試験コース${sessionNo}`, price: 0, certificatePrefix: 'T', isRenewal: false })
    .returning({ id: courses.id });
  // Each session on its own day, far enough ahead: no same-time conflict between the runs.
  const day = new Date(Date.now() + (60 + sessionNo) * 86_400_000).toISOString().slice(0, 10);
  const [training] = await handle.db
    .insert(trainings)
    .values({
      courseId: course?.id ?? 0,
      areaId: 13,
      name: `負荷試験講習会${sessionNo}`,
      eventDate: day,
      eventStartTime: '09:00:00',
      eventEndTime: '17:00:00',
      sponsorBy: '負荷試験',
      venue: '東京都千代田区',
      venueName: '試験会場',
      isActive: true,
    })
    .returning({ id: trainings.id });
  await handle.db.insert(trainingUserTypes).values({
    trainingId: training?.id ?? 0,
    userTypeId: ATTENDEE,
    capacity: CAPACITY,
    price: 0,
    selection,
    applyStartDate: new Date(Date.now() - 86_400_000),
    applyEndDate: new Date(Date.now() + 30 * 86_400_000),
  });
  return training?.id ?? 0;
}

function rush(
  base: string,
  input: { trainingId: number; members: readonly Member[]; connections: number; read?: boolean },
): Promise<RushResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./apply-worker.mjs', import.meta.url), {
      workerData: {
        url: base,
        method: input.read ? 'GET' : 'POST',
        path: input.read
          ? `/api/v1/trainings/${input.trainingId}/enrollments/detail?user_type=${ATTENDEE}`
          : `/api/v1/trainings/${input.trainingId}/enrollments/user`,
        tokens: input.members.map((m) => m.token),
        connections: Math.min(input.connections, input.members.length),
        userType: ATTENDEE,
      },
    });
    worker.once('message', (result: RushResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`rush worker exited with ${code}`));
    });
  });
}

function healthz(base: string): Promise<{ requestsPerSecond: number; p50: number; p99: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url: `${base}/healthz`, connections: CONNECTIONS, duration: 5, timeout: 30 },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** What the database holds for a session after a rush: places, enrolments by status, steps, mails. */
async function tally(admin: pg.Client, trainingId: number) {
  const { rows } = await admin.query<{
    capacity: number;
    participant: number;
    enrollments: number;
    won: number;
    awaiting_lottery: number;
    steps: number;
    mails: number;
  }>(
    `select t.capacity, t.participant,
       (select count(*)::int from enrollments e where e.training_id = t.training_id) as enrollments,
       (select count(*)::int from enrollments e where e.training_id = t.training_id and e.status = 6) as won,
       (select count(*)::int from enrollments e where e.training_id = t.training_id and e.status = 5) as awaiting_lottery,
       (select count(*)::int from enrollment_steps s join enrollments e on e.id = s.enrollment_id
         where e.training_id = t.training_id) as steps,
       (select count(*)::int from jobs j join enrollments e on j.dedupe_key = 'mail:applicationReceived:' || e.id
         where e.training_id = t.training_id) as mails
     from training_user_types t where t.training_id = $1`,
    [trainingId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no recruitment for session ${trainingId}`);
  return row;
}

type Samples = {
  n: number;
  open: number;
  inUse: number;
  waiting: number;
  active: number;
  lockWaits: number;
};

/** Samples the pool and pg_stat_activity every 20 ms until stopped: where the time of a rush goes. */
function sample(admin: pg.Client, handle: DbHandle) {
  const seen: Samples = { n: 0, open: 0, inUse: 0, waiting: 0, active: 0, lockWaits: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const pool = handle.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
      const { rows } = await admin.query<{ active: number; locks: number }>(
        `select count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as locks
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      seen.n += 1;
      seen.open += pool.total;
      seen.inUse += pool.total - pool.idle;
      seen.waiting += pool.waiting;
      seen.active += rows[0]?.active ?? 0;
      seen.lockWaits += rows[0]?.locks ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return seen;
    },
  };
}

function describeSamples(s: Samples): string {
  const avg = (x: number) => (s.n ? x / s.n : 0).toFixed(1);
  return `pool open ${avg(s.open)}, in use ${avg(s.inUse)}, requests waiting for a connection ${avg(s.waiting)}, backends active ${avg(s.active)}, waiting on a lock ${avg(s.lockWaits)} (${s.n} samples)`;
}

/** When the slowest answers were sent (ms into the rush), how many in the first wave; the connections. */
function describeSlowest(r: RushResult): string {
  const sent = r.slowest.map((s) => s.sentAt);
  const firstWave = r.slowest.filter((s) => s.firstWave).length;
  return `${r.slowest.length} answers of ${r.slowest.at(-1)?.latency ?? 0}–${r.slowest[0]?.latency ?? 0} ms, sent ${Math.min(...sent)}–${Math.max(...sent)} ms into the rush (${firstWave} of them among the first ${CONNECTIONS}); ${r.connect.opened} connections opened, p50 ${r.connect.p50} ms, max ${r.connect.max} ms`;
}

/**
 * The server's own time of each request, from its parsed head to the answer's last byte handed to the
 * kernel (the http server's 'request' and the response's 'finish'): what the members' latencies are,
 * without the load generator's side of the loopback. And for the connections a rush opens: how far
 * apart the server accepted them, and the longest wait from a connection's accept to its first request.
 */
function serverTimes(server: Server) {
  const times: number[] = [];
  const accepted: number[] = [];
  let firstWait = 0;
  const acceptedAt = new WeakMap<object, number>();
  server.on('connection', (socket: object) => {
    const at = performance.now();
    acceptedAt.set(socket, at);
    accepted.push(at);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const from = performance.now();
    const at = acceptedAt.get(request.socket);
    if (at !== undefined) {
      firstWait = Math.max(firstWait, from - at);
      acceptedAt.delete(request.socket);
    }
    response.once('finish', () => times.push(performance.now() - from));
  });
  return {
    take: () => {
      const sorted = times.splice(0).sort((a, b) => a - b);
      const at = (p: number) => Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0);
      const spread = accepted.length ? Math.max(...accepted) - Math.min(...accepted) : 0;
      const result = {
        n: sorted.length,
        p50: at(0.5),
        p99: at(0.99),
        connections: {
          accepted: accepted.length,
          spreadMs: Math.round(spread),
          firstWaitMs: Math.round(firstWait),
        },
      };
      accepted.length = 0;
      firstWait = 0;
      return result;
    },
  };
}

/** Counts every statement the server's pool sends while `fn` runs (recorded at the driver). */
const countStatements = async (fn: () => Promise<void>) => (await record(fn)).length;

async function main() {
  const databaseUrl = await database();
  const setup = await openDb({ databaseUrl, poolSize: 4 });
  cleanups.push(() => setup.close());
  await setup.migrate();
  if (await isDatabaseEmpty(setup.db)) {
    say('seeding the demo data');
    await seedDemoData(setup.db);
  }
  say(`${MEMBERS + 2} members with tokens`);
  const members = await makeMembers(setup, MEMBERS + 2);
  const [soloA, soloB] = members.splice(MEMBERS, 2);
  const sessions = {
    soloFirstCome: await makeSession(setup, 'first_come'),
    soloLottery: await makeSession(setup, 'lottery'),
    warmUp: await makeSession(setup, 'lottery'),
  };
  const rounds: Array<{ label: string; jobs: boolean; burst: number; firstCome: number; lottery: number }> =
    [];
  for (const [label, jobs] of ROUNDS) {
    rounds.push({
      label,
      jobs,
      burst: await makeSession(setup, 'first_come'),
      firstCome: await makeSession(setup, 'first_come'),
      lottery: await makeSession(setup, 'lottery'),
    });
  }
  await setup.db.execute(sql`vacuum analyze`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_ON_EMPTY: 'false',
    // SEARCH_CACHE_MS=0 runs the server without the kept answers and members' states (decision 063).
    SEARCH_CACHE_MS: process.env.SEARCH_CACHE_MS,
    // DATABASE_POOL_SIZE: the server's pool (production default 10), to measure a rush with another.
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
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
  const served = serverTimes(app.server);
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  say(`server on ${base} (pool ${config.databasePoolSize}, log level warn)`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  cleanups.push(() => admin.end());

  // Round trips of one application, alone (warm: one request first to open the pool's connections).
  await fetch(`${base}/healthz`);
  const applyAlone = async (trainingId: number, member: Member | undefined) => {
    const response = await fetch(`${base}/api/v1/trainings/${trainingId}/enrollments/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${member?.token ?? ''}` },
      body: JSON.stringify({ user_type: ATTENDEE }),
    });
    if (response.status !== 201)
      throw new Error(`apply alone: HTTP ${response.status} ${await response.text()}`);
  };
  // The job runner (the application mails, sent after the answer) is paused while the requests are
  // counted, then its two mails are sent and counted apart.
  await app.deps.jobs.stop();
  const roundTrips = {
    firstCome: await countStatements(() => applyAlone(sessions.soloFirstCome, soloA)),
    lottery: await countStatements(() => applyAlone(sessions.soloLottery, soloB)),
    mails: await countStatements(async () => {
      await app.deps.jobs.runOnce();
    }),
  };
  app.deps.jobs.start();
  say(
    `statements per application: first-come ${roundTrips.firstCome}, lottery ${roundTrips.lottery}; the two application mails afterwards ${roundTrips.mails}`,
  );

  const before = loadAverage();
  say(`load average before the runs: ${before}`);
  const health = await healthz(base);
  say(`/healthz: ${health.requestsPerSecond.toFixed(0)} req/s, p50 ${health.p50} ms, p99 ${health.p99} ms`);

  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the server's thread during the rushes.
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const runs: Array<{
    name: string;
    trainingId: number;
    applicants: number;
    result: RushResult;
    server: ReturnType<ReturnType<typeof serverTimes>['take']>;
  }> = [];
  const samples: Array<{ name: string; seen: Samples }> = [];
  const pauses: Array<{ name: string; paused: Pauses }> = [];
  const drainMail = async () => {
    while ((await app.deps.jobs.runOnce()) > 0);
  };
  // Warm-up: 200 members apply to a lottery session of their own (not measured).
  say('warm-up: 200 applications (not measured)');
  await rush(base, { trainingId: sessions.warmUp, members: members.slice(-200), connections: CONNECTIONS });
  await drainMail();
  const plan = rounds.flatMap((round) => [
    {
      round,
      name: `${round.label}: first-come, 200 members at once, ${CAPACITY} places`,
      trainingId: round.burst,
      count: 200,
    },
    {
      round,
      name: `${round.label}: first-come, ${MEMBERS} members, ${CAPACITY} places`,
      trainingId: round.firstCome,
      count: MEMBERS,
    },
    { round, name: `${round.label}: lottery, ${MEMBERS} members`, trainingId: round.lottery, count: MEMBERS },
  ]);
  for (const run of plan) {
    if (!run.round.jobs) await app.deps.jobs.stop();
    // Each rush starts with no mail left to send from the one before.
    await drainMail();
    const applicants = members.slice(0, run.count);
    say(`rush: ${run.name} (${Math.min(CONNECTIONS, applicants.length)} connections)`);
    const sampling = sample(admin, dbHandle);
    const watching = watchPauses();
    served.take();
    const result = await rush(base, {
      trainingId: run.trainingId,
      members: applicants,
      connections: CONNECTIONS,
    });
    const server = served.take();
    const paused = watching.stop();
    const seen = await sampling.stop();
    pauses.push({ name: run.name, paused });
    say(`  ${describePauses(paused)}`);
    say(`  the slowest 1 %: ${describeSlowest(result)}`);
    say(
      `  the server: answers p50 ${server.p50} ms, p99 ${server.p99} ms; ${server.connections.accepted} connections accepted within ${server.connections.spreadMs} ms, the longest wait from accept to first request ${server.connections.firstWaitMs} ms`,
    );
    if (!run.round.jobs) app.deps.jobs.start();
    samples.push({ name: run.name, seen });
    say(`  sampled every 20 ms: ${describeSamples(seen)}`);
    runs.push({ name: run.name, trainingId: run.trainingId, applicants: applicants.length, result, server });
    say(
      `  ${(result.answered / result.seconds).toFixed(0)} answers/s, p50 ${result.p50} ms, p99 ${result.p99} ms, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`,
    );
  }
  // The session page the members open before applying (GET …/enrollments/detail: loadContext's reads,
  // not changed by decision 046), read by every member once, on the lottery session of round 1.
  await drainMail();
  const pageSession = rounds[0]?.lottery ?? sessions.warmUp;
  say(`read-only: the session page, ${MEMBERS} members`);
  served.take();
  const page = await rush(base, { trainingId: pageSession, members, connections: CONNECTIONS, read: true });
  const pageServer = served.take();
  say(
    `  ${(page.answered / page.seconds).toFixed(0)} answers/s, p50 ${page.p50} ms, p99 ${page.p99} ms, statuses ${JSON.stringify(page.statuses)}`,
  );
  const pageStatements = await countStatements(async () => {
    await fetch(`${base}/api/v1/trainings/${pageSession}/enrollments/detail?user_type=${ATTENDEE}`, {
      headers: { authorization: `Token ${soloA?.token ?? ''}` },
    });
  });
  const after = loadAverage();
  if (profiler && process.env.BENCH_PROFILE) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    say(`CPU profile of the rushes written to ${process.env.BENCH_PROFILE}`);
    profiler.disconnect();
  }

  const cpu = os.cpus();
  const version = await admin.query<{ server_version: string }>('show server_version');
  console.log('\n── Results ──');
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, PostgreSQL ${version.rows[0]?.server_version}`,
  );
  console.log(
    `server: production config, pool ${config.databasePoolSize}, log level warn; load: Node's HTTP client in a worker thread, ${CONNECTIONS} connections opened by each rush, each member once, loopback, same machine`,
  );
  console.log(`load average (1, 5, 15 min): ${before} before the runs, ${after} after`);
  console.log(
    `statements per application (server → PostgreSQL, one member alone, BEGIN/COMMIT included): first-come ${roundTrips.firstCome}, lottery ${roundTrips.lottery}; sending the two application mails afterwards (job runner): ${roundTrips.mails}\n`,
  );
  console.log(
    '| run | applicants | answers/s | p50 (ms) | p99 (ms) | max (ms) | server p50 / p99 (ms) | 201 | 409 | other | ratio to /healthz |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| /healthz, 5 s (autocannon) | – | ${health.requestsPerSecond.toFixed(0)} | ${health.p50} | ${health.p99} | – | – | – | – | – | 1.00 |`,
  );
  {
    const rate = page.answered / page.seconds;
    console.log(
      `| read-only: the session page (GET …/enrollments/detail, ${pageStatements} statements), ${MEMBERS} members | ${MEMBERS} | ${rate.toFixed(0)} | ${page.p50} | ${page.p99} | ${page.max} | ${pageServer.p50} / ${pageServer.p99} | ${page.statuses['200'] ?? 0} (200) | – | ${MEMBERS - (page.statuses['200'] ?? 0)} | ${(rate / health.requestsPerSecond).toFixed(3)} |`,
    );
  }
  let oversold = false;
  const checks: string[] = [];
  for (const run of runs) {
    const r = run.result;
    const created = r.statuses['201'] ?? 0;
    const refused = r.statuses['409'] ?? 0;
    const other = run.applicants - created - refused;
    const rate = r.answered / r.seconds;
    console.log(
      `| ${run.name} | ${run.applicants} | ${rate.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${run.server.p50} / ${run.server.p99} | ${created} | ${refused} | ${other} | ${(rate / health.requestsPerSecond).toFixed(3)} |`,
    );
    const t = await tally(admin, run.trainingId);
    const firstCome = run.name.includes('first-come');
    const ok =
      t.participant <= t.capacity &&
      t.enrollments === created &&
      t.mails === created &&
      (firstCome ? t.won === created && t.participant === created : t.awaiting_lottery === created) &&
      t.steps === created;
    if (!ok) oversold = true;
    checks.push(
      `${run.name}: capacity ${t.capacity}, places taken ${t.participant}, enrolments ${t.enrollments} (won ${t.won}, awaiting the draw ${t.awaiting_lottery}), steps ${t.steps}, application mails ${t.mails}: ${ok ? 'consistent' : 'INCONSISTENT'}`,
    );
  }
  console.log('');
  for (const line of checks) console.log(line);
  console.log(
    "\nDuring each rush, sampled every 20 ms (averages): the server pool's connections in use and requests",
  );
  console.log(
    'waiting for one; PostgreSQL backends of the bench database active, and of those waiting on a lock.',
  );
  for (const { name, seen } of samples) console.log(`${name}: ${describeSamples(seen)}`);
  console.log(
    "\nWhat can pause a rush: the server thread's event loop delay and garbage collection, and the machine's",
  );
  console.log('cores (all processes: the server, the load generator, PostgreSQL; steal is the hypervisor).');
  for (const { name, paused } of pauses) console.log(`${name}: ${describePauses(paused)}`);
  say('done');
  if (oversold) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup();
}
