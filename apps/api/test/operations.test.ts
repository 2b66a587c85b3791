import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from './context.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** Request ids and GET /metrics (decision 026). */
describe.each(drivers())('request ids and metrics (%s)', (driver) => {
  let ctx: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { METRICS_TOKEN } });
    off = await createTestContext(driver, { seed: false });
  });
  afterAll(async () => {
    await ctx.close();
    await off.close();
  });

  it('answers with a request id: the proxy’s when well formed, else a new one', async () => {
    const given = await ctx.app.inject({
      url: '/api/v1/areas',
      headers: { 'x-request-id': 'nginx-0123456789abcdef' },
    });
    expect(given.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    const fresh = await ctx.app.inject({ url: '/api/v1/areas' });
    const other = await ctx.app.inject({ url: '/api/v1/areas' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    // A header that could forge log lines is not taken.
    const forged = await ctx.app.inject({ url: '/api/v1/areas', headers: { 'x-request-id': 'a"b\\c{}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await ctx.app.inject({ url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBeTruthy();
  });

  it('GET /metrics needs the bearer token, and does not exist without METRICS_TOKEN', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0000000' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .statusCode,
    ).toBe(404);
  });

  it('reports request durations by route and status, the pool, jobs, mails and payments', async () => {
    await ctx.app.inject({ url: '/api/v1/areas' });
    await ctx.app.inject({ url: '/api/v1/trainings/999999' });
    const response = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(text).toMatch(
      /^mels_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/areas",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(/route="\/api\/v1\/trainings\/:id",status="404"/);
    expect(text).toContain(
      'mels_http_request_duration_seconds_bucket{method="GET",route="/api/v1/areas",status="200",le="+Inf"}',
    );
    expect(text).toMatch(/^mels_db_pool_waiting \d+$/m);
    if (driver === 'postgres') expect(text).toMatch(/^mels_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^mels_jobs_due \d+$/m);
    expect(text).toMatch(/^mels_job_runs_total\{outcome="failed"\} 0$/m);
    expect(text).toContain('# TYPE mels_mail_outbox gauge');
    expect(text).toContain('# TYPE mels_payments gauge');
    // Every sample line is `name{labels} number` or `name number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+-]+$/);
    }
  });
});
