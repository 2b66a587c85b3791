import { calendarFeedCreatedSchema, calendarFeedSchema, dataEnvelope, type StepStatus } from '@mels/domain';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError } from '../../../test/http.ts';
import { cancelRequests, courses, enrollments, trainings, users } from '../../db/schema.ts';
import { call, newMember, type Member } from '../payments/payments.fixtures.ts';

type Event = {
  uid: string;
  summary: string;
  description: string;
  status: string;
  start: string;
  end: string;
  zone: string;
};

/** Parses iCalendar text with ical.js (a strict RFC 5545 parser) into the fields read here. */
function parse(text: string): { name: string; events: Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        status: String(v.getFirstPropertyValue('status')),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        zone: event.startDate.zone?.tzid ?? '',
      };
    }),
  };
}

const feedAnswer = dataEnvelope(calendarFeedSchema);
const createdAnswer = dataEnvelope(calendarFeedCreatedSchema);

describe.each(drivers())('members’ calendars (%s)', (driver) => {
  let ctx: TestContext;
  let owner: Member;
  let other: Member;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const db = ctx.deps.db;
    owner = await newMember(ctx.app);
    other = await newMember(ctx.app);
    const [course] = await db
      .insert(courses)
      .values({ name: '暦テスト講座', price: 0, certificatePrefix: 'CT' })
      .returning();
    const plan: Array<[string, string, boolean]> = [
      ['won', '2026-12-10', true],
      ['lottery', '2026-12-20', true],
      ['lost', '2027-01-15', true],
      ['cancelledSession', '2026-12-05', false],
      ['cancelledByMember', '2026-12-01', true],
    ];
    for (const [key, eventDate, isActive] of plan) {
      const [t] = await db
        .insert(trainings)
        .values({
          courseId: course!.id,
          areaId: 13,
          name: `暦テスト, ${key}; 講習会`,
          eventDate,
          eventStartTime: '09:30',
          eventEndTime: '16:45',
          sponsorBy: '日本母体救命システム普及協議会',
          venue: '東京都千代田区丸の内1-1-1',
          venueName: `会場 ${key}`,
          isActive,
        })
        .returning();
      ids[key] = t!.id;
    }
    const enrol = async (key: string, status: StepStatus, userId = owner.id) => {
      const [e] = await db
        .insert(enrollments)
        .values({ trainingId: ids[key]!, userId, userTypeId: 4, status })
        .returning();
      return e!.id;
    };
    await enrol('won', 9);
    await enrol('lottery', 5);
    await enrol('lost', 7);
    await enrol('cancelledSession', 9);
    const cancelled = await enrol('cancelledByMember', 9);
    await db.insert(cancelRequests).values({ enrollmentId: cancelled, status: 1 });
    await enrol('won', 9, other.id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const feedPath = (url: string) => new URL(url).pathname;
  const revoke = (member: Member) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/calendar-feed',
      headers: { authorization: `Token ${member.token}` },
    });

  it('is off until the member turns it on, and needs a login', async () => {
    expectError(await call(ctx.app, null, 'GET', '/api/v1/users/calendar-feed'), 401, 'UNAUTHORIZED');
    const state = expectBody(
      await call(ctx.app, owner.token, 'GET', '/api/v1/users/calendar-feed'),
      200,
      feedAnswer,
    );
    expect(state.data).toEqual({ active: false, created_at: null });
  });

  it("serves the member's live sessions, cancelled ones marked, in Tokyo time, parsed by ical.js", async () => {
    const created = expectBody(
      await call(ctx.app, owner.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    expect(created.data.url).toMatch(/^http.+\/api\/v1\/calendar\/feeds\/[A-Za-z0-9_-]{43}$/);
    const response = await ctx.app.inject({ method: 'GET', url: feedPath(created.data.url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = parse(response.body);
    expect(calendar.name).toBe('MELS 講習会');
    const byUid = Object.fromEntries(calendar.events.map((e) => [e.uid, e]));
    expect(Object.keys(byUid).sort()).toEqual(
      [ids.won, ids.lottery, ids.cancelledSession].map((id) => `training-${id}@localhost`).sort(),
    );
    const won = byUid[`training-${ids.won}@localhost`]!;
    expect(won).toMatchObject({ summary: '暦テスト, won; 講習会', status: 'CONFIRMED', zone: 'Asia/Tokyo' });
    expect(won.start).toBe('2026-12-10T00:30:00.000Z'); // 09:30 in Tokyo
    expect(won.end).toBe('2026-12-10T07:45:00.000Z');
    expect(byUid[`training-${ids.lottery}@localhost`]!.status).toBe('TENTATIVE');
    expect(byUid[`training-${ids.cancelledSession}@localhost`]).toMatchObject({
      status: 'CANCELLED',
      summary: '【開催中止】暦テスト, cancelledSession; 講習会',
    });
  });

  it('follows a session that changes, in the member’s language', async () => {
    const created = expectBody(
      await call(ctx.app, owner.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    await ctx.deps.db
      .update(trainings)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(trainings.id, ids.won!));
    await ctx.deps.db.update(users).set({ language: 'en' }).where(eq(users.id, owner.id));
    const calendar = parse((await ctx.app.inject({ method: 'GET', url: feedPath(created.data.url) })).body);
    expect(calendar.name).toBe('MELS sessions');
    expect(calendar.events.find((e) => e.uid === `training-${ids.won}@localhost`)).toMatchObject({
      status: 'CANCELLED',
      summary: '[Cancelled] 暦テスト, won; 講習会',
    });
    await ctx.deps.db.update(trainings).set({ isActive: true }).where(eq(trainings.id, ids.won!));
    await ctx.deps.db.update(users).set({ language: 'ja' }).where(eq(users.id, owner.id));
  });

  it('stops the old URL when replaced or revoked; a token of nobody is 404', async () => {
    const first = expectBody(
      await call(ctx.app, owner.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    const second = expectBody(
      await call(ctx.app, owner.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(first.data.url) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(second.data.url) })).statusCode).toBe(200);
    const revoked = expectBody(await revoke(owner), 200, feedAnswer);
    expect(revoked.data.active).toBe(false);
    expectError(await ctx.app.inject({ method: 'GET', url: feedPath(second.data.url) }), 404, 'NOT_FOUND');
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar/feeds/short' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it("keeps each member's feed their own: another member's token shows only their sessions", async () => {
    const mine = expectBody(
      await call(ctx.app, owner.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    const theirs = expectBody(
      await call(ctx.app, other.token, 'POST', '/api/v1/users/calendar-feed'),
      201,
      createdAnswer,
    );
    expect(mine.data.url).not.toBe(theirs.data.url);
    const calendar = parse((await ctx.app.inject({ method: 'GET', url: feedPath(theirs.data.url) })).body);
    expect(calendar.events.map((e) => e.uid)).toEqual([`training-${ids.won}@localhost`]);
    // The other member's state is theirs: turning theirs off leaves mine on.
    await revoke(other);
    const state = expectBody(
      await call(ctx.app, owner.token, 'GET', '/api/v1/users/calendar-feed'),
      200,
      feedAnswer,
    );
    expect(state.data.active).toBe(true);
  });

  it("gives one session's .ics to anyone, in the browser's language", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/trainings/${ids.lottery}/calendar?user_type=1`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`session-${ids.lottery}.ics`);
    const calendar = parse(response.body);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]!.description).toBe(
      `Course: 暦テスト講座\nVenue: 会場 lottery 東京都千代田区丸の内1-1-1\nDetails: http://localhost:3000/session/${ids.lottery}/1`,
    );
    await ctx.deps.db.update(trainings).set({ status: 'draft' }).where(eq(trainings.id, ids.lottery!));
    expectError(
      await ctx.app.inject({ method: 'GET', url: `/api/v1/trainings/${ids.lottery}/calendar` }),
      404,
      'NOT_FOUND',
    );
    await ctx.deps.db.update(trainings).set({ status: 'published' }).where(eq(trainings.id, ids.lottery!));
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/trainings/999999/calendar' }),
      404,
      'NOT_FOUND',
    );
  });
});
