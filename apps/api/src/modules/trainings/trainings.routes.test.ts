import {
  trainingResponseSchema,
  trainingsResponseSchema,
  type TrainingCard,
  type StepStatus,
  type WorkflowStep,
} from '@mels/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import {
  authTokens,
  cancelRequests,
  certificates,
  courseConditions,
  courseOccupations,
  courses,
  documents,
  enrollments,
  enrollmentSteps,
  orders,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
  users,
} from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { makeUser, makeUsers } from '../enrollments/enrollments.fixtures.ts';

const search = (ctx: TestContext, query = '', token?: string) =>
  get(
    ctx.app,
    `/api/v1/trainings${query ? `?${query}` : ''}`,
    token ? { headers: { authorization: `Token ${token}` } } : {},
  );

const cards = async (ctx: TestContext, query = '', token?: string) =>
  expectBody(await search(ctx, query, token), 200, trainingsResponseSchema);

/** Every card of a search, page after page (limit 100). */
async function allCards(ctx: TestContext, query: string): Promise<TrainingCard[]> {
  const out: TrainingCard[] = [];
  for (let page = 1; ; page++) {
    const body = await cards(ctx, `${query}${query ? '&' : ''}limit=100&page=${page}`);
    out.push(...body.data);
    if (page >= body.pagination.pages) return out;
  }
}

/** The expected number of cards, counted independently of the API. */
async function countPairs(
  ctx: TestContext,
  where: {
    types: number[];
    areas?: number[];
    courses?: number[];
    from?: string;
    to?: string;
    /** Only the recruitings open at this moment. */
    openAt?: Date;
  },
): Promise<number> {
  const rows = await ctx.deps.db
    .select({
      eventDate: trainings.eventDate,
      areaId: trainings.areaId,
      courseId: trainings.courseId,
      type: trainingUserTypes.userTypeId,
      applyStart: trainingUserTypes.applyStartDate,
      applyEnd: trainingUserTypes.applyEndDate,
    })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId));
  return rows.filter(
    (r) =>
      where.types.includes(r.type) &&
      (!where.areas || where.areas.includes(r.areaId)) &&
      (!where.courses || where.courses.includes(r.courseId)) &&
      (!where.from || r.eventDate >= where.from) &&
      (!where.to || r.eventDate <= where.to) &&
      (!where.openAt || (r.applyStart <= where.openAt && r.applyEnd >= where.openAt)),
  ).length;
}

/** Open recruitings first, then upcoming ones, then closed ones. */
const PHASE_RANK = { open: 0, upcoming: 1, closed: 2 } as const;

const sortKey = (c: TrainingCard) =>
  [
    PHASE_RANK[c.recruiting],
    c.event_date,
    c.event_start_time,
    String(c.id).padStart(10, '0'),
    String(c.user_type.id),
  ].join('|');

/** A member of our own with a login token (no demo enrolments to get in the way). */
async function enrol(
  ctx: TestContext,
  userId: number,
  trainingId: number,
  userTypeId: number,
  statuses: StepStatus[],
) {
  const [e] = await ctx.deps.db
    .insert(enrollments)
    .values({ trainingId, userId, userTypeId, status: statuses.at(-1) ?? 0 })
    .returning({ id: enrollments.id });
  if (!e) throw new Error('no enrolment');
  let at = new Date('2026-10-01T01:00:00Z').getTime();
  for (const status of statuses) {
    await ctx.deps.db.insert(enrollmentSteps).values({
      enrollmentId: e.id,
      step: (status >= 4 ? (status >= 8 ? 5 : 4) : Math.max(1, status)) as WorkflowStep,
      status,
      createdAt: new Date((at += 3_600_000)),
    });
  }
  return e.id;
}

