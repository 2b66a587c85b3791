import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/context.ts';
import { jobs } from '../db/schema.ts';
import { createJobRunner, scheduleJob } from './jobs.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Shutdown (decision 026): stop() lets the job in progress finish and leaves the others pending. */
describe.each(drivers())('job runner stop (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(() => ctx.close());

  it('finishes the current job, then stops; the rest wait for the next start', async () => {
    const runner = createJobRunner({ db: ctx.deps.db, driver, clock: ctx.clock, log: silent });
    const done: number[] = [];
    let entered!: () => void;
    const firstStarted = new Promise<void>((resolve) => (entered = resolve));
    runner.register('slow', async (_tx, payload) => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 150));
      done.push(Number(payload.n));
    });
    for (let n = 1; n <= 4; n += 1)
      await scheduleJob(ctx.deps.db, {
        kind: 'slow',
        payload: { n },
        runAt: ctx.clock.now(),
        dedupeKey: `slow:${n}`,
      });
    runner.start(60_000);
    runner.nudge();
    await firstStarted;
    await runner.stop();
    expect(done).toHaveLength(1);
    const rows = await ctx.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'slow'));
    expect(rows.map((r) => r.status).sort()).toEqual(['done', 'pending', 'pending', 'pending']);
    expect(runner.counts()).toEqual({ done: 1, failed: 0 });
    // The next run (another instance, or this one started again) takes the rest.
    expect(await runner.runOnce()).toBe(3);
  });
});
