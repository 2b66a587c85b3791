import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DriverName, Executor, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/**
 * What a job does. It runs inside the transaction that holds the job's row; what it returns runs
 * after the commit (mail), so a rollback never leaves a mail for work that did not happen.
 */
export type JobHandler = (tx: Tx, payload: Record<string, unknown>) => Promise<(() => Promise<void>) | void>;

export type JobRunner = {
  register: (kind: string, handler: JobHandler) => void;
  /** Runs the jobs due now, one by one; resolves to how many ran (done or failed). */
  runOnce: () => Promise<number>;
  /** Jobs that ran (done) and failed (attempt failed) in this process since it started (/metrics). */
  counts: () => { done: number; failed: number };
  start: (intervalMs?: number) => void;
  /** Once started: runs the due jobs on the next turn of the event loop, without waiting for the poll. */
  nudge: () => void;
  stop: () => Promise<void>;
};

export const MAX_JOB_ATTEMPTS = 5;

/** Minutes to wait before attempt n+1: 1, 2, 4, 8… capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** Schedules a job; the dedupe key makes a second schedule of the same work a no-op. */
export async function scheduleJob(
  db: Executor,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey?: string },
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, payload: job.payload, runAt: job.runAt, dedupeKey: job.dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/**
 * The first pending job due at `now`, in the order jobs run (the time they are due, then their order
 * of scheduling). The partial index jobs_due_idx (run_at, id) where pending answers it with its first
 * entry, however many jobs wait (migration 0032).
 */
export function dueJob(db: Executor, now: Date) {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1);
}

/**
 * Polls the jobs table. State lives in the table only, so a restart loses nothing: a job whose run
 * died with the process is still 'pending' (its transaction rolled back). On PostgreSQL several
 * instances share the table: each claims a row with FOR UPDATE SKIP LOCKED; PGlite has one connection,
 * so a plain select is enough.
 */
export function createJobRunner(options: {
  db: Database;
  driver: DriverName;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
}): JobRunner {
  const { db, driver, clock, log } = options;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Set by stop(): the poll in progress ends after its current job. */
  let stopping = false;
  const counts = { done: 0, failed: 0 };

  async function runOne(): Promise<boolean> {
    const now = clock.now();
    let claimed: { id: number; kind: string; attempts: number } | null = null;
    let after: (() => Promise<void>) | null = null;
    try {
      await db.transaction(async (tx) => {
        const due = dueJob(tx, now);
        const [job] = driver === 'postgres' ? await due.for('update', { skipLocked: true }) : await due;
        if (!job) return;
        claimed = { id: job.id, kind: job.kind, attempts: job.attempts };
        const handler = handlers.get(job.kind);
        if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
        after = (await handler(tx, job.payload as Record<string, unknown>)) ?? null;
        await tx
          .update(jobs)
          .set({ status: 'done', attempts: job.attempts + 1, lockedAt: now, lastError: null })
          .where(eq(jobs.id, job.id));
      });
    } catch (error) {
      if (!claimed) throw error;
      const job: { id: number; kind: string; attempts: number } = claimed;
      const attempts = job.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, jobId: job.id, kind: job.kind, attempts }, 'job failed');
      counts.failed += 1;
      await db
        .update(jobs)
        .set({
          attempts,
          lastError: message.slice(0, 2000),
          status: attempts >= MAX_JOB_ATTEMPTS ? 'failed' : 'pending',
          runAt: new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(jobs.id, job.id));
      return true;
    }
    if (!claimed) return false;
    counts.done += 1;
    const followUp = after as (() => Promise<void>) | null;
    if (followUp) {
      try {
        await followUp();
      } catch (error) {
        log.error({ err: error }, 'job follow-up failed');
      }
    }
    return true;
  }

  function poll() {
    if (running) return;
    running = runAll();
    running
      .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
      .finally(() => {
        running = null;
      });
  }

  async function runAll(): Promise<number> {
    let count = 0;
    // A bound, so that one poll never runs forever.
    while (count < 1000 && !stopping && (await runOne())) count += 1;
    return count;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    counts: () => ({ ...counts }),
    async runOnce() {
      while (running) await running.catch(() => 0);
      running = runAll();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start(intervalMs = 30_000) {
      if (timer) return;
      timer = setInterval(poll, intervalMs);
      timer.unref();
    },
    nudge() {
      if (!timer) return;
      setTimeout(poll, 0).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // The job in progress finishes (its transaction commits); the ones after it wait for the next start.
      stopping = true;
      try {
        if (running) await running.catch(() => 0);
      } finally {
        stopping = false;
      }
    },
  };
}

/** Counts pending jobs of a kind (tests, health). */
export async function pendingJobs(db: Executor, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending')));
  return row?.n ?? 0;
}
