import { areasResponseSchema, trainingsResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../src/db/schema.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import { ifNoneMatchHits } from '../src/plugins/http-cache.ts';
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

describe.each(drivers())('HTTP caching of public lists (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const [member] = await ctx.deps.db.select({ id: users.id }).from(users).limit(1);
    if (!member) throw new Error('no seeded member');
    token = generateToken();
    await ctx.deps.db.insert(authTokens).values({
      userId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
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
