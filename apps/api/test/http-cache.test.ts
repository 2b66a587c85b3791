import { areasResponseSchema, trainingsResponseSchema } from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, trainings, users } from '../src/db/schema.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import { AnswerCache, ifNoneMatchHits } from '../src/plugins/http-cache.ts';
import { createTestContext, drivers, type TestContext } from './context.ts';
import { expectBody, get } from './http.ts';

/** Decision 043: ETag, Cache-Control and 304 on the reference lists and the anonymous search. */
describe('If-None-Match comparison', () => {
  it.each([
    [undefined, '"a"', false],
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"a"', 'W/"a"', true],
    ['"b", W/"a"', 'W/"a"', true],
    ['*', '"a"', true],
    ['"b"', '"a"', false],
    ['"ab"', '"a"', false],
  ])('%s against %s → %s', (header, etag, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});

const SEARCH = '/api/v1/trainings?user_type%5B%5D=4&area%5B%5D=13&page=1';

/** A login token of the first seeded member. */
async function seededMemberToken(ctx: TestContext): Promise<string> {
  const [member] = await ctx.deps.db.select({ id: users.id }).from(users).limit(1);
  if (!member) throw new Error('no seeded member');
  const token = generateToken();
  await ctx.deps.db.insert(authTokens).values({
    userId: member.id,
    tokenHash: hashToken(token),
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });
  return token;
}

describe.each(drivers())('HTTP caching of public lists (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    token = await seededMemberToken(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  for (const path of ['/api/v1/areas?limit=50', '/api/v1/user_types', '/api/v1/courses']) {
    it(`${path}: public for 5 minutes, a strong ETag, 304 when it matches`, async () => {
      const first = await get(ctx.app, path);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(String(first.headers.vary)).toContain('Authorization');

      const again = await get(ctx.app, path, { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const other = await get(ctx.app, path, { headers: { 'if-none-match': '"stale"' } });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);

      // A request with a token keeps decision 018's no-store, and gets no tag.
      const member = await get(ctx.app, path, {
        headers: { authorization: `Token ${token}`, 'if-none-match': etag },
      });
      expect(member.statusCode).toBe(200);
      expect(member.headers['cache-control']).toBe('no-store');
      expect(member.headers.etag).toBeUndefined();
    });
  }

  it('another page of a list has another tag; a 400 is not cached', async () => {
    const one = await get(ctx.app, '/api/v1/areas?limit=10&page=1');
    const two = await get(ctx.app, '/api/v1/areas?limit=10&page=2');
    expect(one.headers.etag).not.toBe(two.headers.etag);
    const bad = await get(ctx.app, '/api/v1/areas?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect(String(bad.headers['cache-control'] ?? '')).not.toContain('public');
  });

  it('the anonymous search: public for 30 s, a weak ETag, 304 when it matches', async () => {
    const first = await get(ctx.app, SEARCH);
    const body = expectBody(first, 200, trainingsResponseSchema);
    expect(body.data.length).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(String(first.headers.vary)).toMatch(/Authorization/);
    expect(String(first.headers.vary)).toMatch(/Accept-Language/);

    const again = await get(ctx.app, SEARCH, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const otherFilter = await get(ctx.app, SEARCH.replace('13', '27'), {
      headers: { 'if-none-match': etag },
    });
    expect(otherFilter.statusCode).toBe(200);
  });

  it('a logged-in search is not cached: no-store, no ETag, never 304', async () => {
    const anonymous = await get(ctx.app, SEARCH);
    const etag = String(anonymous.headers.etag);
    for (const authorization of [`Token ${token}`, 'Token not-a-valid-token']) {
      const response = await get(ctx.app, SEARCH, { headers: { authorization, 'if-none-match': etag } });
      expect(response.statusCode, authorization).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      expect(String(response.headers.vary)).toContain('Authorization');
    }
  });

  it('the reference list body still answers its contract', async () => {
    expectBody(await get(ctx.app, '/api/v1/areas?limit=50'), 200, areasResponseSchema);
  });
});

/** Decision 050: the process keeps a visitor's search answer for a few seconds. */
describe('AnswerCache', () => {
  const answer = (payload = '{}') => ({
    payload,
    etag: 'W/"x"',
    contentType: 'application/json; charset=utf-8',
  });
  it.each([
    // [ms after keeping, writes since, found]
    [0, 0, true],
    [4999, 0, true],
    [5000, 0, false],
    [10, 1, false],
  ])('kept at 0 ms, read at %i ms after %i writes: found %s', (after, writes, found) => {
    let now = 1000;
    const cache = new AnswerCache({ ttlMs: 5000, maxEntries: 10, monotonicMs: () => now });
    cache.keep('k', answer(), cache.generation);
    for (let i = 0; i < writes; i++) cache.invalidate();
    now += after;
    expect(cache.find('k') !== undefined).toBe(found);
  });

  it('does not keep an answer computed before a write, nor anything when turned off', () => {
    const cache = new AnswerCache({ ttlMs: 5000, maxEntries: 10 });
    const before = cache.generation;
    cache.invalidate();
    cache.keep('k', answer(), before);
    expect(cache.find('k')).toBeUndefined();
    const off = new AnswerCache({ ttlMs: 0, maxEntries: 10 });
    off.keep('k', answer(), off.generation);
    expect(off.enabled).toBe(false);
    expect(off.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new AnswerCache({ ttlMs: 5000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) cache.keep(key, answer(key), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('d')?.payload).toBe('d');
  });
});

describe.each(drivers())('kept answers of the anonymous search (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { SEARCH_CACHE_MS: '5000' } });
    token = await seededMemberToken(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a visitor gets the kept answer until this process answers a write; a member never does', async () => {
    const first = await get(ctx.app, SEARCH);
    const card = expectBody(first, 200, trainingsResponseSchema).data[0];
    if (!card) throw new Error('no card');
    const renamed = `${card.name}（変更）`;
    // A change this process did not make (another instance, a scheduled job): not seen for a while.
    await ctx.deps.db.update(trainings).set({ name: renamed }).where(eq(trainings.id, card.id));
    const kept = await get(ctx.app, SEARCH);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(first.body);
    expect(kept.headers.etag).toBe(first.headers.etag);
    expect(kept.headers['cache-control']).toBe('public, max-age=30');
    expect(String(kept.headers['content-type'])).toContain('application/json');
    const notModified = await get(ctx.app, SEARCH, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // A request for a fresh answer gets one (and it is kept).
    const reload = await get(ctx.app, SEARCH, { headers: { 'cache-control': 'no-cache' } });
    expect(expectBody(reload, 200, trainingsResponseSchema).data[0]?.name).toBe(renamed);
    expect((await get(ctx.app, SEARCH)).body).toBe(reload.body);
    await ctx.deps.db.update(trainings).set({ name: card.name }).where(eq(trainings.id, card.id));

    // A member's search, and another language's, are not the kept answer.
    const member = await get(ctx.app, SEARCH, { headers: { authorization: `Token ${token}` } });
    expect(expectBody(member, 200, trainingsResponseSchema).data[0]?.name).toBe(card.name);
    const english = await get(ctx.app, SEARCH, { headers: { 'accept-language': 'en' } });
    expect(expectBody(english, 200, trainingsResponseSchema).data[0]?.name).toBe(card.name);

    // A write answered by this process (here a logout) drops every kept answer.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: `Token ${token}` },
    });
    expect(logout.statusCode).toBeLessThan(400);
    const fresh = await get(ctx.app, SEARCH);
    expect(expectBody(fresh, 200, trainingsResponseSchema).data[0]?.name).toBe(card.name);
    expect(fresh.body).not.toBe(reload.body);
  });

  it("keeps neither a refused search nor a failed write's effect on the kept answers", async () => {
    const before = ctx.app.answerCache.size;
    const bad = await get(ctx.app, '/api/v1/trainings?page=0');
    expect(bad.statusCode).toBe(400);
    expect(ctx.app.answerCache.size).toBe(before);
    await get(ctx.app, SEARCH);
    const kept = ctx.app.answerCache.size;
    expect(kept).toBeGreaterThan(0);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout' });
    expect(refused.statusCode).toBe(401);
    expect(ctx.app.answerCache.size).toBe(kept);
  });
});
