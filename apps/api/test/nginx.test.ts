import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDb, type DbHandle } from '../src/db/client.ts';
import { enrollments, jobs, mailOutbox, users } from '../src/db/schema.ts';
import { makeSession } from '../src/modules/enrollments/enrollments.fixtures.ts';
import { multipartBody, PASSWORD, registrationBody } from '../src/modules/users/users.fixtures.ts';
import type { TestContext } from './context.ts';
import { createDatabase, dropDatabase, TEST_NOW, uniqueDatabaseName } from './databases.ts';
import { writeLocalNginx } from '../../../scripts/local-nginx.mjs';

/**
 * Several instances behind nginx (issue 19, decision 026): two API processes on one PostgreSQL behind
 * deploy/nginx.conf (round robin), a member walked through registration, avatar upload, application,
 * card payment (sandbox), ticket and the office's check-in with consecutive requests on different
 * instances; each job runs once; rate limits count across instances, per client address taken from
 * the proxy's X-Forwarded-For (TRUST_PROXY). Needs nginx (npm test installs it as root) and PostgreSQL.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const adminUrl = process.env.TEST_DATABASE_URL;
const hasNginx = fs.existsSync(nginxBin);
const METRICS_TOKEN = 'nginx-test-metrics-token';
const REGISTER_LIMIT = 3;

if (!hasNginx) {
  console.warn(
    `[nginx test] skipped: no nginx at ${nginxBin} (npm test installs it as root: apt-get install -y nginx)`,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies of many endpoints, read field by field
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: () => any };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

describe.skipIf(!hasNginx || !adminUrl)('two instances behind nginx on one PostgreSQL', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-nginx-'));
  const dbName = uniqueDatabaseName('test');
  const children: ChildProcess[] = [];
  let databaseUrl = '';
  let handle: DbHandle;
  let nginxPort = 0;
  const instancePorts: number[] = [];
  const stats = { requests: 0, failures: 0 };
  const upstreams: string[] = [];

  /** One request through nginx, from a client address of our choosing (127.0.0.x). */
  function request(
    method: string,
    url: string,
    options: {
      token?: string;
      json?: unknown;
      body?: Buffer;
      headers?: Record<string, string>;
      from?: string;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: Buffer | undefined = options.body;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Token ${options.token}`;
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: nginxPort,
          method,
          path: url,
          headers,
          localAddress: options.from ?? '127.0.0.1',
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => {
            const body = Buffer.concat(parts);
            stats.requests += 1;
            if ((res.statusCode ?? 500) >= 500) {
              stats.failures += 1;
              console.warn(
                `[nginx test] ${method} ${url}: ${res.statusCode} ${body.toString().slice(0, 300)}`,
              );
            }
            upstreams.push(String(res.headers['x-upstream'] ?? ''));
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              json: () => JSON.parse(body.toString()),
            });
          });
        },
      );
      req.on('error', (error) => {
        stats.requests += 1;
        stats.failures += 1;
        reject(error);
      });
      req.end(payload);
    });
  }

  function startInstance(port: number): Promise<void> {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '4',
        DATA_DIR: path.join(work, `instance-${port}`),
        WEB_DIST: path.join(work, 'no-web'),
        SEED_ON_EMPTY: 'false',
        TEST_CLOCK: TEST_NOW,
        TRUST_PROXY: '127.0.0.1',
        PASSWORD_HASH_COST: '12',
        RATE_LIMIT_REGISTER: String(REGISTER_LIMIT),
        METRICS_TOKEN,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'http://portal.test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`instance ${port} did not start:\n${output}`)),
        120_000,
      );
      child.stdout?.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('MELS Portal is running')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => reject(new Error(`instance ${port} exited (${code}):\n${output}`)));
    });
  }

  /** deploy/nginx.conf as shipped, with our ports, inside a main configuration of its own. */
  async function startNginx() {
    const prefix = path.join(work, 'nginx');
    fs.mkdirSync(prefix, { recursive: true });
    fs.chmodSync(work, 0o755);
    const args = writeLocalNginx({
      prefix,
      upstreams: instancePorts.map((p) => `127.0.0.1:${p}`),
      listen: `listen 127.0.0.1:${nginxPort};`,
      // Which instance answered, for this test only.
      serverLines: ['add_header X-Upstream $upstream_addr always;'],
    });
    const check = spawnSync(nginxBin, ['-t', ...args], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    const child = spawn(nginxBin, args, { stdio: 'ignore' });
    children.push(child);
    for (let i = 0; i < 100; i += 1) {
      try {
        await request('GET', '/healthz');
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('nginx did not start');
  }

  beforeAll(async () => {
    const template = (() => {
      try {
        return inject('postgresTemplate');
      } catch {
        return null;
      }
    })();
    if (!template) throw new Error('the seeded PostgreSQL template of the global setup is needed');
    databaseUrl = await createDatabase(adminUrl ?? '', dbName, template);
    handle = await openDb({ databaseUrl, poolSize: 2 });
    instancePorts.push(await freePort(), await freePort());
    nginxPort = await freePort();
    // Both at once: the second waits for the first's migrations (advisory lock).
    await Promise.all(instancePorts.map((port) => startInstance(port)));
    await startNginx();
    // Count the test's own requests only, not nginx's start-up probes.
    Object.assign(stats, { requests: 0, failures: 0 });
    upstreams.length = 0;
  }, 180_000);

  afterAll(async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve(undefined);
          }, 5000);
          child.on('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
    }
    await handle?.close();
    if (adminUrl) await dropDatabase(adminUrl, dbName).catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
    console.log(
      `[nginx test] ${stats.requests} requests through nginx, ${stats.failures} failed (5xx or refused)`,
    );
  });

  /** Asserts that the last two requests were served by different instances. */
  const alternated = () => {
    const [a, b] = upstreams.slice(-2);
    expect(a).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(b).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(a).not.toBe(b);
  };

  it('walks a member from registration to the office check-in, request by request on alternating instances', async () => {
    const session = await makeSession({ deps: { db: handle.db } } as unknown as TestContext, {
      price: 8000,
      paymentMethods: [1],
      eventDate: '2026-11-22',
      start: '18:00:00',
      end: '20:00:00',
    });

    // Registration (instance 1) and the profile read back (instance 2): the token is in the database.
    const form = registrationBody({ email: `nginx-${Date.now()}@example.jp` });
    const registered = await request('POST', '/api/v1/users', { json: form, from: '127.0.0.2' });
    expect(registered.status, registered.body.toString()).toBe(201);
    expect(registered.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id
    const token: string = registered.json().data.token;
    const me = await request('GET', '/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    alternated();

    // Avatar uploaded through one instance, read back through the other (files in PostgreSQL).
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody({ district: '港区芝公園' }, [
      { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: png },
    ]);
    const updated = await request('POST', '/api/v1/users/update', { token, body: payload, headers });
    expect(updated.status, updated.body.toString()).toBe(200);
    const avatarUrl: string = updated.json().data.avatar;
    const pictures = [await request('GET', avatarUrl), await request('GET', avatarUrl)];
    alternated();
    for (const picture of pictures) {
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
    }
    expect(pictures[0]?.body.equals(pictures[1]?.body ?? Buffer.alloc(0))).toBe(true);

    // Application, then the card payment of the session fee (sandbox gateway).
    const base = `/api/v1/trainings/${session.id}/enrollments`;
    const applied = await request('POST', `${base}/user`, { token, json: { user_type: 4 } });
    expect(applied.status, applied.body.toString()).toBeLessThan(300);
    const fee = { object_type: 2, object_id: session.id };
    const intentAnswer = await request('POST', '/api/v1/payments/stripe/create-payment-intent', {
      token,
      json: fee,
    });
    expect(intentAnswer.status, intentAnswer.body.toString()).toBe(200);
    const intent = intentAnswer.json().data;
    expect(intent.amount).toBe(8000);
    const confirmed = await request('POST', '/api/v1/payments/sandbox/confirm', {
      json: {
        client_secret: intent.clientSecret,
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        email: 'card@example.jp',
      },
    });
    expect(confirmed.status, confirmed.body.toString()).toBe(200);
    alternated();
    const order = await request('POST', '/api/v1/payments/stripe/create-payment-order', {
      token,
      json: { ...fee, payment_intent_id: intent.paymentIntentId },
    });
    expect(order.status, order.body.toString()).toBe(200);

    // The ticket signed by one instance is checked in by the office on the other (shared secret).
    const office = await request('POST', '/api/v1/users/login', {
      json: { email: 'office@mels.example.jp', password: 'Demo1234' },
    });
    expect(office.status).toBe(200);
    const ticket = await request('GET', `${base}/ticket?user_type=4`, { token });
    expect(ticket.status, ticket.body.toString()).toBe(200);
    const attendanceCode: string = ticket.json().data.attendance_code;
    const checkIn = await request('POST', '/api/v1/office/check-in', {
      token: office.json().data.token,
      json: { code: attendanceCode, training_id: session.id },
    });
    expect(checkIn.status, checkIn.body.toString()).toBe(200);
    alternated();
    const [enrolment] = await handle.db
      .select({ checkedInAt: enrollments.checkedInAt })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(and(eq(users.email, String(form.email)), eq(enrollments.trainingId, session.id)));
    expect(enrolment?.checkedInAt).toBeTruthy();
    // Login once more, to show the member's password works on either instance.
    expect(
      (await request('POST', '/api/v1/users/login', { json: { email: form.email, password: PASSWORD } }))
        .status,
    ).toBe(200);
  });

  /** Jobs the instances ran (done), from their /metrics, added up. */
  async function jobsRan(): Promise<number> {
    let ran = 0;
    for (const port of instancePorts) {
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/metrics',
              headers: { authorization: `Bearer ${METRICS_TOKEN}` },
            },
            (res) => {
              let body = '';
              res.on('data', (d: Buffer) => (body += d.toString()));
              res.on('end', () => resolve(body));
            },
          )
          .on('error', reject);
      });
      ran += Number(/^mels_job_runs_total\{outcome="done"\} (\d+)$/m.exec(text)?.[1] ?? 'NaN');
    }
    return ran;
  }
  const doneJobs = async () =>
    (
      await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.status, 'done'))
    )[0]?.n ?? 0;

  it('runs each job once across the instances', async () => {
    const [{ before = 0 } = {}] = await handle.db
      .select({ before: sql<number>`coalesce(max(${jobs.id}), 0)::int` })
      .from(jobs);
    const [ranBefore, doneBefore] = [await jobsRan(), await doneJobs()];
    const [{ mailBefore = 0 } = {}] = await handle.db
      .select({ mailBefore: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` })
      .from(mailOutbox);
    const addresses = ['attendee@mels.example.jp', 'assistant@mels.example.jp', 'instructor@mels.example.jp'];
    for (let i = 0; i < 6; i += 1) {
      const answer = await request('POST', '/api/v1/users/forgot-password', {
        json: { email: addresses[i % addresses.length] },
        from: `127.0.0.${10 + i}`,
      });
      expect(answer.status, answer.body.toString()).toBe(200);
    }
    // Both runners poll the one jobs table (FOR UPDATE SKIP LOCKED): wait until all are done and their
    // mails written (a job's mail goes out after its commit).
    let mine: Array<{ status: string; attempts: number }> = [];
    let mails: Array<{ to: string; n: number }> = [];
    for (let i = 0; i < 150; i += 1) {
      mine = await handle.db
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(gt(jobs.id, before));
      mails = await handle.db
        .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(gt(mailOutbox.id, mailBefore))
        .groupBy(mailOutbox.toAddress);
      const settled = mine.length >= 6 && mine.every((j) => j.status === 'done');
      if (settled && mails.reduce((sum, m) => sum + m.n, 0) >= 6) break;
      await sleep(200);
    }
    expect(mine.length).toBeGreaterThanOrEqual(6);
    expect(mine.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    // Each reminder mailed once: two requests per address, two mails, no more.
    await sleep(500);
    mails = await handle.db
      .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(gt(mailOutbox.id, mailBefore))
      .groupBy(mailOutbox.toAddress);
    for (const address of addresses) expect(mails.find((m) => m.to === address)?.n).toBe(2);
    // The instances' own counts: together, as many runs as jobs done (none ran twice).
    expect((await jobsRan()) - ranBefore).toBe((await doneJobs()) - doneBefore);
  });

  it('counts the registration limit across instances, per client address from X-Forwarded-For', async () => {
    const register = (from: string) =>
      request('POST', '/api/v1/users', {
        json: registrationBody({ email: `limit-${Date.now()}-${Math.random()}@example.jp` }),
        from,
      });
    // 127.0.0.2 registered once in the journey; two more reach the limit, alternating instances.
    expect((await register('127.0.0.2')).status).toBe(201);
    expect((await register('127.0.0.2')).status).toBe(201);
    alternated();
    const refused = await register('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another client behind the same nginx is not counted with it.
    expect((await register('127.0.0.3')).status).toBe(201);
    expect(stats.failures).toBe(0);
  });
});
