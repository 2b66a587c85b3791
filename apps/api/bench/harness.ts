/**
 * What the benchmarks share (bench:search, bench:apply): the timestamped log line, the load average,
 * the clean-ups run at the end or on Ctrl-C, and a throwaway PostgreSQL cluster from the machine's
 * binaries (scripts/pg-cluster.mjs), removed at the end.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const started = Date.now();

/** A line of the benchmark's log, with the seconds since it started. */
export const say = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

/** The load average (1, 5, 15 min), printed beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** What to undo at the end, last first (servers, databases, the cluster, temporary folders). */
export const cleanups: Array<() => void | Promise<void>> = [];
export async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`[bench] cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

type Cluster = { url: string; stop: () => void };

/** A throwaway PostgreSQL cluster, stopped and removed by `cleanup`: its admin URL. */
export async function throwawayCluster(): Promise<string> {
  const modulePath = pathToFileURL(path.resolve(here, '../../../scripts/pg-cluster.mjs')).href;
  const { startCluster } = (await import(modulePath)) as {
    startCluster: (options: { log: (line: string) => void }) => Promise<Cluster>;
  };
  const cluster = await startCluster({ log: (line) => say(`PostgreSQL: ${line}`) });
  cleanups.push(() => {
    cluster.stop();
    say('PostgreSQL: throwaway cluster stopped and removed');
  });
  return cluster.url;
}

/** A statement the server sent, with its values; `genericPlans` when its connection keeps generic plans. */
export type Recorded = { text: string; values: unknown[]; genericPlans?: boolean };

/**
 * Records the statements the server sends through node-postgres while `fn` runs (the bench and the
 * server share this process and its pg module), so that pgbench replays exactly those.
 */
export async function record(fn: () => Promise<void>): Promise<Recorded[]> {
  const out: Recorded[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    // The search's pool sets plan_cache_mode at connection (db/client.ts, decision 059).
    const options = (this as { connectionParameters?: { options?: string } }).connectionParameters?.options;
    const genericPlans = options?.includes('plan_cache_mode=force_generic_plan') ?? false;
    if (typeof config === 'string')
      out.push({ text: config, values: Array.isArray(values) ? values : [], genericPlans });
    else if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { text: string; values?: unknown[] };
      out.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []), genericPlans });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return out;
}
