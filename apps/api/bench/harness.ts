/**
 * What the benchmarks share (bench:search, bench:apply): the timestamped log line, the load average,
 * the clean-ups run at the end or on Ctrl-C, and a throwaway PostgreSQL cluster from the machine's
 * binaries (scripts/pg-cluster.mjs), removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
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

type CpuTimes = { busy: number; idle: number; steal: number; total: number };

/** The machine's CPU time so far (Linux /proc/stat, all cores), or null elsewhere. */
function cpuTimes(): CpuTimes | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal …
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy, idle: idle + iowait, steal, total: busy + idle + iowait + steal };
  } catch {
    return null;
  }
}

export type Pauses = {
  /** How much of the time the server thread's event loop was busy (0–1). */
  utilisation: number;
  /** The server thread's longest delay of its event loop (ms), and its 99th percentile. */
  loopMax: number;
  loopP99: number;
  /** Garbage collections on the server thread: count, total and longest pause (ms). */
  gcCount: number;
  gcTotal: number;
  gcMax: number;
  /** Shares of the machine's CPU time (all cores): busy, idle, taken by the hypervisor (steal). */
  busy: number;
  idle: number;
  steal: number;
};

/**
 * Watches what can pause a run, from the thread that calls it (the server's, in bench:apply): the
 * event loop's delay, garbage collection, and how the machine's cores were shared. `stop` answers it.
 */
export function watchPauses(): { stop: () => Pauses } {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc = { count: 0, total: 0, max: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.total += entry.duration;
      gc.max = Math.max(gc.max, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const from = cpuTimes();
  const elu = performance.eventLoopUtilization();
  return {
    stop: () => {
      const utilisation = performance.eventLoopUtilization(elu).utilization;
      loop.disable();
      observer.disconnect();
      const to = cpuTimes();
      const total = from && to ? to.total - from.total || 1 : 1;
      const share = (key: keyof CpuTimes) => (from && to ? (to[key] - from[key]) / total : 0);
      return {
        utilisation,
        loopMax: loop.max / 1e6,
        loopP99: loop.percentile(99) / 1e6,
        gcCount: gc.count,
        gcTotal: gc.total,
        gcMax: gc.max,
        busy: share('busy'),
        idle: share('idle'),
        steal: share('steal'),
      };
    },
  };
}

/** One line for a run's pauses. */
export const describePauses = (p: Pauses) =>
  `server thread busy ${(p.utilisation * 100).toFixed(0)} %, event loop delay p99 ${p.loopP99.toFixed(0)} ms, max ${p.loopMax.toFixed(0)} ms; GC ${p.gcCount}× ${p.gcTotal.toFixed(0)} ms, longest ${p.gcMax.toFixed(1)} ms; cores busy ${(p.busy * 100).toFixed(0)} %, idle ${(p.idle * 100).toFixed(0)} %, steal ${(p.steal * 100).toFixed(1)} %`;

type Cluster = { url: string; stop: () => void };

/** A throwaway PostgreSQL cluster, stopped and removed by `cleanup`: its admin URL. */
export async function throwawayCluster(): Promise<string> {
  const modulePath = pathToFileURL(path.resolve(here, '../../../scripts/pg-cluster.mjs')).href;
  const { startCluster } = (await import(modulePath)) as {
    startCluster: (options: { log: (line: string) => void; settings?: string[] }) => Promise<Cluster>;
  };
  const cluster = await startCluster({
    log: (line) => say(`PostgreSQL: ${line}`),
    // As docs/deploy.md recommends: tables that grow fast are analysed within seconds, so prepared reads
    // do not keep a plan made for an empty table (bench:apply on a fresh database).
    settings: ["autovacuum_naptime = '10s'"],
  });
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
