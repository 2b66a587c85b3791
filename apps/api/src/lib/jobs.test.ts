import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/context.ts';
import { jobs } from '../db/schema.ts';
import { backoffMs, createJobRunner, dueJob, MAX_JOB_ATTEMPTS, scheduleJob } from './jobs.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('backoffMs', () => {
  it('doubles from one minute, capped at an hour', () => {
    expect([1, 2, 3, 4, 7, 20].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60]);
  });
});

describe.each(drivers())('job runner (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const runner = () => createJobRunner({ db: ctx.deps.db, driver, clock: ctx.clock, log: silent });

  it('two runners (two instances) run each due job once; future jobs wait', async () => {
    const seen: number[] = [];
    const handler = async (_tx: unknown, payload: Record<string, unknown>) => {
      seen.push(Number(payload.n));
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const [a, b] = [runner(), runner()];
    a.register('count', handler);
    b.register('count', handler);
    for (let n = 1; n <= 6; n += 1)
      await scheduleJob(ctx.deps.db, {
        kind: 'count',
        payload: { n },
        runAt: ctx.clock.now(),
        dedupeKey: `count:${n}`,
      });
    await scheduleJob(ctx.deps.db, {
      kind: 'count',
      payload: { n: 6 },
      runAt: ctx.clock.now(),
      dedupeKey: 'count:6',
    });
    await scheduleJob(ctx.deps.db, {
      kind: 'count',
      payload: { n: 99 },
      runAt: new Date(ctx.clock.now().getTime() + 3600_000),
    });
    const counts = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(counts[0] + counts[1]).toBe(6);
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    ctx.clock.advance(3600_000);
    expect(await a.runOnce()).toBe(1);
    expect(seen).toContain(99);
  });

  it('gives up after the last attempt (status failed); a job without handler fails too', async () => {
    const r = runner();
    r.register('broken', async () => {
      throw new Error('still broken');
    });
    const [row] = await ctx.deps.db
      .insert(jobs)
      .values({ kind: 'broken', runAt: ctx.clock.now() })
      .returning();
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i += 1) {
      await r.runOnce();
      ctx.clock.advance(3600_000);
    }
    const [after] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, row?.id ?? 0));
    expect(after).toMatchObject({ status: 'failed', attempts: MAX_JOB_ATTEMPTS, lastError: 'still broken' });
    const [orphan] = await ctx.deps.db
      .insert(jobs)
      .values({ kind: 'nobody', runAt: ctx.clock.now() })
      .returning();
    await r.runOnce();
    const [later] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, orphan?.id ?? 0));
    expect(later).toMatchObject({ status: 'pending', attempts: 1 });
    expect(later?.lastError).toContain("no handler for job kind 'nobody'");
  });

  it('finds the next due job by the first entry of its index, without sorting the jobs waiting', async () => {
    // A rush's application mails wait by the thousand: the claim must not read and sort them all.
    const now = ctx.clock.now();
    await ctx.deps.db.insert(jobs).values(
      Array.from({ length: 300 }, (_, i) => ({
        kind: 'waiting',
        runAt: new Date(now.getTime() - (i % 7) * 1000),
        dedupeKey: `waiting:${i}`,
      })),
    );
    const plan = await ctx.deps.db.transaction(async (tx) => {
      // As on a table too large to read whole: the plan the index allows.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain (costs off) ${dueJob(tx, now)}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('jobs_due_idx');
    expect(plan).not.toMatch(/Sort/);
    const [first] = await dueJob(ctx.deps.db, now);
    expect(first?.runAt.getTime()).toBe(now.getTime() - 6000);
    await ctx.deps.db.delete(jobs).where(eq(jobs.kind, 'waiting'));
  });
});
