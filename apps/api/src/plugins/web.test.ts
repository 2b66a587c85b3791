import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { buildApp, type App } from '../app.ts';

const bigScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'item ${i}';`).join('\n');

describe('the web app behind the API', () => {
  let ctx: TestContext;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>MELS</title>');
    // The landing pages prerendered by the web build (apps/web/scripts/prerender.mjs).
    fs.writeFileSync(path.join(dist, 'home.html'), '<!doctype html><title>MELS home</title>');
    fs.writeFileSync(path.join(dist, 'course.html'), '<!doctype html><title>MELS course</title>');
    fs.writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>MELS login</title>');
    // Each drawn in English too (but the course's frame), picked by the language hint.
    fs.writeFileSync(path.join(dist, 'index.en.html'), '<!doctype html><title>MELS en</title>');
    fs.writeFileSync(path.join(dist, 'home.en.html'), '<!doctype html><title>MELS home en</title>');
    fs.writeFileSync(path.join(dist, 'login.en.html'), '<!doctype html><title>MELS login en</title>');
    fs.writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({
        languageHint: 'mels_lang',
        defaultLanguage: 'ja',
        frame: { ja: 'index.html', en: 'index.en.html' },
        pages: [
          { path: '^/$', files: { ja: 'home.html', en: 'home.en.html' } },
          { path: '^/course/[^/]+$', files: { ja: 'course.html' } },
          {
            path: '^(?:/login|/session/[^/]+/[^/]+)/?$',
            flags: 'i',
            visitorOnly: 'mels_signed_in',
            files: { ja: 'login.html', en: 'login.en.html' },
          },
        ],
      }),
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A script worth compressing, and the build's own precompression step run over the folder.
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), bigScript);
    execFileSync(process.execPath, [path.resolve(__dirname, '../../../web/scripts/precompress.mjs'), dist]);
    ctx = await createTestContext('pglite');
    app = await buildApp(
      { ...ctx.deps, config: { ...ctx.deps.config, webDist: dist } },
      {
        logger: false,
        serveWeb: true,
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    app.inject({ method: 'GET', url, headers: { accept } });

  it('answers page routes with index.html, also when the path holds dots (a ticket QR link)', async () => {
    for (const url of [
      '/news/12',
      '/search-result?area=13',
      '/check-in/22.hCoytlSGbxNxJBOgNHM9Vw.iimjU7YqV94KSFkd5v3mDQ',
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>MELS</title>');
    }
  });

  it('answers a prerendered landing page with its own file, revalidated on every visit', async () => {
    for (const [url, title] of [
      ['/', 'MELS home'],
      ['/?lang=en', 'MELS home'],
      ['/course/3', 'MELS course'],
      ['/course/3/extra', 'MELS'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it("answers a visitor's page (the login where one is needed) by the sign-in hint, with Vary: Cookie", async () => {
    const page = (url: string, cookie?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) },
      });
    for (const url of ['/login', '/session/12/4', '/SESSION/12/4/', '/login?next=1']) {
      const visitor = await page(url);
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.body, url).toContain('<title>MELS login</title>');
      expect(String(visitor.headers['vary']).toLowerCase(), url).toContain('cookie');
      expect(visitor.headers['cache-control']).toBe('no-cache');
      for (const cookie of ['mels_signed_in=1', 'a=b; mels_signed_in=1', 'mels_signed_in=']) {
        const member = await page(url, cookie);
        expect(member.body, `${url} ${cookie}`).toContain('<title>MELS</title>');
        expect(String(member.headers['vary']).toLowerCase(), url).toContain('cookie');
      }
      // Another cookie of a similar name is not the hint.
      expect((await page(url, 'x_mels_signed_in=1; mels_signed_in_old=1')).body).toContain('MELS login');
    }
    // Other pages do not depend on it (but on the language's hint).
    const other = await page('/session/12/4/ticket', 'mels_signed_in=1');
    expect(other.body).toContain('<title>MELS</title>');
  });

  it("answers every page in the reader's language by the language hint, Japanese without it", async () => {
    const page = (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    const english = 'a=b; mels_lang=en';
    for (const [url, cookie, title] of [
      ['/', undefined, 'MELS home'],
      ['/', english, 'MELS home en'],
      ['/', 'mels_lang=ja', 'MELS home'],
      ['/login', english, 'MELS login en'],
      ['/session/12/4', `${english}; mels_signed_in=1`, 'MELS en'],
      ['/news/12', english, 'MELS en'],
      ['/news/12', undefined, 'MELS'],
      // A page drawn in Japanese only keeps its file; a language the build did not draw is Japanese.
      ['/course/3', english, 'MELS course'],
      ['/', 'mels_lang=fr', 'MELS home'],
      ['/', 'mels_lang=__proto__', 'MELS home'],
      ['/news/1', 'mels_lang=constructor', 'MELS'],
      ['/', 'x_mels_lang=en', 'MELS home'],
    ] as const) {
      const response = await page(url, cookie);
      expect(response.statusCode, `${url} ${cookie}`).toBe(200);
      expect(response.body, `${url} ${cookie}`).toContain(`<title>${title}</title>`);
      expect(String(response.headers['vary']).toLowerCase(), url).toContain('cookie');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, and a missing asset is a 404, not the page', async () => {
    const asset = await get('/assets/app-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await get('/assets/app-missing.js', '*/*');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends the build-time brotli or gzip copy of a script when asked, with Vary, and the plain file otherwise', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('answers HEAD as GET without the body: a page, a landing page and an asset (monitors, link checkers)', async () => {
    for (const [url, accept, type] of [
      ['/', '*/*', 'text/html'],
      ['/search-result', '*/*', 'text/html'],
      ['/news/12', 'text/html', 'text/html'],
      ['/assets/app-abc123.js', '*/*', 'javascript'],
    ] as const) {
      const head = await app.inject({ method: 'HEAD', url, headers: { accept } });
      const full = await get(url, accept);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toContain(type);
      expect(head.headers['cache-control'], url).toBe(full.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
    const missing = await app.inject({ method: 'HEAD', url: '/assets/app-missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('makes the page revalidate on every visit', async () => {
    const page = await get('/search-result');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON over 1 KB when asked, and leaves a small answer or a client without it alone', async () => {
    const areas = await app.inject({
      method: 'GET',
      url: '/api/v1/areas',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(areas.statusCode).toBe(200);
    expect(areas.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(areas.rawPayload).toString()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(40);

    const gzip = await app.inject({
      method: 'GET',
      url: '/api/v1/areas',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(body);

    const plain = await app.inject({ method: 'GET', url: '/api/v1/areas' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);

    const small = await app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps unknown API paths a JSON 404 with a Japanese message', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ meta: { message: string } }>().meta.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
