import { formsJa } from '@mels/domain';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { buildApp, type App } from '../../app.ts';
import { openDb, type DbHandle } from '../../db/client.ts';
import { enrollments, enrollmentSteps, jobs, trainingUserTypes } from '../../db/schema.ts';
import { applyFor, makeSession, makeUser, makeUsers } from './enrollments.fixtures.ts';
import { markCourseRegistered } from './enrollments.service.ts';

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

/**
 * The application is one statement (issue 20): what it writes is all or nothing, and the database
 * decides who gets a place and whether a member applied already. On PGlite (one connection) the
 * requests still interleave between their read and their write; on PostgreSQL they truly overlap.
 */
describe.each(drivers())('applications at once (%s)', (driver) => {
  let ctx: TestContext;
  let handle: DbHandle | null = null;
  let app: App;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    app = ctx.app;
    if (driver === 'postgres') {
      handle = await openDb({ databaseUrl: ctx.deps.config.databaseUrl, poolSize: 10 });
      app = await buildApp({ ...ctx.deps, dbHandle: handle, db: handle.db }, { logger: false });
      await app.ready();
    }
  });
  afterAll(async () => {
    if (handle) {
      await app?.close();
      await handle.close();
    }
    await ctx?.close();
  });

  /** The session's places taken, enrolments, step entries and application mails. */
  async function recorded(trainingId: number) {
    const db = ctx.deps.db;
    const [type] = await db
      .select({ participant: trainingUserTypes.participant })
      .from(trainingUserTypes)
      .where(eq(trainingUserTypes.trainingId, trainingId));
    const rows = await db
      .select({ id: enrollments.id, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.trainingId, trainingId));
    const [steps] = await db
      .select({ n: count() })
      .from(enrollmentSteps)
      .innerJoin(enrollments, eq(enrollments.id, enrollmentSteps.enrollmentId))
      .where(eq(enrollments.trainingId, trainingId));
    const mails = await db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(and(like(jobs.dedupeKey, 'mail:applicationReceived:%')));
    const ids = new Set(rows.map((r) => `mail:applicationReceived:${r.id}`));
    return {
      participant: type?.participant,
      enrollments: rows,
      steps: steps?.n,
      mails: mails.filter((m) => m.key !== null && ids.has(m.key)).length,
    };
  }

  it('N members for M first-come places: exactly M places, the others a FULL 409, nothing half-written', async () => {
    const session = await makeSession(ctx, { capacity: 7 });
    const members = await makeUsers(ctx, 40);
    const responses = await Promise.all(members.map((member) => applyFor(app, session.id, member.token)));
    const codes = responses.map((r) =>
      r.statusCode === 201 ? 201 : (r.json() as { meta: { code: string } }).meta.code,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 'FULL')).toHaveLength(33);
    const after = await recorded(session.id);
    expect(after.participant).toBe(7);
    expect(after.enrollments).toHaveLength(7);
    expect(after.enrollments.every((e) => e.status === 6)).toBe(true);
    expect(after.steps).toBe(7);
    expect(after.mails).toBe(7);
  });

  it('one member applying twice at once gets one place and one ALREADY_APPLIED', async () => {
    const session = await makeSession(ctx, { capacity: 5 });
    const member = await makeUser(ctx);
    const responses = await Promise.all([1, 2, 3].map(() => applyFor(app, session.id, member.token)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect((r.json() as { meta: { code: string } }).meta.code).toBe('ALREADY_APPLIED');
    const after = await recorded(session.id);
    expect(after.participant).toBe(1);
    expect(after.enrollments).toHaveLength(1);
    expect(after.steps).toBe(1);
    expect(after.mails).toBe(1);
  });

  it('a member whose enrolment exists before applying (registered) applying twice at once: moved once', async () => {
    const session = await makeSession(ctx, { capacity: 5 });
    const member = await makeUser(ctx);
    await markCourseRegistered(
      ctx.deps.db,
      { trainingId: session.id, userId: member.id, userTypeId: 4 },
      member.id,
      ctx.clock.now(),
    );
    const responses = await Promise.all([1, 2].map(() => applyFor(app, session.id, member.token)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await recorded(session.id);
    expect(after.participant).toBe(1);
    expect(after.enrollments).toEqual([expect.objectContaining({ status: 6 })]);
    // The registration's entry and one application entry.
    expect(after.steps).toBe(2);
    expect(after.mails).toBe(1);
  });

  it('a lottery takes every application past capacity, each member once', async () => {
    const session = await makeSession(ctx, { capacity: 3, selection: 'lottery' });
    const members = await makeUsers(ctx, 20);
    const responses = await Promise.all(
      [...members, members[0], members[1]].map((member) => applyFor(app, session.id, member?.token)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const after = await recorded(session.id);
    expect(after.participant).toBe(0);
    expect(after.enrollments).toHaveLength(20);
    expect(after.enrollments.every((e) => e.status === 5)).toBe(true);
    expect(after.steps).toBe(20);
    expect(after.mails).toBe(20);
  });
});