describe.each(drivers())('GET /api/v1/trainings (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('filters', () => {
    it('defaults to attendee cards (user type 4), 10 per page, open recruitings first, in date order', async () => {
      const body = await cards(ctx);
      const total = await countPairs(ctx, { types: [4] });
      expect(total).toBeGreaterThan(100);
      expect(body.pagination).toEqual({ page: 1, pages: Math.ceil(total / 10), limit: 10, total });
      expect(body.data).toHaveLength(10);
      for (const card of body.data) expect(card.user_type).toEqual({ id: 4, type: '受講者' });
      const keys = body.data.map(sortKey);
      expect(keys).toEqual([...keys].sort());
    });

    it('orders every card by recruiting phase (open, upcoming, closed), date, start time, session and user type, without repeats across pages', async () => {
      const all = await allCards(ctx, 'user_type[]=1&user_type[]=2&user_type[]=3&user_type[]=4');
      const keys = all.map(sortKey);
      expect(keys).toEqual([...keys].sort());
      // The seed has closed recruitings of sessions earlier than open ones: they come after them now.
      const firstClosed = all.findIndex((c) => c.recruiting === 'closed');
      expect(firstClosed).toBeGreaterThan(0);
      expect(all.slice(0, firstClosed).some((c) => c.event_date > (all[firstClosed]?.event_date ?? ''))).toBe(
        true,
      );
      expect(new Set(all.map((c) => `${c.id}:${c.user_type.id}`)).size).toBe(all.length);
      expect(all.length).toBe(await countPairs(ctx, { types: [1, 2, 3, 4] }));
    });

    it('open_only=1 (募集中のみ) keeps the cards whose recruiting is open now; 0 or absent keeps all', async () => {
      const open = await allCards(ctx, 'open_only=1&area[]=13&user_type[]=4&user_type[]=1');
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((c) => c.recruiting === 'open')).toBe(true);
      expect(open.length).toBe(
        await countPairs(ctx, { types: [1, 4], areas: [13], openAt: new Date(TEST_NOW) }),
      );
      const openTotal = (await cards(ctx, 'open_only=true&area[]=13&user_type[]=4&user_type[]=1')).pagination
        .total;
      expect(openTotal).toBe(open.length);
      const everything = await countPairs(ctx, { types: [1, 4], areas: [13] });
      expect(everything).toBeGreaterThan(open.length);
      for (const query of ['open_only=0&', 'open_only=false&', '']) {
        const body = await cards(ctx, `${query}area[]=13&user_type[]=4&user_type[]=1`);
        expect(body.pagination.total, query).toBe(everything);
      }
      // Without a prefecture (the count's other plan) too.
      expect((await cards(ctx, 'open_only=1')).pagination.total).toBe(
        await countPairs(ctx, { types: [4], openAt: new Date(TEST_NOW) }),
      );
      // The clock decides: before every window opens, nothing is open.
      ctx.clock.set('2020-01-01T00:00:00Z');
      try {
        expect((await cards(ctx, 'open_only=1')).pagination.total).toBe(0);
      } finally {
        ctx.clock.set(TEST_NOW);
      }
    });

    it('filters by prefecture, one or several', async () => {
      const tokyo = await allCards(ctx, 'area[]=13');
      expect(tokyo.length).toBe(await countPairs(ctx, { types: [4], areas: [13] }));
      expect(tokyo.length).toBeGreaterThan(0);
      for (const card of tokyo) expect(card.area).toEqual({ id: 13, name: '東京都' });
      const two = await cards(ctx, 'area[]=13&area[]=27&limit=100');
      expect(two.pagination.total).toBe(await countPairs(ctx, { types: [4], areas: [13, 27] }));
      expect(new Set(two.data.map((c) => c.area.id))).toEqual(new Set([13, 27]));
      // A single value without [] is read the same way.
      expect((await cards(ctx, 'area=13')).pagination.total).toBe(tokyo.length);
    });

    it('filters by course', async () => {
      const first = (await cards(ctx)).data[0];
      if (!first) throw new Error('no card');
      const courseId = first.course.id;
      const list = await allCards(ctx, `course_id[]=${courseId}`);
      expect(list.length).toBe(await countPairs(ctx, { types: [4], courses: [courseId] }));
      for (const card of list) expect(card.course.id).toBe(courseId);
    });

    it('gives one card per session and recruited user type in the list', async () => {
      const staff = await allCards(ctx, 'user_type[]=1&user_type[]=2');
      expect(staff.length).toBe(await countPairs(ctx, { types: [1, 2] }));
      for (const card of staff) expect([1, 2]).toContain(card.user_type.id);
      const twice = staff.filter((c) => staff.filter((o) => o.id === c.id).length === 2);
      expect(twice.length).toBeGreaterThan(0);
      for (const card of staff) {
        expect(card.users_types.map((u) => u.type_id)).toContain(card.user_type.id);
      }
    });

    it('takes a date range with both edges inclusive, as date plus " 00:00:00" or a plain date', async () => {
      const some = (await cards(ctx, 'event_date$ge=2026-12-01&limit=1')).data[0];
      if (!some) throw new Error('no session ahead');
      const day = some.event_date;
      const exact = await allCards(ctx, `event_date$ge=${day}%2000:00:00&event_date$le=${day}%2000:00:00`);
      expect(exact.length).toBe(await countPairs(ctx, { types: [4], from: day, to: day }));
      expect(exact.length).toBeGreaterThan(0);
      for (const card of exact) expect(card.event_date).toBe(day);
      const plain = await cards(ctx, `event_date$ge=${day}&event_date$le=${day}`);
      expect(plain.pagination.total).toBe(exact.length);

      const from = await cards(ctx, `event_date$ge=${TEST_NOW.slice(0, 10)}+00:00:00`);
      expect(from.pagination.total).toBe(await countPairs(ctx, { types: [4], from: '2026-11-22' }));
      for (const card of from.data) expect(card.event_date >= '2026-11-22').toBe(true);
      const to = await cards(ctx, 'event_date$le=2026-11-21');
      expect(to.pagination.total).toBe(await countPairs(ctx, { types: [4], to: '2026-11-21' }));
      expect(from.pagination.total + to.pagination.total).toBe(await countPairs(ctx, { types: [4] }));
    });

    it('combines prefecture, course, user types and dates', async () => {
      const query =
        'area[]=13&area[]=14&area[]=27&user_type[]=4&user_type[]=1&event_date$ge=2026-06-01&event_date$le=2027-06-30';
      const first = (await cards(ctx, query)).data[0];
      if (!first) throw new Error('no card');
      const list = await allCards(ctx, `${query}&course_id[]=${first.course.id}`);
      expect(list.length).toBe(
        await countPairs(ctx, {
          types: [1, 4],
          areas: [13, 14, 27],
          courses: [first.course.id],
          from: '2026-06-01',
          to: '2027-06-30',
        }),
      );
      for (const card of list) {
        expect([13, 14, 27]).toContain(card.area.id);
        expect([1, 4]).toContain(card.user_type.id);
        expect(card.course.id).toBe(first.course.id);
        expect(card.event_date >= '2026-06-01' && card.event_date <= '2027-06-30').toBe(true);
      }
    });

    it('answers an empty list when nothing matches', async () => {
      const body = await cards(ctx, 'event_date$ge=2035-01-01');
      expect(body).toEqual({ data: [], pagination: { page: 1, pages: 1, limit: 10, total: 0 } });
      const reversed = await cards(ctx, 'event_date$ge=2027-01-02&event_date$le=2027-01-01');
      expect(reversed.data).toEqual([]);
    });
  });

  describe('pagination', () => {
    it('gives the remainder on the last page and an empty page past the end', async () => {
      const total = await countPairs(ctx, { types: [4], areas: [13] });
      const limit = 7;
      const pages = Math.ceil(total / limit);
      expect(total % limit).not.toBe(0);
      const last = await cards(ctx, `area[]=13&limit=${limit}&page=${pages}`);
      expect(last.data).toHaveLength(total % limit);
      expect(last.pagination).toEqual({ page: pages, pages, limit, total });
      const past = await cards(ctx, `area[]=13&limit=${limit}&page=${pages + 1}`);
      expect(past).toEqual({ data: [], pagination: { page: pages + 1, pages, limit, total } });
    });

    it('pages follow on from each other', async () => {
      const big = await cards(ctx, 'limit=20');
      const one = await cards(ctx, 'limit=10&page=1');
      const two = await cards(ctx, 'limit=10&page=2');
      expect([...one.data, ...two.data].map(sortKey)).toEqual(big.data.map(sortKey));
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['page=0', 'page', 'ページは1以上で指定してください'],
      ['page=abc', 'page', 'ページは数値で指定してください'],
      ['limit=101', 'limit', '件数は100以下で指定してください'],
      ['area[]=abc', 'area', '都道府県は数値で指定してください'],
      ['area[]=48', 'area', '都道府県は47以下で指定してください'],
      ['course_id[]=x', 'course_id', 'コースは数値で指定してください'],
      ['user_type[]=9', 'user_type', '募集区分は5以下で指定してください'],
      [
        'event_date$ge=2026-13-01',
        'event_date$ge',
        '開催日（開始）の日付の形式が正しくありません（YYYY-MM-DD）',
      ],
      [
        'event_date$le=2026-02-30%2000:00:00',
        'event_date$le',
        '開催日（終了）の日付の形式が正しくありません（YYYY-MM-DD）',
      ],
      ['open_only=yes', 'open_only', '募集中のみの値が正しくありません'],
    ])('refuses ?%s with 400 and a Japanese message on its field', async (query, field, message) => {
      const errors = expectValidationError(await search(ctx, query), [field]);
      expect(errors[field]).toEqual([message]);
    });

    it('reports every bad field at once', async () => {
      expectValidationError(await search(ctx, 'page=0&area[]=abc&event_date$ge=2026-13-01'), [
        'page',
        'area',
        'event_date$ge',
      ]);
    });
  });

  describe('card contents', () => {
    it('carries what the card shows, with the fee of its user type, and nothing of a user for a visitor', async () => {
      const body = await cards(ctx, 'user_type[]=1&user_type[]=4&limit=50');
      for (const card of body.data) {
        expect(card.event_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(card.event_start_time).toMatch(/^\d{2}:\d{2}$/);
        expect(card.event_end_time).toMatch(/^\d{2}:\d{2}$/);
        expect(card.event_start_time < card.event_end_time).toBe(true);
        expect(['first_come', 'lottery']).toContain(card.selection);
        const window = card.users_types.find((u) => u.type_id === card.user_type.id);
        expect(card.apply_date).toEqual({ start: window?.apply_start_date, end: window?.apply_end_date });
        expect(card).toMatchObject({
          training_user_steps: [],
          training_user_cancel: null,
          training_assistant_approve_users: [],
          is_win_other_training_same_course: false,
          order: null,
          badge: null,
        });
        const [row] = await ctx.deps.db
          .select({ price: trainingUserTypes.price, capacity: trainingUserTypes.capacity })
          .from(trainingUserTypes)
          .where(
            and(
              eq(trainingUserTypes.trainingId, card.id),
              eq(trainingUserTypes.userTypeId, card.user_type.id),
            ),
          );
        expect({ price: card.price, capacity: card.capacity }).toEqual(row);
        const methods = await ctx.deps.db
          .select({ payment_method_id: trainingPaymentMethods.paymentMethodId })
          .from(trainingPaymentMethods)
          .where(eq(trainingPaymentMethods.trainingId, card.id));
        expect(card.payments_methods).toEqual(
          methods.sort((a, b) => a.payment_method_id - b.payment_method_id),
        );
      }
    });

    it('shows cancelled sessions as is_active 0', async () => {
      const [cancelled] = await ctx.deps.db
        .select({ id: trainings.id, areaId: trainings.areaId, eventDate: trainings.eventDate })
        .from(trainings)
        .innerJoin(trainingUserTypes, eq(trainingUserTypes.trainingId, trainings.id))
        .where(and(eq(trainings.isActive, false), eq(trainingUserTypes.userTypeId, 4)))
        .limit(1);
      if (!cancelled) throw new Error('the demo data has no cancelled session');
      const body = await cards(
        ctx,
        `area[]=${cancelled.areaId}&event_date$ge=${cancelled.eventDate}&event_date$le=${cancelled.eventDate}`,
      );
      expect(body.data.find((c) => c.id === cancelled.id)?.is_active).toBe(0);
    });
  });

  describe('recruiting phase at the pinned clock', () => {
    it('is upcoming before the window, open inside it (edges included) and closed after it', async () => {
      const card = (await cards(ctx, 'event_date$ge=2027-03-01&limit=1')).data[0];
      if (!card) throw new Error('no session');
      const where = and(eq(trainingUserTypes.trainingId, card.id), eq(trainingUserTypes.userTypeId, 4));
      const phaseWith = async (start: string, end: string) => {
        await ctx.deps.db
          .update(trainingUserTypes)
          .set({ applyStartDate: new Date(start), applyEndDate: new Date(end) })
          .where(where);
        const body = await cards(
          ctx,
          `event_date$ge=${card.event_date}&event_date$le=${card.event_date}&limit=100`,
        );
        return body.data.find((c) => c.id === card.id && c.user_type.id === 4)?.recruiting;
      };
      expect(await phaseWith('2026-11-22T03:00:01Z', '2026-12-31T14:59:00Z')).toBe('upcoming');
      expect(await phaseWith('2026-11-22T03:00:00Z', '2026-12-31T14:59:00Z')).toBe('open');
      expect(await phaseWith('2026-10-01T01:00:00Z', '2026-11-22T03:00:00Z')).toBe('open');
      expect(await phaseWith('2026-10-01T01:00:00Z', '2026-11-22T02:59:59Z')).toBe('closed');
      ctx.clock.set('2026-09-01T00:00:00Z');
      try {
        expect(await phaseWith('2026-10-01T01:00:00Z', '2026-11-22T02:59:59Z')).toBe('upcoming');
      } finally {
        ctx.clock.set(TEST_NOW);
      }
    });

    it('matches the window of each card', async () => {
      const now = new Date(TEST_NOW);
      const body = await cards(ctx, 'event_date$ge=2026-10-01&limit=100');
      const phases = new Set<string>();
      for (const card of body.data) {
        const start = new Date(card.apply_date.start);
        const end = new Date(card.apply_date.end);
        const expected = now < start ? 'upcoming' : now > end ? 'closed' : 'open';
        expect(card.recruiting).toBe(expected);
        phases.add(card.recruiting);
      }
      expect(phases.size).toBeGreaterThan(1);
    });
  });

  describe('a logged-in user', () => {
    let me: { id: number; token: string };
    let other: { id: number; token: string };
    let target: TrainingCard;
    let sibling: TrainingCard;

    beforeAll(async () => {
      me = await makeUser(ctx);
      other = await makeUser(ctx);
      // Two active sessions of the same course ahead, both recruiting attendees.
      const ahead = (await allCards(ctx, 'event_date$ge=2026-12-01'))
        .filter((c) => c.is_active === 1)
        .sort((a, b) => a.event_date.localeCompare(b.event_date) || a.id - b.id);
      const byCourse = new Map<number, TrainingCard[]>();
      for (const c of ahead) byCourse.set(c.course.id, [...(byCourse.get(c.course.id) ?? []), c]);
      const pair = [...byCourse.values()].find((list) => list.length >= 2);
      if (!pair?.[0] || !pair[1]) throw new Error('no two sessions of one course ahead');
      [target, sibling] = [pair[0], pair[1]];
    });

    const cardOf = async (token: string | undefined, card: TrainingCard) => {
      const body = await cards(
        ctx,
        `event_date$ge=${card.event_date}&event_date$le=${card.event_date}&limit=100`,
        token,
      );
      const found = body.data.find((c) => c.id === card.id && c.user_type.id === 4);
      if (!found) throw new Error('card not found');
      return found;
    };

    it('sees their own steps and badge; another user and a visitor do not', async () => {
      await enrol(ctx, me.id, target.id, 4, [4, 5]);
      const mine = await cardOf(me.token, target);
      expect(mine.training_user_steps.map((s) => [s.step, s.status])).toEqual([
        [4, 4],
        [4, 5],
      ]);
      expect(mine.training_user_steps[0]?.created_at).toBe('2026-10-01T02:00:00.000Z');
      expect(mine.badge).toBe('awaitingLottery');
      expect(mine.training_user_cancel).toBeNull();
      expect(mine.order).toBeNull();

      const theirs = await cardOf(other.token, target);
      expect(theirs.training_user_steps).toEqual([]);
      expect(theirs.badge).toBeNull();
      const visitor = await cardOf(undefined, target);
      expect(visitor.training_user_steps).toEqual([]);
      expect(visitor.badge).toBeNull();
      // A token that is not valid is a visitor, not an error.
      const bad = await cardOf('x'.repeat(43), target);
      expect(bad.badge).toBeNull();
    });

    it('checks the token in its own statement by the same rules as every route (issue 20)', async () => {
      // The search asks the token's account with the member's state (tokenCheckedByRoute): a revoked,
      // expired or idle token, or an inactive account, is a visitor; a valid one is the member, its
      // last use recorded at most once a minute, on a page with cards or without.
      const member = await makeUser(ctx);
      const enrolment = await enrol(ctx, member.id, target.id, 4, [4, 5]);
      const tokenRow = eq(authTokens.tokenHash, hashToken(member.token));
      const lastUse = async () =>
        (await ctx.deps.db.select({ at: authTokens.lastUsedAt }).from(authTokens).where(tokenRow))[0]?.at ??
        null;
      const set = (values: Partial<typeof authTokens.$inferInsert>) =>
        ctx.deps.db.update(authTokens).set(values).where(tokenRow);
      const when = `event_date$ge=${target.event_date}&event_date$le=${target.event_date}&limit=100`;
      const start = ctx.clock.now();
      try {
        expect(await lastUse()).toBeNull();
        const answer = await search(ctx, when, member.token);
        expect(answer.statusCode).toBe(200);
        expect((await cardOf(member.token, target)).badge).toBe('awaitingLottery');
        const first = await lastUse();
        expect(first?.getTime()).toBe(ctx.clock.now().getTime());
        ctx.clock.advance(30_000);
        await cardOf(member.token, target);
        expect((await lastUse())?.getTime()).toBe(first?.getTime());
        ctx.clock.advance(31_000);
        await cardOf(member.token, target);
        expect((await lastUse())?.getTime()).toBe(ctx.clock.now().getTime());
        // A page without cards makes no member statement: the token is looked up on its own.
        ctx.clock.advance(61_000);
        const empty = await search(ctx, 'event_date$ge=2099-01-01', member.token);
        expect(expectBody(empty, 200, trainingsResponseSchema).data).toEqual([]);
        expect((await lastUse())?.getTime()).toBe(ctx.clock.now().getTime());
        // Not valid: a visitor's cards.
        const visitorAnswer = async () => {
          const response = await search(ctx, when, member.token);
          const card = expectBody(response, 200, trainingsResponseSchema).data.find(
            (c) => c.id === target.id && c.user_type.id === 4,
          );
          expect(card?.badge).toBeNull();
          expect(card?.training_user_steps).toEqual([]);
        };
        await set({ revokedAt: ctx.clock.now() });
        await visitorAnswer();
        await set({ revokedAt: null, expiresAt: new Date(ctx.clock.now().getTime() - 1) });
        await visitorAnswer();
        await set({
          expiresAt: new Date('2030-01-01T00:00:00Z'),
          lastUsedAt: new Date('2026-01-01T00:00:00Z'),
        });
        await visitorAnswer();
        await set({ lastUsedAt: ctx.clock.now() });
        await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, member.id));
        await visitorAnswer();
        await ctx.deps.db.update(users).set({ isActive: true }).where(eq(users.id, member.id));
        expect((await cardOf(member.token, target)).badge).toBe('awaitingLottery');
      } finally {
        ctx.clock.set(start);
        await ctx.deps.db.delete(enrollments).where(eq(enrollments.id, enrolment));
      }
    });

    it('shows "won elsewhere" when a place in another session of the same course was won', async () => {
      const otherEnrolment = await enrol(ctx, me.id, sibling.id, 4, [4, 6]);
      try {
        const mine = await cardOf(me.token, target);
        expect(mine.is_win_other_training_same_course).toBe(true);
        expect(mine.badge).toBe('wonElsewhere');
        const won = await cardOf(me.token, sibling);
        expect(won.is_win_other_training_same_course).toBe(false);
        expect(won.badge).toBe('won');
        expect((await cardOf(other.token, target)).is_win_other_training_same_course).toBe(false);
      } finally {
        await ctx.deps.db.delete(enrollments).where(eq(enrollments.id, otherEnrolment));
      }
      expect((await cardOf(me.token, target)).badge).toBe('awaitingLottery');
    });

    it('shows the order and awaiting payment, then the cancel request of a cancelled session', async () => {
      const [e] = await ctx.deps.db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.userId, me.id), eq(enrollments.trainingId, target.id)));
      if (!e) throw new Error('no enrolment');
      await ctx.deps.db.insert(enrollmentSteps).values({ enrollmentId: e.id, step: 5, status: 8 });
      await ctx.deps.db
        .delete(trainingPaymentMethods)
        .where(eq(trainingPaymentMethods.trainingId, target.id));
      await ctx.deps.db.insert(trainingPaymentMethods).values({ trainingId: target.id, paymentMethodId: 2 });
      // Paid otherwise than by card: the place's word, 当選 after a draw, else 申込確定 (decision 022).
      expect((await cardOf(me.token, target)).badge).toBe(
        target.selection === 'lottery' ? 'won' : 'confirmed',
      );
      await ctx.deps.db.insert(trainingPaymentMethods).values({ trainingId: target.id, paymentMethodId: 1 });
      await ctx.deps.db.insert(orders).values({
        userId: me.id,
        objectType: 2,
        objectId: e.id,
        trainingId: target.id,
        enrollmentId: e.id,
        amount: target.price,
        status: 0,
      });
      const paying = await cardOf(me.token, target);
      expect(paying.badge).toBe('awaitingPayment');
      expect(paying.order).toEqual({ status: 0 });

      await ctx.deps.db.insert(cancelRequests).values({ enrollmentId: e.id, status: 0 });
      const requested = await cardOf(me.token, target);
      expect(requested.training_user_cancel).toEqual({ status: 0 });
      await ctx.deps.db.update(trainings).set({ isActive: false }).where(eq(trainings.id, target.id));
      try {
        const cancelled = await cardOf(me.token, target);
        expect(cancelled.is_active).toBe(0);
        expect(cancelled.badge).toBe('sessionCancelled');
      } finally {
        await ctx.deps.db.update(trainings).set({ isActive: true }).where(eq(trainings.id, target.id));
      }
    });

    it('the detail and the cards carry the spec 000 §3 fields for the caller; a visitor gets nulls', async () => {
      const member = await makeUser(ctx);
      const detailUrl = `/api/v1/trainings/${sibling.id}?user_type=4`;
      const detailOf = async (token?: string) =>
        expectBody(
          await get(ctx.app, detailUrl, token ? { headers: { authorization: `Token ${token}` } } : {}),
          200,
          trainingResponseSchema,
        ).data;
      const [course] = await ctx.deps.db.select().from(courses).where(eq(courses.id, sibling.course.id));
      if (!course) throw new Error('no course');
      const [required] = await ctx.deps.db
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(ne(courses.id, course.id))
        .limit(1);
      if (!required) throw new Error('no other course');
      const officePrice =
        course.price === 0 || (course.certificatePrefix ?? '').toUpperCase() === 'BI' ? 0 : course.price;

      const visitor = await detailOf();
      expect(visitor).toMatchObject({
        office_price: officePrice,
        is_student: true,
        step: null,
        step_status: null,
        check_training: null,
        is_not_disabled: null,
        is_pass_basic_updated_course: null,
        order_office_status: null,
        is_not_pass_occupation: null,
        is_not_pass_course_condition: null,
      });
      expect((await cardOf(undefined, sibling)).is_not_pass_occupation).toBeNull();

      await enrol(ctx, member.id, sibling.id, 4, [4, 5]);
      await ctx.deps.db.insert(courseOccupations).values({ courseId: course.id, occupation: 1 });
      await ctx.deps.db.insert(courseConditions).values([
        { courseId: course.id, groupNo: 1, requiredCourseId: required.id, requiredUserTypeId: 4 },
        { courseId: course.id, groupNo: 1, requiredCourseId: required.id, requiredUserTypeId: 1 },
      ]);
      const [order] = await ctx.deps.db
        .insert(orders)
        .values({ userId: member.id, objectType: 1, objectId: course.id, amount: course.price, status: 3 })
        .returning({ id: orders.id });
      try {
        const mine = await detailOf(member.token);
        const unmet = [[{ course_id: required.id, course_name: required.name, roles: [1, 4] }]];
        expect(mine).toMatchObject({
          office_price: officePrice,
          is_student: true,
          step: 4,
          step_status: 5,
          check_training: false,
          // The occupation and the course condition are not met: the steps are blocked.
          is_not_disabled: false,
          is_pass_basic_updated_course: true,
          order_office_status: 3,
          is_not_pass_occupation: [{ id: 1, name: '医師' }],
          is_not_pass_course_condition: unmet,
        });
        expect(mine.training_user_steps.map((x) => [x.step, x.status])).toEqual([
          [4, 4],
          [4, 5],
        ]);
        const card = await cardOf(member.token, sibling);
        expect(card.is_not_pass_occupation).toEqual([{ id: 1, name: '医師' }]);
        expect(card.is_not_pass_course_condition).toEqual(unmet);
        // A certificate of the required course passes the condition; a revoked one does not.
        const [cert] = await ctx.deps.db
          .insert(certificates)
          .values({
            userId: member.id,
            courseId: required.id,
            certificateNumber: `CARD-${member.id}-${driver}`,
            verificationCode: `card-${member.id}-${driver}`,
            holderName: '試験 花子',
            startDate: '2025-01-01',
          })
          .returning({ id: certificates.id });
        if (!cert) throw new Error('no certificate');
        expect((await cardOf(member.token, sibling)).is_not_pass_course_condition).toEqual([]);
        await ctx.deps.db
          .update(certificates)
          .set({ revokedAt: new Date() })
          .where(eq(certificates.id, cert.id));
        expect((await cardOf(member.token, sibling)).is_not_pass_course_condition).toEqual(unmet);
        await ctx.deps.db.delete(certificates).where(eq(certificates.id, cert.id));
        // Another member's view is their own (not enrolled, no order); the rules are the same for them.
        const theirs = await detailOf(other.token);
        expect(theirs).toMatchObject({ step_status: null, order_office_status: null });
      } finally {
        await ctx.deps.db.delete(courseConditions).where(eq(courseConditions.courseId, course.id));
        await ctx.deps.db.delete(courseOccupations).where(eq(courseOccupations.courseId, course.id));
        if (order) await ctx.deps.db.delete(orders).where(eq(orders.id, order.id));
      }
      const freed = await detailOf(member.token);
      expect(freed).toMatchObject({
        is_not_disabled: true,
        is_not_pass_occupation: [],
        is_not_pass_course_condition: [],
      });
      expect((await cardOf(member.token, sibling)).is_not_pass_course_condition).toEqual([]);
    });

    it('shows an assistant their approval', async () => {
      const staff = (await allCards(ctx, 'user_type[]=2&event_date$ge=2026-12-01')).find(
        (c) => c.is_active === 1,
      );
      if (!staff) throw new Error('no assistant recruitment ahead');
      const id = await enrol(ctx, me.id, staff.id, 2, [4, 9, 12]);
      const find = async () => {
        const body = await cards(
          ctx,
          `user_type[]=2&event_date$ge=${staff.event_date}&event_date$le=${staff.event_date}&limit=100`,
          me.token,
        );
        return body.data.find((c) => c.id === staff.id);
      };
      const before = await find();
      expect(before?.badge).toBe('awaitingApproval');
      expect(before?.training_assistant_approve_users).toEqual([]);
      await ctx.deps.db
        .update(enrollments)
        .set({ assistantApprovedAt: new Date('2026-11-20T00:00:00Z') })
        .where(eq(enrollments.id, id));
      const after = await find();
      expect(after?.badge).toBe('completed');
      expect(after?.training_assistant_approve_users).toEqual([{ approved_at: '2026-11-20T00:00:00.000Z' }]);
    });
  });

  describe('GET /api/v1/trainings/{id}', () => {
    it('shows one session for a user type with its times and course documents', async () => {
      const card = (await cards(ctx, 'event_date$ge=2026-12-01&limit=1')).data[0];
      if (!card) throw new Error('no card');
      const [training] = await ctx.deps.db.select().from(trainings).where(eq(trainings.id, card.id));
      if (!training) throw new Error('no training');
      const [courseDoc] = await ctx.deps.db
        .insert(documents)
        .values({
          courseId: card.course.id,
          name: '受講案内.pdf',
          storageKey: 'docs/a.pdf',
          mimeType: 'application/pdf',
          size: 3,
        })
        .returning({ id: documents.id });
      const [sessionDoc] = await ctx.deps.db
        .insert(documents)
        .values({
          trainingId: card.id,
          name: '会場地図.pdf',
          storageKey: 'docs/b.pdf',
          mimeType: 'application/pdf',
          size: 3,
        })
        .returning({ id: documents.id });
      try {
        const body = expectBody(
          await get(ctx.app, `/api/v1/trainings/${card.id}?user_type=4`),
          200,
          trainingResponseSchema,
        );
        const {
          start_time_morning,
          end_time_morning,
          start_time_afternoon,
          end_time_afternoon,
          documents: docs,
          office_price,
          is_student,
          special_course_condition,
          step,
          step_status,
          check_training,
          is_not_disabled,
          is_pass_basic_updated_course,
          order_office_status,
          ...rest
        } = body.data;
        expect(rest).toEqual(card);
        expect(office_price).toBeGreaterThanOrEqual(0);
        expect(is_student).toBe(true);
        expect(special_course_condition).toBe(
          card.course.certificate_prefix?.toUpperCase() === 'BI' ? card.course.id : null,
        );
        expect([
          step,
          step_status,
          check_training,
          is_not_disabled,
          is_pass_basic_updated_course,
          order_office_status,
        ]).toEqual([null, null, null, null, null, null]);
        expect(start_time_morning).toBe(training.startTimeMorning?.slice(0, 5) ?? null);
        expect(end_time_morning).toBe(training.endTimeMorning?.slice(0, 5) ?? null);
        expect(start_time_afternoon).toBe(training.startTimeAfternoon?.slice(0, 5) ?? null);
        expect(end_time_afternoon).toBe(training.endTimeAfternoon?.slice(0, 5) ?? null);
        expect(docs.map((d) => d.id)).toContain(courseDoc?.id);
        expect(docs.map((d) => d.id)).not.toContain(sessionDoc?.id);
        expect(docs.find((d) => d.id === courseDoc?.id)).toEqual({
          id: courseDoc?.id,
          name: '受講案内.pdf',
          link: `/api/v1/documents/${courseDoc?.id}/download`,
        });

        const member = await makeUser(ctx);
        const logged = expectBody(
          await get(ctx.app, `/api/v1/trainings/${card.id}?user_type=4`, {
            headers: { authorization: `Token ${member.token}` },
          }),
          200,
          trainingResponseSchema,
        );
        // A session's own documents are for the members who hold a place in it (decision 020).
        expect(logged.data.documents.map((d) => d.id)).not.toContain(sessionDoc?.id);
        await enrol(ctx, member.id, card.id, 4, [4, 6, 9]);
        const placed = expectBody(
          await get(ctx.app, `/api/v1/trainings/${card.id}?user_type=4`, {
            headers: { authorization: `Token ${member.token}` },
          }),
          200,
          trainingResponseSchema,
        );
        expect(placed.data.documents.map((d) => d.id)).toContain(sessionDoc?.id);
      } finally {
        await ctx.deps.db
          .delete(documents)
          .where(inArray(documents.id, [courseDoc?.id ?? 0, sessionDoc?.id ?? 0]));
      }
    });

    it('defaults to the attendee card, else the first recruited user type', async () => {
      const card = (await cards(ctx, 'limit=1')).data[0];
      if (!card) throw new Error('no card');
      const body = expectBody(
        await get(ctx.app, `/api/v1/trainings/${card.id}`),
        200,
        trainingResponseSchema,
      );
      expect(body.data.user_type.id).toBe(4);
      const [staffOnly] = await ctx.deps.db
        .select({ id: trainings.id })
        .from(trainings)
        .where(
          sql`not exists (select 1 from training_user_types u where u.training_id = ${trainings.id} and u.user_type_id = 4)`,
        )
        .limit(1);
      if (staffOnly) {
        const staff = expectBody(
          await get(ctx.app, `/api/v1/trainings/${staffOnly.id}`),
          200,
          trainingResponseSchema,
        );
        expect(staff.data.user_type.id).toBe(Math.min(...staff.data.users_types.map((u) => u.type_id)));
      }
    });

    it('answers 404 for an unknown session or a user type it does not recruit', async () => {
      expectNotFound(await get(ctx.app, '/api/v1/trainings/99999999'));
      const card = (await cards(ctx, 'limit=1')).data[0];
      const missing = [1, 2, 3, 4, 5].find((t) => !card?.users_types.some((u) => u.type_id === t));
      expectNotFound(await get(ctx.app, `/api/v1/trainings/${card?.id}?user_type=${missing}`));
    });

    it('refuses a bad id or user type with 400', async () => {
      expectValidationError(await get(ctx.app, '/api/v1/trainings/abc'), ['id']);
      expectValidationError(await get(ctx.app, '/api/v1/trainings/1?user_type=7'), ['user_type']);
    });
  });
});

