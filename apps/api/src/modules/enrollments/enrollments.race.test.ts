import { formsJa } from '@mels/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { buildApp, type App } from '../../app.ts';
import { openDb, type DbHandle } from '../../db/client.ts';
import { enrollments, enrollmentSteps, trainingUserTypes } from '../../db/schema.ts';
import { applyFor, makeSession, makeUsers } from './enrollments.fixtures.ts';

// The capacity race needs real concurrent connections: PostgreSQL only (PGlite is one connection).
const onPostgres = drivers().includes('postgres');

describe.runIf(onPostgres)('first-come capacity under 200 simultaneous applications (postgres)', () => {
  let ctx: TestContext;
  let handle: DbHandle;
  let app: App;

  beforeAll(async () => {
    ctx = await createTestContext('postgres');
    // A second app on the same database with a pool of 20 connections, so requests really overlap.
    handle = await openDb({ databaseUrl: ctx.deps.config.databaseUrl, poolSize: 20 });
    app = await buildApp({ ...ctx.deps, dbHandle: handle, db: handle.db }, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await ctx?.close();
  });

  it('gives exactly 10 places and a clear 409 to the other 190', async () => {
    const session = await makeSession(ctx, { capacity: 10 });
    const members = await makeUsers(ctx, 200);
    const responses = await Promise.all(members.map((member) => applyFor(app, session.id, member.token)));

    const won = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toEqual({ meta: { message: formsJa.enrollment.full, code: 'FULL' }, errors: {} });
    }
    for (const r of won) expect((r.json() as { data: { status: number } }).data.status).toBe(6);

    const [type] = await ctx.deps.db
      .select({ participant: trainingUserTypes.participant })
      .from(trainingUserTypes)
      .where(eq(trainingUserTypes.trainingId, session.id));
    expect(type?.participant).toBe(10);
    const [rows] = await ctx.deps.db
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.trainingId, session.id));
    expect(rows?.n).toBe(10);
    const [steps] = await ctx.deps.db
      .select({ n: count() })
      .from(enrollmentSteps)
      .innerJoin(enrollments, eq(enrollments.id, enrollmentSteps.enrollmentId))
      .where(eq(enrollments.trainingId, session.id));
    expect(steps?.n).toBe(10);
  });
});
