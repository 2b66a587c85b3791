import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operationalCounts } from './metrics.repository.ts';

/**
 * GET /metrics in Prometheus' text format (decision 026): request durations by route and status, the
 * database pool, the job queue, the mail outbox and payment outcomes. Behind a bearer token
 * (METRICS_TOKEN); without one the endpoint does not exist (404), so nothing leaks by default.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { labels: string; counts: number[]; sum: number; count: number };

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelsOf = (labels: Record<string, string | number>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${escapeLabel(String(v))}"`)
    .join(',');

export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  if (!token) return;
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  const durations = new Map<string, Series>();
  const started = process.hrtime.bigint();

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/v1/trainings/:id), never the raw URL: a bounded set of series.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = labelsOf({ method: request.method, route, status: reply.statusCode });
    let series = durations.get(labels);
    if (!series) {
      series = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      durations.set(labels, series);
    }
    const seconds = reply.elapsedTime / 1000;
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound && series) series.counts[i] = (series.counts[i] ?? 0) + 1;
    });
    series.sum += seconds;
    series.count += 1;
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest();
    if (!timingSafeEqual(given, expected)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    const { deps } = app;
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    metric('mels_http_request_duration_seconds', 'histogram', 'HTTP requests by method, route and status.');
    for (const s of durations.values()) {
      BUCKETS.forEach((bound, i) =>
        lines.push(`mels_http_request_duration_seconds_bucket{${s.labels},le="${bound}"} ${s.counts[i]}`),
      );
      lines.push(`mels_http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
      lines.push(`mels_http_request_duration_seconds_sum{${s.labels}} ${s.sum.toFixed(6)}`);
      lines.push(`mels_http_request_duration_seconds_count{${s.labels}} ${s.count}`);
    }

    const pool = deps.dbHandle.poolStats?.();
    metric('mels_db_pool_connections', 'gauge', 'Database pool connections by state (PostgreSQL).');
    if (pool) {
      lines.push(`mels_db_pool_connections{state="in_use"} ${pool.total - pool.idle}`);
      lines.push(`mels_db_pool_connections{state="idle"} ${pool.idle}`);
    }
    metric('mels_db_pool_waiting', 'gauge', 'Requests waiting for a database connection.');
    lines.push(`mels_db_pool_waiting ${pool?.waiting ?? 0}`);

    const jobCounts = deps.jobs.counts();
    metric('mels_job_runs_total', 'counter', 'Jobs this instance ran, by outcome.');
    lines.push(`mels_job_runs_total{outcome="done"} ${jobCounts.done}`);
    lines.push(`mels_job_runs_total{outcome="failed"} ${jobCounts.failed}`);

    const counts = await operationalCounts(deps.db, deps.clock.now());
    metric('mels_jobs', 'gauge', 'Jobs in the queue by status (all instances).');
    for (const r of counts.jobs) lines.push(`mels_jobs{${labelsOf({ status: r.status })}} ${r.n}`);
    metric('mels_jobs_due', 'gauge', 'Pending jobs whose time has come (queue depth).');
    lines.push(`mels_jobs_due ${counts.jobsDue}`);
    metric('mels_mail_outbox', 'gauge', 'Mails by status (queued = pending, failed).');
    for (const r of counts.mails) lines.push(`mels_mail_outbox{${labelsOf({ status: r.status })}} ${r.n}`);
    metric('mels_payments', 'gauge', 'Card payments by gateway and outcome (status).');
    for (const r of counts.payments)
      lines.push(`mels_payments{${labelsOf({ gateway: r.gateway, status: r.status })}} ${r.n}`);

    const memory = process.memoryUsage();
    metric('mels_process_resident_memory_bytes', 'gauge', 'Resident memory of this instance.');
    lines.push(`mels_process_resident_memory_bytes ${memory.rss}`);
    metric('mels_process_uptime_seconds', 'gauge', 'Seconds since this instance started.');
    lines.push(`mels_process_uptime_seconds ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)}`);

    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(`${lines.join('\n')}\n`);
  });
}