/** Decision 051: a member's search keeps the page's shared rows, and reads the member's own state. */
describe.each(drivers())("a member's search with kept pages (%s)", (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { SEARCH_CACHE_MS: '5000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("reuses the page's shared rows for a few seconds, never the member's own state", async () => {
    const me = await makeUser(ctx);
    const query = 'user_type%5B%5D=4&event_date$ge=2026-12-01&limit=20';
    const first = await cards(ctx, query, me.token);
    const card = first.data.find((c) => c.is_active === 1);
    if (!card) throw new Error('no active card');
    expect(card.training_user_steps).toEqual([]);
    const renamed = `${card.name}（変更）`;
    // Changes this process did not answer (another instance, a scheduled job, the office's database):
    // the member's kept state is dropped once their change is read (decision 063).
    await ctx.deps.db.update(trainings).set({ name: renamed }).where(eq(trainings.id, card.id));
    await enrol(ctx, me.id, card.id, 4, [4, 5]);
    await ctx.app.memberFeed.settle(ctx.deps.db);

    const second = await cards(ctx, query, me.token);
    const mine = second.data.find((c) => c.id === card.id && c.user_type.id === 4);
    expect(mine?.name).toBe(card.name); // the kept page
    expect(mine?.training_user_steps.map((s) => [s.step, s.status])).toEqual([
      [4, 4],
      [4, 5],
    ]);
    expect(mine?.badge).toBe('awaitingLottery'); // the member's own state, read again

    // Another member's search shares the kept page, with their own (empty) state.
    const other = await makeUser(ctx);
    const theirs = (await cards(ctx, query, other.token)).data.find(
      (c) => c.id === card.id && c.user_type.id === 4,
    );
    expect(theirs?.name).toBe(card.name);
    expect(theirs?.training_user_steps).toEqual([]);
    expect(theirs?.badge).toBeNull();

    // A reload (Cache-Control: no-cache) reads the page again.
    const reload = await get(ctx.app, `/api/v1/trainings?${query}`, {
      headers: { authorization: `Token ${me.token}`, 'cache-control': 'no-cache' },
    });
    const fresh = expectBody(reload, 200, trainingsResponseSchema).data.find((c) => c.id === card.id);
    expect(fresh?.name).toBe(renamed);
    await ctx.deps.db.update(trainings).set({ name: card.name }).where(eq(trainings.id, card.id));
    expect((await cards(ctx, query, me.token)).data.find((c) => c.id === card.id)?.name).toBe(renamed);

    // A write this process answers drops the kept pages.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: `Token ${other.token}` },
    });
    expect(logout.statusCode).toBeLessThan(400);
    expect((await cards(ctx, query, me.token)).data.find((c) => c.id === card.id)?.name).toBe(card.name);
  });
});

