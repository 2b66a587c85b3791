/**
 * Database outage (issue 12): when the database is down, database routes answer 503 with a Japanese
 * message and Retry-After, not 500; a stalled database does not hang requests (connection, statement and
 * pool-acquire timeouts), and /readyz answers 503 within 2 s while the database is frozen. The freeze is a
 * TCP proxy that stops passing bytes (test/stalling-proxy.ts): the shared server is never stopped.
 */
import net from 'node:net';
import { ja } from '@mels/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openDb, type DbHandle, type DbTimeouts } from '../src/db/client.ts';
import { deriveKey, type SigningKeys } from '../src/lib/app-secrets.ts';
import { createTestContext, drivers, type TestContext } from './context.ts';
import { expectError, type Response } from './http.ts';
import { startStallingProxy, type StallingProxy } from './stalling-proxy.ts';

const TIMEOUTS: DbTimeouts = { connectMs: 500, acquireMs: 700, statementMs: 1000 };

/**
 * The app of the context, rebuilt on another database handle. Its signing keys come from the context (as
 * APP_SECRET would give them): the database that is gone cannot give them, and an instance that started
 * before the outage holds them already (decision 026).
 */
async function appOn(ctx: TestContext, handle: DbHandle): Promise<App> {
  const signing: SigningKeys = {
    source: 'env',
    keys: [{ id: 'env', key: deriveKey('outage-test-secret-of-at-least-32-chars') }],
  };
  const app = await buildApp(
    {
      ...ctx.deps,
      config: { ...ctx.deps.config, signing },
      dbHandle: handle,
      db: handle.db,
      mailer: undefined,
      payments: undefined,
    },
    { logger: false },
  );
  await app.ready();
  return app;
}

async function timed(run: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await run();
  return { response, ms: performance.now() - started };
}

function expectUnavailable(response: Response) {
  const body = expectError(response, 503, 'SERVICE_UNAVAILABLE');
  expect(body.meta.message).toBe(ja.errors.unavailable);
  expect(response.headers['retry-after']).toBe('5');
}

const news = (app: App) => app.inject({ method: 'GET', url: '/api/v1/news' });
const ready = (app: App) => app.inject({ method: 'GET', url: '/readyz' });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

describe.each(drivers())('database outage (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a database that is gone answers 503 with Retry-After and a Japanese message, /readyz too', async () => {
    const handle =
      driver === 'postgres'
        ? await openDb({
            databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/mels`,
            poolSize: 2,
            timeouts: TIMEOUTS,
          })
        : await openDb({});
    const app = await appOn(ctx, handle);
    try {
      // The embedded database is in the process: "gone" is a closed one.
      if (driver === 'pglite') await handle.close();
      expectUnavailable(await news(app));
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'attendee@mels.example.jp', password: 'Demo1234' },
      });
      expectUnavailable(login);
      const { response, ms } = await timed(() => ready(app));
      expect(response.statusCode).toBe(503);
      expect(ms).toBeLessThan(2000);
    } finally {
      await app.close();
      if (driver === 'postgres') await handle.close();
    }
  });

  describe.runIf(driver === 'postgres')('a stalled PostgreSQL', () => {
    let proxy: StallingProxy;
    let handle: DbHandle;
    let app: App;
    beforeAll(async () => {
      const url = new URL(ctx.deps.config.databaseUrl ?? '');
      proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port) });
      url.port = String(proxy.port);
      handle = await openDb({ databaseUrl: url.toString(), poolSize: 3, timeouts: TIMEOUTS });
      app = await appOn(ctx, handle);
    });
    afterAll(async () => {
      await app?.close();
      proxy?.thaw();
      await handle?.close();
      await proxy?.close();
    });

    it('/readyz answers 503 within 2 s and routes 503 within the timeouts while it is frozen; it recovers', async () => {
      expect((await ready(app)).statusCode).toBe(200);
      expect((await news(app)).statusCode).toBe(200);

      const whileFrozen = async () => {
        const probe = await timed(() => ready(app));
        expect(probe.response.statusCode).toBe(503);
        expect(probe.ms).toBeLessThan(2000);

        // More requests than connections: the open ones time out (query), the others wait for a free
        // connection (acquire) or open a new one (connect); none hangs, none is a 500.
        const started = performance.now();
        const responses = await Promise.all(Array.from({ length: 6 }, () => news(app)));
        const elapsed = performance.now() - started;
        for (const response of responses) expectUnavailable(response);
        expect(elapsed).toBeLessThan(TIMEOUTS.statementMs + 1000 + TIMEOUTS.acquireMs + 2000);
      };
      proxy.freeze();
      try {
        await whileFrozen();
      } finally {
        proxy.thaw();
      }
      let answer = await ready(app);
      for (let i = 0; i < 20 && answer.statusCode !== 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await ready(app);
      }
      expect(answer.statusCode).toBe(200);
      expect((await news(app)).statusCode).toBe(200);
    }, 30_000);

    it('a statement held up by a lock is cancelled after the statement timeout: 503, not a hang', async () => {
      const locker = new pg.Client({ connectionString: ctx.deps.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table news in access exclusive mode');
        const { response, ms } = await timed(() => news(app));
        expectUnavailable(response);
        expect(ms).toBeGreaterThanOrEqual(TIMEOUTS.statementMs - 100);
        expect(ms).toBeLessThan(TIMEOUTS.statementMs + 1500);
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await locker.end();
      }
      expect((await news(app)).statusCode).toBe(200);
    }, 30_000);
  });
});
