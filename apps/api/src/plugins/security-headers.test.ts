import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob: https:",
  "object-src 'none'",
  "script-src 'self' https://js.stripe.com",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "media-src 'self' blob:",
  "frame-src 'self' https://js.stripe.com https://www.youtube-nocookie.com https://player.vimeo.com",
  "connect-src 'self' https://api.stripe.com",
].join(';');

describe('security headers (helmet, built once)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each([
    ['an answer', 'GET', '/healthz', 200],
    ['a search', 'GET', '/api/v1/trainings?limit=1', 200],
    ['an unknown path', 'GET', '/api/v1/nowhere', 404],
    ['a refused write', 'POST', '/api/v1/users/logout', 401],
  ])('%s carries the same headers, request after request', async (_name, method, url, status) => {
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({ method: method as 'GET' | 'POST', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        'content-security-policy': CSP,
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
