import { ja } from '@mels/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError } from '../../../test/http.ts';
import type { App } from '../../app.ts';
import { rateLimitHits } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { RATE_BUCKETS } from './users.service.ts';
import {
  buildAppWith,
  createUsersContext,
  PASSWORD,
  postJson,
  registerMember,
  uniqueEmail,
} from './users.fixtures.ts';

const LIMIT = 3;
const WINDOW_SECONDS = 600;

describe.each(drivers())('login and reminder rate limits (%s)', (driver) => {
  let ctx: TestContext;
  let app: App;
  let ipCounter = 0;
  beforeAll(async () => {
    ctx = await createUsersContext(driver, {
      RATE_LIMIT_LOGIN: String(LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    ctx.clock.set(TEST_NOW);
  });

  const freshIp = () => {
    ipCounter += 1;
    return `192.0.2.${ipCounter}`;
  };
  const login = (email: string, password: string, ip = freshIp()) =>
    postJson(app, '/api/v1/users/login', { email, password }, { remoteAddress: ip });
  const forgot = (email: string, ip = freshIp()) =>
    postJson(app, '/api/v1/users/forgot-password', { email }, { remoteAddress: ip });

  function expectRateLimited(response: Awaited<ReturnType<typeof login>>) {
    const body = expectError(response, 429, 'RATE_LIMITED');
    expect(body.meta.message).toBe(ja.errors.rateLimited);
    expect(body.meta.message).toBe('試行回数が多すぎます。しばらく時間をおいてから再度お試しください。');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  }

  it(`refuses a 4th failed login for one address within the window (limit ${LIMIT}), even with the right password`, async () => {
    const member = await registerMember(app);
    for (let i = 0; i < LIMIT; i += 1) expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);
    expectRateLimited(await login(member.email, 'Wrong123'));
    expectRateLimited(await login(member.email, PASSWORD));
    // The same address typed in capitals is the same address.
    expectRateLimited(await login(member.email.toUpperCase(), PASSWORD));
  });

  it('refuses a 4th failed login from one IP, whatever the addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1)
      expect((await login(uniqueEmail('spray'), 'Wrong123', ip)).statusCode).toBe(400);
    expectRateLimited(await login(uniqueEmail('spray'), 'Wrong123', ip));
    // Another IP is not affected.
    expect((await login(uniqueEmail('spray'), 'Wrong123')).statusCode).toBe(400);
  });

  it('does not count successful logins, and a success clears the address’s failures', async () => {
    const member = await registerMember(app);
    const ip = freshIp();
    for (let i = 0; i < LIMIT + 2; i += 1)
      expect((await login(member.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT - 1; i += 1)
      expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i += 1) expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);
    expectRateLimited(await login(member.email, PASSWORD));
  });

  it('lets the address in again once the window has passed, and prunes the old hits', async () => {
    const member = await registerMember(app);
    for (let i = 0; i < LIMIT; i += 1) expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);
    expectRateLimited(await login(member.email, PASSWORD));
    ctx.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);
    const [row] = await ctx.deps.db
      .select({ n: count() })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.bucket, RATE_BUCKETS.loginEmail),
          eq(rateLimitHits.key, hashToken(member.email.toLowerCase())),
        ),
      );
    expect(row?.n).toBe(1);
  });

  it('stores the keys hashed, never the address or the IP', async () => {
    const email = uniqueEmail('hashed');
    await login(email, 'Wrong123', '198.51.100.77');
    const rows = await ctx.deps.db.select().from(rateLimitHits);
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.77');
  });

  it('limits reminders per address, registered or not, with the same answers', async () => {
    const member = await registerMember(app);
    const unknown = uniqueEmail('ghost');
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await forgot(member.email)).statusCode).toBe(200);
      expect((await forgot(unknown)).statusCode).toBe(200);
    }
    const known = await forgot(member.email);
    const ghost = await forgot(unknown);
    expectRateLimited(known);
    expectRateLimited(ghost);
    expect(ghost.json()).toEqual(known.json());
  });

  it('limits reminders per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1) expect((await forgot(uniqueEmail('many'), ip)).statusCode).toBe(200);
    expectRateLimited(await forgot(uniqueEmail('many'), ip));
  });

  it('shares the counts between two instances on one database', async () => {
    const other = await buildAppWith(ctx, { rateLimit: { login: LIMIT, windowSeconds: WINDOW_SECONDS } });
    try {
      const member = await registerMember(app);
      for (let i = 0; i < LIMIT; i += 1) {
        const target = i % 2 === 0 ? app : other;
        const response = await postJson(
          target,
          '/api/v1/users/login',
          { email: member.email, password: 'Wrong123' },
          { remoteAddress: freshIp() },
        );
        expect(response.statusCode).toBe(400);
      }
      const response = await postJson(
        other,
        '/api/v1/users/login',
        { email: member.email, password: PASSWORD },
        { remoteAddress: freshIp() },
      );
      expectRateLimited(response);
    } finally {
      await other.close();
    }
  });
});
