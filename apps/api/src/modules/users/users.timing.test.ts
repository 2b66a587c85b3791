import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../../test/context.ts';
import { eq } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema.ts';
import { pendingJobs } from '../../lib/jobs.ts';
import { configurePasswordHashing } from '../../lib/password.ts';
import { PASSWORD_RESET_JOB } from './users.service.ts';
import { createUsersContext, outboxFor, postJson, registerMember, uniqueEmail } from './users.fixtures.ts';

/**
 * Mann–Whitney U test, two-sided, normal approximation with the tie correction (fine for n ≥ 20).
 * Returns U of the first sample and the p-value of "both samples come from one distribution".
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): { u: number; p: number } {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.v === all[i]?.v) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) ranks[k] = rank;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    i = j + 1;
  }
  let rankSumA = 0;
  all.forEach((x, i) => {
    if (x.g === 0) rankSumA += ranks[i] ?? 0;
  });
  const n1 = a.length;
  const n2 = b.length;
  const n = n1 + n2;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  const z = variance > 0 ? (Math.abs(u - mean) - 0.5) / Math.sqrt(variance) : 0;
  return { u, p: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))) };
}

/** Φ(x) by the Abramowitz–Stegun 7.1.26 approximation of erf (error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

describe('mannWhitneyU', () => {
  it('finds no difference between two samples of one distribution, and a clear one between shifted samples', () => {
    const same = Array.from({ length: 100 }, (_, i) => (i * 37) % 100);
    expect(mannWhitneyU(same, [...same].reverse()).p).toBeGreaterThan(0.9);
    const shifted = same.map((v) => v + 30);
    expect(mannWhitneyU(same, shifted).p).toBeLessThan(1e-6);
    // (1,2,3,5) against (4,6,7,8): U = 1; exact two-sided p = 4/70 ≈ 0.057, approximated ≈ 0.061.
    const small = mannWhitneyU([1, 2, 3, 5], [4, 6, 7, 8]);
    expect(small.u).toBe(1);
    expect(small.p).toBeGreaterThan(0.05);
  });
});

const CALLS = 100;

describe.each(drivers())('answer times that tell nothing about an address (%s)', (driver) => {
  let ctx: TestContext;
  let ipCounter = 0;
  beforeAll(async () => {
    ctx = await createUsersContext(driver, {
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_LOGIN_IP: '10000',
      RATE_LIMIT_LOGIN_MAX_DELAY_MS: '0',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => configurePasswordHashing(ctx.deps.config.passwordHashLogN));

  const timed = async (url: string, payload: Record<string, unknown>) => {
    ipCounter += 1;
    const started = performance.now();
    const response = await postJson(ctx.app, url, payload, {
      remoteAddress: `2001:db8:5::${ipCounter.toString(16)}`,
    });
    const ms = performance.now() - started;
    expect(response.statusCode, response.body).toBeLessThan(500);
    return { ms, body: response.body, status: response.statusCode };
  };

  it('forgot-password does the same work before answering for a known and an unknown address: one queued job', async () => {
    const member = await registerMember(ctx.app);
    const unknown = uniqueEmail('nobody');
    const tokensOf = async () =>
      (
        await ctx.deps.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, member.user.id))
      ).length;
    await ctx.deps.jobs.runOnce();
    const queued = await pendingJobs(ctx.deps.db, PASSWORD_RESET_JOB);
    for (const email of [member.email, unknown]) {
      expect((await timed('/api/v1/users/forgot-password', { email })).status).toBe(200);
    }
    // Answered: nothing written for either address yet, one job each.
    expect(await tokensOf()).toBe(0);
    expect(await outboxFor(ctx, member.email)).toHaveLength(1); // the registration notice only
    expect(await pendingJobs(ctx.deps.db, PASSWORD_RESET_JOB)).toBe(queued + 2);
    // The jobs: a token and a mail for the member, nothing for the unknown address.
    expect(await ctx.deps.jobs.runOnce()).toBe(2);
    expect(await tokensOf()).toBe(1);
    expect((await outboxFor(ctx, member.email)).at(-1)?.subject).toContain('パスワード再設定');
    expect(await outboxFor(ctx, unknown)).toHaveLength(0);
  });

  it(`forgot-password answers a known and an unknown address in times a Mann–Whitney test cannot tell apart (${CALLS} calls each)`, async () => {
    const member = await registerMember(ctx.app);
    const unknown = uniqueEmail('nobody');
    const call = (email: string) => timed('/api/v1/users/forgot-password', { email });
    for (let i = 0; i < 10; i += 1) {
      await call(member.email);
      await call(unknown);
    }
    const known: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      // Alternate which goes first, so that drift of the machine falls on both alike.
      const order = i % 2 === 0 ? [member.email, unknown] : [unknown, member.email];
      for (const email of order) {
        const answer = await call(email);
        expect(answer.status).toBe(200);
        (email === unknown ? ghost : known).push(answer.ms);
      }
    }
    const { u, p } = mannWhitneyU(known, ghost);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]?.toFixed(2);
    console.info(
      `[forgot-password timing ${driver}] known median ${median(known)} ms, unknown median ${median(ghost)} ms, U=${u}, p=${p.toFixed(4)}`,
    );
    expect(p).toBeGreaterThanOrEqual(0.01);
  });

  it('checks an unknown address against a hash of the current PASSWORD_HASH_COST, also after it changes', async () => {
    // A first unknown login at the suite's cost (2^12) …
    expect(
      (await timed('/api/v1/users/login', { email: uniqueEmail('ghost'), password: 'Wrong123' })).status,
    ).toBe(400);
    // … then the cost is raised (2^15, eight times the work) and a member's hash has the new cost.
    configurePasswordHashing(15);
    const member = await registerMember(ctx.app);
    // Interleaved, so that a change in the machine's load falls on both alike; the median of each.
    const ghostEmail = uniqueEmail('ghost');
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const order = i % 2 === 0 ? [ghostEmail, member.email] : [member.email, ghostEmail];
      for (const email of order) {
        const answer = await timed('/api/v1/users/login', { email, password: 'Wrong123' });
        expect(answer.status).toBe(400);
        (email === ghostEmail ? unknownTimes : knownTimes).push(answer.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const unknownMs = median(unknownTimes);
    const knownMs = median(knownTimes);
    console.info(
      `[dummy hash ${driver}] wrong password at 2^15: known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`,
    );
    // A dummy hash left at 2^12 answers in about an eighth of the time.
    expect(unknownMs).toBeGreaterThan(knownMs * 0.5);
  });
});
