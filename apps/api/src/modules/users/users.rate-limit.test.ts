import { ja } from '@mels/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError } from '../../../test/http.ts';
import type { App } from '../../app.ts';
import { rateLimitHits, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { RATE_BUCKETS } from './users.service.ts';
import {
  buildAppWith,
  createUsersContext,
  PASSWORD,
  postJson,
  registerMember,
  registrationBody,
  uniqueEmail,
} from './users.fixtures.ts';

/** Failures per (address, IP) pair; per IP (generous); the longest wait of an address under attack. */
const LIMIT = 3;
const IP_LIMIT = 6;
const MAX_DELAY_MS = 80;
const REGISTER_LIMIT = 2;
const WINDOW_SECONDS = 600;

describe.each(drivers())('login, registration and reminder throttling (%s)', (driver) => {
  let ctx: TestContext;
  let app: App;
  let ipCounter = 0;
  beforeAll(async () => {
    ctx = await createUsersContext(driver, {
      RATE_LIMIT_LOGIN: String(LIMIT),
      RATE_LIMIT_LOGIN_IP: String(IP_LIMIT),
      RATE_LIMIT_LOGIN_MAX_DELAY_MS: String(MAX_DELAY_MS),
      RATE_LIMIT_REGISTER: String(REGISTER_LIMIT),
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

  /** An IP no other attempt of this file used. */
  const freshIp = () => {
    ipCounter += 1;
    return `2001:db8:2::${ipCounter.toString(16)}`;
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

  it('a stranger hammering an address cannot keep its member out', async () => {
    const member = await registerMember(app);
    const attacker = '198.51.100.66';
    const answers: Record<number, number> = {};
    const tally = (status: number) => (answers[status] = (answers[status] ?? 0) + 1);
    // One IP: refused once its own failures reach the pair limit; its right guess would be refused too.
    for (let i = 0; i < 40; i += 1) tally((await login(member.email, 'Wrong123', attacker)).statusCode);
    expect(answers).toEqual({ 400: LIMIT, 429: 40 - LIMIT });
    expectRateLimited(await login(member.email, PASSWORD, attacker));
    // Many IPs (a botnet): each failure is answered, and slows the address down, never shuts it.
    for (let i = 0; i < 12; i += 1) expect((await login(member.email, 'Wrong123')).statusCode).toBe(400);

    // The member, from an IP that has not failed: in, at worst after the longest wait.
    const started = performance.now();
    const own = await login(member.email, PASSWORD, '203.0.113.10');
    const elapsed = performance.now() - started;
    expect(own.statusCode, own.body).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(MAX_DELAY_MS - 5);
    console.info(
      `[lockout ${driver}] attacker: 40 tries from one IP → ${LIMIT}×400, ${40 - LIMIT}×429; 12 from 12 IPs → 12×400; member from own IP → ${own.statusCode} in ${Math.round(elapsed)} ms`,
    );
  });

  it('slows an address down progressively once it has failed more than five times, without refusing it', async () => {
    const member = await registerMember(app);
    const timed = async (password: string) => {
      const started = performance.now();
      const response = await login(member.email, password);
      return { status: response.statusCode, ms: performance.now() - started };
    };
    const free = [];
    for (let i = 0; i < 5; i += 1) free.push(await timed('Wrong123'));
    const slowed = await timed('Wrong123');
    expect(free.every((r) => r.status === 400)).toBe(true);
    expect(slowed.status).toBe(400);
    expect(slowed.ms).toBeGreaterThanOrEqual(MAX_DELAY_MS - 5);
    const right = await timed(PASSWORD);
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(MAX_DELAY_MS - 5);
  });

  it('lets every member behind one hospital NAT in although several of them mistyped', async () => {
    const nat = '203.0.113.200';
    const members = [];
    for (let i = 0; i < IP_LIMIT - 1; i += 1) members.push(await registerMember(app));
    for (const m of members) expect((await login(m.email, 'Wrong123', nat)).statusCode).toBe(400);
    for (const m of members) expect((await login(m.email, PASSWORD, nat)).statusCode).toBe(200);
  });

  it(`refuses an IP once it has failed ${IP_LIMIT} times, whatever the addresses (password spraying)`, async () => {
    const ip = freshIp();
    for (let i = 0; i < IP_LIMIT; i += 1)
      expect((await login(uniqueEmail('spray'), 'Wrong123', ip)).statusCode).toBe(400);
    expectRateLimited(await login(uniqueEmail('spray'), 'Wrong123', ip));
    // Another IP is not affected.
    expect((await login(uniqueEmail('spray'), 'Wrong123')).statusCode).toBe(400);
  });

  it('does not count successful logins, and a success clears the pair’s failures', async () => {
    const member = await registerMember(app);
    const ip = freshIp();
    for (let i = 0; i < LIMIT + 2; i += 1)
      expect((await login(member.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT - 1; i += 1)
      expect((await login(member.email, 'Wrong123', ip)).statusCode).toBe(400);
    expect((await login(member.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i += 1)
      expect((await login(member.email, 'Wrong123', ip)).statusCode).toBe(400);
    expectRateLimited(await login(member.email, PASSWORD, ip));
    // The same address typed in capitals is the same address.
    expectRateLimited(await login(member.email.toUpperCase(), PASSWORD, ip));
  });

  it('lets the pair in again once the window has passed, and prunes the old hits', async () => {
    const member = await registerMember(app);
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1)
      expect((await login(member.email, 'Wrong123', ip)).statusCode).toBe(400);
    expectRateLimited(await login(member.email, PASSWORD, ip));
    ctx.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await login(member.email, 'Wrong123', ip)).statusCode).toBe(400);
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

  it('limits reminders per IP as generously as logins', async () => {
    const ip = freshIp();
    for (let i = 0; i < IP_LIMIT; i += 1)
      expect((await forgot(uniqueEmail('many'), ip)).statusCode).toBe(200);
    expectRateLimited(await forgot(uniqueEmail('many'), ip));
  });

  it(`limits registrations to ${REGISTER_LIMIT} per IP in the window; a refused one creates nothing`, async () => {
    const ip = '203.0.113.150';
    const register = (email: string) =>
      postJson(app, '/api/v1/users', registrationBody({ email }), { remoteAddress: ip });
    for (let i = 0; i < REGISTER_LIMIT; i += 1)
      expect((await register(uniqueEmail('burst'))).statusCode).toBe(201);
    const refused = uniqueEmail('burst');
    expectRateLimited(await register(refused));
    const [row] = await ctx.deps.db.select({ n: count() }).from(users).where(eq(users.email, refused));
    expect(row?.n).toBe(0);
    // Another IP registers as before; the window passing frees this one.
    expect(
      (await postJson(app, '/api/v1/users', registrationBody(), { remoteAddress: '203.0.113.151' }))
        .statusCode,
    ).toBe(201);
    ctx.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await register(refused)).statusCode).toBe(201);
  });

  it('shares the counts between two instances on one database', async () => {
    const other = await buildAppWith(ctx, {
      rateLimit: { ...ctx.deps.config.rateLimit, login: LIMIT, windowSeconds: WINDOW_SECONDS },
    });
    try {
      const member = await registerMember(app);
      const ip = freshIp();
      for (let i = 0; i < LIMIT; i += 1) {
        const target = i % 2 === 0 ? app : other;
        const response = await postJson(
          target,
          '/api/v1/users/login',
          { email: member.email, password: 'Wrong123' },
          { remoteAddress: ip },
        );
        expect(response.statusCode).toBe(400);
      }
      const response = await postJson(
        other,
        '/api/v1/users/login',
        { email: member.email, password: PASSWORD },
        { remoteAddress: ip },
      );
      expectRateLimited(response);
    } finally {
      await other.close();
    }
  });
});
