/**
 * The session search's own table (training_search, migration 0029, decision 045) and its capped count.
 * The table is kept by triggers: whatever writes sessions and recruitments (the office's catalogue, the
 * seeds, these tests' plain statements) leaves it equal to training_user_types ⋈ trainings, and the
 * search answers from it.
 */
import { trainingsResponseSchema, type TrainingCard } from '@mels/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, get } from '../../../test/http.ts';
import { trainings, trainingUserTypes } from '../../db/schema.ts';

const cards = async (ctx: TestContext, query: string) =>
  expectBody(await get(ctx.app, `/api/v1/trainings?${query}`), 200, trainingsResponseSchema);

type Rows = { rows: Record<string, unknown>[] };

/** The rows of training_search that differ from what the two tables say (both directions). */
async function drift(ctx: TestContext): Promise<unknown[]> {
  const expected = sql`select u.id as tut_id, u.training_id, u.user_type_id, t.area_id, t.course_id, t.event_date,
      t.event_start_time, u.apply_start_date, u.apply_end_date, t.status = 'published' as published,
      t.is_active as active
    from training_user_types u join trainings t on t.id = u.training_id`;
  const actual = sql`select tut_id, training_id, user_type_id, area_id, course_id, event_date, event_start_time,
      apply_start_date, apply_end_date, published, active from training_search`;
  const result = (await ctx.deps.db.execute(
    sql`(${expected} except all ${actual}) union all (${actual} except all ${expected})`,
  )) as unknown as Rows;
  return result.rows;
}

/** The sessions of the test: far in the future (2031), so that no demo session shares their dates. */
const FUTURE = 'event_date$ge=2031-01-01';

/**
 * `n` published sessions from 2031-01-01 in prefectures 13 and 27, three sessions a day at the same
 * start time (their order is decided by the session id), each recruiting attendees (type 4); a third
 * of the windows open at TEST_NOW, a third upcoming, a third closed. One INSERT each, as a seed does.
 */
async function addSessions(ctx: TestContext, n: number) {
  await ctx.deps.db.execute(sql`
    insert into trainings (course_id, area_id, name, event_date, event_start_time, event_end_time, sponsor_by, venue, venue_name)
    select (select min(id) from courses), case when i % 2 = 0 then 13 else 27 end, '検索試験 ' || i,
      date '2031-01-01' + (i / 3), time '10:00', time '16:00', '試験', '東京都千代田区', '試験会場'
    from generate_series(0, ${n - 1}) as i`);
  await ctx.deps.db.execute(sql`
    insert into training_user_types (training_id, user_type_id, capacity, apply_start_date, apply_end_date)
    select t.id, 4, 30,
      case t.id % 3 when 0 then timestamptz '2026-11-01T00:00:00Z' when 1 then timestamptz '2027-01-01T00:00:00Z' else timestamptz '2026-10-01T00:00:00Z' end,
      case t.id % 3 when 0 then timestamptz '2026-12-31T00:00:00Z' when 1 then timestamptz '2027-02-01T00:00:00Z' else timestamptz '2026-10-31T00:00:00Z' end
    from trainings t where t.name like '検索試験 %'`);
}

const PHASE_RANK = { open: 0, upcoming: 1, closed: 2 } as const;
const sortKey = (c: TrainingCard) =>
  [
    PHASE_RANK[c.recruiting],
    c.event_date,
    c.event_start_time,
    String(c.id).padStart(10, '0'),
    c.user_type.id,
  ].join('|');