/**
 * Decision 063: a member's state on a page and their token's account are kept in the process until the
 * database's triggers record that member's data changed (through any connection), or everything did.
 */
describe.each(drivers())("a member's state kept until it changes (%s)", (driver) => {
  let ctx: TestContext;
  let card: TrainingCard;
  const query = 'user_type%5B%5D=4&event_date$ge=2026-12-01&limit=50';
  beforeAll(async () => {
    ctx = await createTestContext(driver, { env: { SEARCH_CACHE_MS: '5000' } });
    const found = (await cards(ctx, query)).data.find((c) => c.is_active === 1);
    if (!found) throw new Error('no active card');
    card = found;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The member's card of the session (undefined: not on the page), on the page of its day. */
  const mine = async (token: string, headers: Record<string, string> = {}) => {
    const day = `event_date$ge=${card.event_date}&event_date$le=${card.event_date}&limit=100`;
    const response = await get(ctx.app, `/api/v1/trainings?${day}`, {
      headers: { authorization: `Token ${token}`, ...headers },
    });
    return expectBody(response, 200, trainingsResponseSchema).data.find(
      (c) => c.id === card.id && c.user_type.id === 4,
    );
  };
  /** Every change committed so far has been read by the app. */
  const settle = () => ctx.app.memberFeed.settle(ctx.deps.db);
  /** A change the triggers do not record: the app cannot know of it, so it shows only what it keeps. */
  async function unrecorded(change: () => Promise<unknown>) {
    const tables = ['enrollments', 'enrollment_steps', 'users'];
    for (const table of tables)
      await ctx.deps.db.execute(sql.raw(`alter table ${table} disable trigger user`));
    try {
      await change();
    } finally {
      for (const table of tables)
        await ctx.deps.db.execute(sql.raw(`alter table ${table} enable trigger user`));
    }
    await settle();
  }
  const removeEnrolments = (userId: number) =>
    ctx.deps.db.delete(enrollments).where(eq(enrollments.userId, userId));

  it('answers a repeated search from what it keeps; a reload reads the member again', async () => {
    const me = await makeUser(ctx);
    try {
      expect((await mine(me.token))?.badge).toBeNull();
      await unrecorded(() => enrol(ctx, me.id, card.id, 4, [4, 5]));
      // Kept: the change was not recorded, so the member's state is the one read before it.
      expect((await mine(me.token))?.badge).toBeNull();
      expect((await mine(me.token, { 'cache-control': 'no-cache' }))?.badge).toBe('awaitingLottery');
      // What the reload read is kept in turn.
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
    } finally {
      await removeEnrolments(me.id);
    }
  });

  it("keeps a member's whole answer only while the page's shared rows it was made from are kept", async () => {
    const me = await makeUser(ctx);
    const other = await makeUser(ctx);
    try {
      const first = await mine(me.token);
      expect(first?.name).toBe(card.name);
      // A change no trigger records for members (a session's name), made behind the app's back.
      await ctx.deps.db
        .update(trainings)
        .set({ name: `${card.name}（改）` })
        .where(eq(trainings.id, card.id));
      expect((await mine(me.token))?.name).toBe(card.name);
      // Another member's reload reads the page again and keeps it: my answer, made from the page
      // before, is not used any more.
      expect((await mine(other.token, { 'cache-control': 'no-cache' }))?.name).toBe(`${card.name}（改）`);
      expect((await mine(me.token))?.name).toBe(`${card.name}（改）`);
    } finally {
      await ctx.deps.db.update(trainings).set({ name: card.name }).where(eq(trainings.id, card.id));
    }
  });

  it("drops a member's state when their data changes through another connection, and only theirs", async () => {
    const me = await makeUser(ctx);
    const other = await makeUser(ctx);
    try {
      expect((await mine(me.token))?.badge).toBeNull();
      expect((await mine(other.token))?.badge).toBeNull();
      // An application and its steps (enrollments, enrollment_steps).
      const enrolment = await enrol(ctx, me.id, card.id, 4, [4, 5]);
      await settle();
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      // A change of one member leaves another's kept state alone.
      await unrecorded(() => enrol(ctx, other.id, card.id, 4, [4, 5]));
      await ctx.deps.db.insert(enrollmentSteps).values({ enrollmentId: enrolment, step: 4, status: 6 });
      await ctx.deps.db.update(enrollments).set({ status: 6 }).where(eq(enrollments.id, enrolment));
      await settle();
      expect((await mine(me.token))?.training_user_steps.map((step) => step.status)).toEqual([4, 5, 6]);
      expect((await mine(other.token))?.badge).toBeNull();
      // A cancel request (cancel_requests) and an order (orders).
      await ctx.deps.db.insert(cancelRequests).values({ enrollmentId: enrolment, status: 1 });
      await settle();
      expect((await mine(me.token))?.training_user_cancel?.status).toBe(1);
      await ctx.deps.db.delete(enrollments).where(eq(enrollments.id, enrolment));
      await settle();
      expect((await mine(me.token))?.badge).toBeNull();
    } finally {
      await removeEnrolments(me.id);
      await removeEnrolments(other.id);
    }
  });

  it("drops a token's kept account when it is revoked or the account deactivated", async () => {
    const me = await makeUser(ctx);
    try {
      await enrol(ctx, me.id, card.id, 4, [4, 5]);
      await settle();
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      const token = eq(authTokens.tokenHash, hashToken(me.token));
      await ctx.deps.db.update(authTokens).set({ revokedAt: ctx.clock.now() }).where(token);
      await settle();
      expect((await mine(me.token))?.badge).toBeNull();
      await ctx.deps.db.update(authTokens).set({ revokedAt: null }).where(token);
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, me.id));
      await settle();
      expect((await mine(me.token))?.badge).toBeNull();
      await ctx.deps.db.update(users).set({ isActive: true }).where(eq(users.id, me.id));
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
    } finally {
      await removeEnrolments(me.id);
    }
  });

  it("judges a kept token's lifetime and idle limit by the clock", async () => {
    const me = await makeUser(ctx);
    const start = ctx.clock.now();
    try {
      await enrol(ctx, me.id, card.id, 4, [4, 5]);
      await settle();
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      // Idle: 14 days and a minute later, unused since the search above.
      ctx.clock.advance(14 * 24 * 60 * 60 * 1000 + 60_000);
      expect((await mine(me.token))?.badge).toBeNull();
      ctx.clock.set(start);
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      // Expired: past the token's lifetime (2030-01-01).
      ctx.clock.set('2030-01-01T00:00:01Z');
      expect((await mine(me.token))?.badge).toBeNull();
    } finally {
      ctx.clock.set(start);
      await removeEnrolments(me.id);
    }
  });

  it("drops every member's state for a statement that touches many members, and for this process's writes", async () => {
    const me = await makeUser(ctx);
    const other = await makeUser(ctx);
    try {
      expect((await mine(me.token))?.badge).toBeNull();
      await unrecorded(() => enrol(ctx, me.id, card.id, 4, [4, 5]));
      expect((await mine(me.token))?.badge).toBeNull();
      // 65 other members' applications in one statement: '*'.
      const crowd = await makeUsers(ctx, 65);
      const applied = await ctx.deps.db
        .insert(enrollments)
        .values(crowd.map((u) => ({ trainingId: card.id, userId: u.id, userTypeId: 4, status: 5 as const })))
        .returning({ id: enrollments.id });
      await settle();
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
      await ctx.deps.db.delete(enrollments).where(
        inArray(
          enrollments.id,
          applied.map((e) => e.id),
        ),
      );

      await removeEnrolments(me.id);
      await settle();
      expect((await mine(me.token))?.badge).toBeNull();
      await unrecorded(() => enrol(ctx, me.id, card.id, 4, [4, 5]));
      expect((await mine(me.token))?.badge).toBeNull();
      // Any write this process answers (another member's logout) drops what it keeps at once.
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { authorization: `Token ${other.token}` },
      });
      expect(logout.statusCode).toBeLessThan(400);
      expect((await mine(me.token))?.badge).toBe('awaitingLottery');
    } finally {
      await removeEnrolments(me.id);
    }
  });

  // PGlite has one connection: no other transaction can hold the horizon back there.
  it.skipIf(driver === 'pglite')(
    'keeps what it read after a change while another transaction holds the horizon back',
    async () => {
      const me = await makeUser(ctx);
      const other = new pg.Client({ connectionString: ctx.deps.config.databaseUrl });
      await other.connect();
      try {
        // A transaction with an id, left running: every read's horizon stays below it.
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        await enrol(ctx, me.id, card.id, 4, [4, 5]);
        await settle();
        expect((await mine(me.token))?.badge).toBe('awaitingLottery');
        await unrecorded(() => removeEnrolments(me.id));
        // Reads since have found the application's rows again: they were read once, and drop nothing.
        await settle();
        expect((await mine(me.token))?.badge).toBe('awaitingLottery');
        await other.query('rollback');
        await settle();
        expect((await mine(me.token))?.badge).toBe('awaitingLottery');
        expect((await mine(me.token, { 'cache-control': 'no-cache' }))?.badge).toBeNull();
      } finally {
        await other.end();
        await removeEnrolments(me.id);
      }
    },
  );

  it('keeps nothing while the changes cannot be read, and drops all when they can again', async () => {
    const me = await makeUser(ctx);
    const feed = ctx.app.memberFeed;
    const rename = (from: string, to: string) =>
      ctx.deps.db.execute(sql.raw(`alter table ${from} rename to ${to}`));
    try {
      expect((await mine(me.token))?.badge).toBeNull();
      await unrecorded(() => enrol(ctx, me.id, card.id, 4, [4, 5]));
      expect((await mine(me.token))?.badge).toBeNull();
      await rename('member_state_changes', 'member_state_changes_away');
      try {
        await expect(feed.settle(ctx.deps.db)).rejects.toThrow();
        expect(feed.enabled).toBe(false);
        expect((await mine(me.token))?.badge).toBe('awaitingLottery');
        // Not kept meanwhile: a change no trigger records shows at once.
        await unrecorded(() => removeEnrolments(me.id)).catch(() => {});
        expect((await mine(me.token))?.badge).toBeNull();
      } finally {
        await rename('member_state_changes_away', 'member_state_changes');
      }
      await settle();
      expect(feed.enabled).toBe(true);
      // Read again: kept again.
      expect((await mine(me.token))?.badge).toBeNull();
      await unrecorded(() => enrol(ctx, me.id, card.id, 4, [4, 5]));
      expect((await mine(me.token))?.badge).toBeNull();
    } finally {
      await removeEnrolments(me.id);
    }
  });
});
