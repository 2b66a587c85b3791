import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { buildApp, type App } from '../app.ts';

describe('the web app behind the API', () => {
  let ctx: TestContext;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>MELS</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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
    for (const url of ['/', '/session/12/4', '/check-in/22.hCoytlSGbxNxJBOgNHM9Vw.iimjU7YqV94KSFkd5v3mDQ']) {
      const response = await get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>MELS</title>');
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

  it('keeps unknown API paths a JSON 404 with a Japanese message', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ meta: { message: string } }>().meta.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
