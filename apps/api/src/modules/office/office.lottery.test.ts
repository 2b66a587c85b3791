import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectError } from '../../../test/http.ts';
import {
  auditEvents,
  enrollments,
  enrollmentSteps,
  lotteryDraws,
  mailOutbox,
  trainingUserTypes,
} from '../../db/schema.ts';
import { shuffle } from './lottery.ts';
import {
  applyFor,
  call,
  makeCourse,
  makeSession,
  makeUser,
  makeUsers,
  type Member,
} from '../enrollments/enrollments.fixtures.ts';

type Draw = {
  seed: string;
  places: number;
  entrants: number[];
  winners: number[];
  losers: number[];
  won_elsewhere: number[];
};
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const AFTER_WINDOW = '2026-12-02T00:00:00Z';

describe.each(drivers())('lottery on %s', (driver) => {
  let ctx: TestContext;
  let office: Member;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    office = await makeUser(ctx, { role: 'office' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => ctx.clock.set(TEST_NOW));

  const lottery = (trainingId: number, body: Record<string, unknown>, token = office.token) =>
    call(ctx.app, 'POST', `/api/v1/office/trainings/${trainingId}/lottery`, token, body);

  const statusesOf = async (ids: number[]) => {
    const rows = await ctx.deps.db
      .select({
        id: enrollments.id,
        userId: enrollments.userId,
        status: enrollments.status,
        rank: enrollments.lotteryRank,
      })
      .from(enrollments)
      .where(inArray(enrollments.id, ids))
      .orderBy(asc(enrollments.id));
    return rows;
  };

  it('draws after the window, excludes those who won elsewhere, records the seed, refuses a second run', async () => {
    const course = await makeCourse(ctx);
    const session = await makeSession(ctx, { courseId: course.id, selection: 'lottery', capacity: 3 });
    const elsewhere = await makeSession(ctx, { courseId: course.id, eventDate: '2026-12-26' });
    const members = await makeUsers(ctx, 8);
    const enrollmentIds: number[] = [];
    for (const member of members) {
      const applied = await applyFor(ctx.app, session.id, member.token);
      expect(applied.statusCode, applied.body).toBe(201);
      const data = dataOf<{ status: number; enrollment_id: number }>(applied);
      expect(data.status).toBe(5);
      enrollmentIds.push(data.enrollment_id);
    }
    // Awaiting the draw: no agreement and no ticket yet.
    expectError(
      await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/agreement`,
        members[1]?.token,
        { user_type: 4, agree: true },
      ),
      409,
      'STEP_OUT_OF_ORDER',
    );
    expectError(
      await call(
        ctx.app,
        'GET',
        `/api/v1/trainings/${session.id}/enrollments/ticket?user_type=4`,
        members[1]?.token,
      ),
      403,
      'TICKET_NOT_READY',
    );
    // The first applicant also won a first-come place in another session of the same course.
    expect((await applyFor(ctx.app, elsewhere.id, members[0]?.token)).statusCode).toBe(201);

    expectError(await lottery(session.id, { user_type: 4 }, members[1]?.token), 403, 'FORBIDDEN');
    expectError(
      await call(ctx.app, 'POST', `/api/v1/office/trainings/${session.id}/lottery`, undefined, {
        user_type: 4,
      }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await lottery(session.id, { user_type: 4 }), 409, 'WINDOW_OPEN');
    expectError(await lottery(elsewhere.id, { user_type: 4 }), 409, 'NOT_LOTTERY');

    ctx.clock.set(AFTER_WINDOW);
    const response = await lottery(session.id, { user_type: 4, seed: 'seed-2026' });
    expect(response.statusCode, response.body).toBe(200);
    const draw = dataOf<Draw>(response);
    expect(draw.seed).toBe('seed-2026');
    expect(draw.places).toBe(3);
    expect(draw.won_elsewhere).toEqual([enrollmentIds[0]]);
    expect(draw.entrants).toEqual(enrollmentIds.slice(1));
    expect(draw.winners).toHaveLength(3);
    expect(draw.losers).toHaveLength(4);
    expect(new Set([...draw.winners, ...draw.losers])).toEqual(new Set(enrollmentIds.slice(1)));

    const rows = await statusesOf(enrollmentIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of draw.winners) expect(byId.get(id)?.status).toBe(6);
    draw.losers.forEach((id, i) => expect(byId.get(id)).toMatchObject({ status: 7, rank: i + 1 }));
    expect(byId.get(enrollmentIds[0] ?? 0)).toMatchObject({ status: 7, rank: null });
    const [note] = await ctx.deps.db
      .select({ note: enrollmentSteps.note, actor: enrollmentSteps.actorUserId })
      .from(enrollmentSteps)
      .where(eq(enrollmentSteps.enrollmentId, enrollmentIds[0] ?? 0))
      .orderBy(asc(enrollmentSteps.id))
      .offset(1);
    expect(note).toEqual({ note: 'won elsewhere', actor: office.id });

    const [type] = await ctx.deps.db
      .select({ participant: trainingUserTypes.participant })
      .from(trainingUserTypes)
      .where(eq(trainingUserTypes.trainingId, session.id));
    expect(type?.participant).toBe(3);
    const [recorded] = await ctx.deps.db
      .select()
      .from(lotteryDraws)
      .where(eq(lotteryDraws.trainingId, session.id));
    expect(recorded).toMatchObject({
      seed: 'seed-2026',
      entrants: draw.entrants,
      winners: draw.winners,
      drawnBy: office.id,
    });
    const audit = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lottery.run'), eq(auditEvents.entityId, session.id)));
    expect(audit).toHaveLength(1);

    // Everyone is told: winners, losers and the one who won elsewhere.
    const winner = members[enrollmentIds.indexOf(draw.winners[0] ?? 0)];
    const loser = members[enrollmentIds.indexOf(draw.losers[0] ?? 0)];
    const mailTo = (email: string | undefined) =>
      ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email ?? ''));
    expect((await mailTo(winner?.email)).map((mail) => mail.subject)).toEqual([
      '【母体救命 MELS】講習会の抽選結果のお知らせ（当選）',
    ]);
    const [lost] = await mailTo(loser?.email);
    expect(lost?.textBody).toContain('ご希望に添えない結果');
    expect((await mailTo(members[0]?.email))[0]?.textBody).toContain('すでに当選されている');

    expectError(await lottery(session.id, { user_type: 4, seed: 'seed-2026' }), 409, 'LOTTERY_DONE');
    const record = dataOf<{ seed: string; entrants: number[]; winners: number[] }>(
      await call(ctx.app, 'GET', `/api/v1/office/trainings/${session.id}/lottery?user_type=4`, office.token),
    );
    expect(record).toMatchObject({ seed: 'seed-2026', entrants: draw.entrants, winners: draw.winners });
    // Anyone can replay the draw from the record: the seeded shuffle of the entrants gives the winners.
    expect(shuffle(record.entrants, record.seed).slice(0, draw.places)).toEqual(record.winners);
    expectError(
      await call(
        ctx.app,
        'GET',
        `/api/v1/office/trainings/${session.id}/lottery?user_type=4`,
        members[1]?.token,
      ),
      403,
      'FORBIDDEN',
    );

    // A cancelled winner's place goes to the first loser in rank order.
    const winnerMember = winner as Member;
    const cancelId = dataOf<{ id: number }>(
      await call(
        ctx.app,
        'POST',
        `/api/v1/trainings/${session.id}/enrollments/user/request-cancel`,
        winnerMember.token,
        { user_type: 4 },
      ),
    ).id;
    const approved = dataOf<{ offered_enrollment_id: number | null }>(
      await call(ctx.app, 'POST', `/api/v1/office/cancel-requests/${cancelId}/approve`, office.token),
    );
    expect(approved.offered_enrollment_id).toBe(draw.losers[0]);
    const after = new Map((await statusesOf(enrollmentIds)).map((r) => [r.id, r]));
    expect(after.get(draw.losers[0] ?? 0)).toMatchObject({ status: 6, rank: null });
    expect(after.get(draw.losers[1] ?? 0)).toMatchObject({ status: 7, rank: 2 });
    // No place free now: offering onward is refused.
    expectError(
      await call(ctx.app, 'POST', `/api/v1/office/trainings/${session.id}/lottery/offer-next`, office.token, {
        user_type: 4,
      }),
      409,
      'FULL',
    );
    // A place freed by hand (e.g. unpaid) is offered with offer-next to the next in rank.
    await ctx.deps.db
      .update(trainingUserTypes)
      .set({ capacity: 4 })
      .where(eq(trainingUserTypes.trainingId, session.id));
    const offered = await call(
      ctx.app,
      'POST',
      `/api/v1/office/trainings/${session.id}/lottery/offer-next`,
      office.token,
      { user_type: 4 },
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(dataOf<{ enrollment_id: number }>(offered).enrollment_id).toBe(draw.losers[1]);
  });

  it('same seed → same winners', async () => {
    const members = await makeUsers(ctx, 9);
    const sessions = [
      await makeSession(ctx, { selection: 'lottery', capacity: 4, eventDate: '2026-12-12' }),
      await makeSession(ctx, { selection: 'lottery', capacity: 4, eventDate: '2026-12-13' }),
      await makeSession(ctx, { selection: 'lottery', capacity: 4, eventDate: '2026-12-14' }),
    ];
    const winnersBySession: number[][] = [];
    for (const session of sessions)
      for (const member of members) await applyFor(ctx.app, session.id, member.token);
    ctx.clock.set(AFTER_WINDOW);
    for (const [i, session] of sessions.entries()) {
      const draw = dataOf<Draw>(
        await lottery(session.id, { user_type: 4, seed: i < 2 ? 'same-seed' : 'other-seed' }),
      );
      const rows = await statusesOf(draw.winners);
      winnersBySession.push(rows.map((r) => r.userId).sort((a, b) => a - b));
      expect(draw.winners).toHaveLength(4);
    }
    expect(winnersBySession[0]).toEqual(winnersBySession[1]);
  });

  it('a draw without a seed gets a random one, recorded', async () => {
    const session = await makeSession(ctx, { selection: 'lottery', capacity: 1, eventDate: '2026-12-19' });
    const members = await makeUsers(ctx, 2);
    for (const member of members) await applyFor(ctx.app, session.id, member.token);
    ctx.clock.set(AFTER_WINDOW);
    const draw = dataOf<Draw>(await lottery(session.id, { user_type: 4 }));
    expect(draw.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(draw.winners).toHaveLength(1);
  });
});