describe.each(drivers())('the search table and the capped count (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('holds every recruitment of the seeded data, as the two tables say', async () => {
    const [{ n } = { n: 0 }] = (
      (await ctx.deps.db.execute(sql`select count(*)::int as n from training_search`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBeGreaterThan(100);
    expect(await drift(ctx)).toEqual([]);
  });

  it('stops counting past 1,000 matches and says so; pages go on past the cap; the order stays', async () => {
    await addSessions(ctx, 1005);
    expect(await drift(ctx)).toEqual([]);

    const first = await cards(ctx, FUTURE);
    expect(first.pagination).toEqual({ page: 1, pages: 101, limit: 10, total: 1000, total_capped: true });
    const hundredth = await cards(ctx, `${FUTURE}&page=100`);
    expect(hundredth.data).toHaveLength(10);
    expect(hundredth.pagination).toEqual({
      page: 100,
      pages: 101,
      limit: 10,
      total: 1000,
      total_capped: true,
    });
    // Past the cap the count is exact again once it reaches the end.
    const last = await cards(ctx, `${FUTURE}&page=101`);
    expect(last.data).toHaveLength(5);
    expect(last.pagination).toEqual({ page: 101, pages: 101, limit: 10, total: 1005 });
    const past = await cards(ctx, `${FUTURE}&page=102`);
    expect(past).toEqual({ data: [], pagination: { page: 102, pages: 101, limit: 10, total: 1005 } });

    // Every card once, in the search's order, walking while page < pages as the infinite scroll does.
    const all: TrainingCard[] = [];
    for (let page = 1; ; page++) {
      const body = await cards(ctx, `${FUTURE}&limit=100&page=${page}`);
      all.push(...body.data);
      if (page >= body.pagination.pages) break;
    }
    expect(all).toHaveLength(1005);
    expect(new Set(all.map((c) => c.id)).size).toBe(1005);
    const keys = all.map(sortKey);
    expect(keys).toEqual([...keys].sort());
    expect(all.map((c) => c.recruiting).filter((p, i, a) => p !== a[i - 1])).toEqual([
      'open',
      'upcoming',
      'closed',
    ]);

    // Fewer matches than the cap: exact, no flag (a prefecture, the open ones only).
    const tokyoOpen = await cards(ctx, `${FUTURE}&area[]=13&open_only=1`);
    const expected = all.filter((c) => c.area.id === 13 && c.recruiting === 'open').length;
    expect(tokyoOpen.pagination).toEqual({
      page: 1,
      pages: Math.ceil(expected / 10),
      limit: 10,
      total: expected,
    });
  });

  it('follows the session and its recruitment when they are edited, unpublished or deleted', async () => {
    const [session] = await ctx.deps.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(eq(trainings.name, '検索試験 0'));
    if (!session) throw new Error('no session');
    const find = async (query: string) =>
      (await cards(ctx, `${query}&limit=100`)).data.filter((c) => c.id === session.id);

    // Moved to another prefecture and day, as the office's edit does (one UPDATE of the session).
    await ctx.deps.db
      .update(trainings)
      .set({ areaId: 1, eventDate: '2032-06-01', eventStartTime: '09:30:00' })
      .where(eq(trainings.id, session.id));
    expect(await find('area[]=1&event_date$ge=2032-06-01&event_date$le=2032-06-01')).toHaveLength(1);
    expect(await find(`area[]=13&${FUTURE}`)).toHaveLength(0);

    // Its window moved: upcoming now, so no longer among the open ones.
    await ctx.deps.db
      .update(trainingUserTypes)
      .set({
        applyStartDate: new Date('2027-03-01T00:00:00Z'),
        applyEndDate: new Date('2027-04-01T00:00:00Z'),
      })
      .where(eq(trainingUserTypes.trainingId, session.id));
    const [moved] = await find('area[]=1&event_date$ge=2032-06-01');
    expect(moved?.recruiting).toBe('upcoming');
    expect(await find('area[]=1&event_date$ge=2032-06-01&open_only=1')).toHaveLength(0);

    // Taking a place does not touch the search table (no trigger on participant).
    await ctx.deps.db
      .update(trainingUserTypes)
      .set({ participant: 3 })
      .where(eq(trainingUserTypes.trainingId, session.id));
    expect((await find('area[]=1&event_date$ge=2032-06-01'))[0]?.participant).toBe(3);

    // A second recruitment of the session (staff, type 1) is searchable at once.
    await ctx.deps.db.insert(trainingUserTypes).values({
      trainingId: session.id,
      userTypeId: 1,
      capacity: 5,
      applyStartDate: new Date('2026-11-01T00:00:00Z'),
      applyEndDate: new Date('2026-12-01T00:00:00Z'),
    });
    expect(await find('user_type[]=1&area[]=1&event_date$ge=2032-06-01')).toHaveLength(1);

    // Cancelled (its staff recruitment open, its attendees' upcoming): among the open ones no more, both
    // listed with the closed ones and their cards closed; active again, open again.
    const openTwo = 'area[]=1&event_date$ge=2032-06-01&open_only=1&user_type[]=1&user_type[]=4';
    expect((await find(openTwo)).map((c) => c.recruiting)).toEqual(['open']);
    await ctx.deps.db.update(trainings).set({ isActive: false }).where(eq(trainings.id, session.id));
    expect(await find(openTwo)).toHaveLength(0);
    expect((await cards(ctx, openTwo)).pagination.total).toBe(0);
    const listed = await find('area[]=1&event_date$ge=2032-06-01&user_type[]=1&user_type[]=4');
    expect(listed.map((c) => [c.is_active, c.recruiting])).toEqual([
      [0, 'closed'],
      [0, 'closed'],
    ]);
    expect(await drift(ctx)).toEqual([]);
    await ctx.deps.db.update(trainings).set({ isActive: true }).where(eq(trainings.id, session.id));
    expect((await find(openTwo)).map((c) => c.recruiting)).toEqual(['open']);

    // Unpublished (a draft again), then published; then deleted.
    await ctx.deps.db.update(trainings).set({ status: 'draft' }).where(eq(trainings.id, session.id));
    expect(await find('user_type[]=1&user_type[]=4&area[]=1')).toHaveLength(0);
    await ctx.deps.db.update(trainings).set({ status: 'published' }).where(eq(trainings.id, session.id));
    expect(await find('user_type[]=1&user_type[]=4&area[]=1')).toHaveLength(2);
    expect(await drift(ctx)).toEqual([]);
    await ctx.deps.db.delete(trainings).where(eq(trainings.id, session.id));
    expect(await find('user_type[]=1&user_type[]=4&area[]=1')).toHaveLength(0);
    expect(await drift(ctx)).toEqual([]);
  });

  it.runIf(driver === 'postgres')(
    'runs the search on connections that keep one generic plan, and nothing else there (decision 059)',
    async () => {
      // Seven pages of one search: one prepared statement, executed seven times on the search's pool.
      for (let page = 1; page <= 7; page++) await cards(ctx, `${FUTURE}&area[]=27&limit=1&page=${page}`);
      // The pool hands the connection last released to the next query: the one that ran the searches.
      const [search] = (
        (await ctx.deps.dbHandle.searchDb.execute(sql`select current_setting('plan_cache_mode') as mode,
          coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
          from pg_prepared_statements`)) as unknown as Rows
      ).rows;
      expect(search).toMatchObject({ mode: 'force_generic_plan', custom: 0 });
      expect(Number(search?.generic)).toBeGreaterThanOrEqual(1);
      const [main] = (
        (await ctx.deps.db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as Rows
      ).rows;
      expect(main).toEqual({ mode: 'auto' });
    },
  );

  it('reads a repeated list value once (one probe per distinct value)', async () => {
    const once = await cards(ctx, `${FUTURE}&area[]=27&limit=100`);
    const twice = await cards(ctx, `${FUTURE}&area[]=27&area[]=27&user_type[]=4&user_type[]=4&limit=100`);
    expect(twice).toEqual(once);
  });
});
