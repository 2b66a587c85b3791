import { newsListResponseSchema, newsResponseSchema, type NewsSummary } from '@mels/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, TEST_NOW, type TestContext } from '../../../test/context.ts';
import { expectBody, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { news } from '../../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Asserts the items are ordered by the given key, ties broken by id in the same direction. */
function expectOrdered(items: NewsSummary[], key: 'updated_at' | 'public_date', direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  for (let i = 1; i < items.length; i += 1) {
    const prev = items[i - 1];
    const cur = items[i];
    if (!prev || !cur) continue;
    const byKey = Date.parse(cur[key]) - Date.parse(prev[key]);
    const inOrder = byKey * sign > 0 || (byKey === 0 && (cur.id - prev.id) * sign > 0);
    expect(inOrder, `${prev.id} (${prev[key]}) before ${cur.id} (${cur[key]})`).toBe(true);
  }
}

describe.each(drivers())('news (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The news a visitor may see at the pinned clock, counted straight from the table. */
  const visibleIds = async (userType?: number) => {
    const now = ctx.clock.now();
    const rows = await ctx.deps.db.select().from(news);
    return rows
      .filter(
        (r) =>
          r.isPublished &&
          r.publicDate.getTime() <= now.getTime() &&
          (r.userTypeId === null || r.userTypeId === userType),
      )
      .map((r) => r.id);
  };

  describe('GET /api/v1/news', () => {
    it('lists the news a visitor may see (of at least 30), newest public date first by default', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/news?limit=999'), 200, newsListResponseSchema);
      expect((await ctx.deps.db.select({ id: news.id }).from(news)).length).toBeGreaterThanOrEqual(30);
      const expected = await visibleIds();
      expect(expected.length).toBeGreaterThan(20);
      expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 999, total: expected.length });
      expect(body.data.map((n) => n.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      expectOrdered(body.data, 'public_date', 'desc');
    });

    it('orders by updated_at desc as the home page asks', async () => {
      const body = expectBody(
        await get(ctx.app, '/api/v1/news?sort=updated_at&direction=desc&limit=5'),
        200,
        newsListResponseSchema,
      );
      expect(body.data).toHaveLength(5);
      expect(body.pagination.limit).toBe(5);
      expectOrdered(body.data, 'updated_at', 'desc');
      const all = expectBody(
        await get(ctx.app, '/api/v1/news?sort=updated_at&direction=desc&limit=999'),
        200,
        newsListResponseSchema,
      );
      expectOrdered(all.data, 'updated_at', 'desc');
      expect(body.data.map((n) => n.id)).toEqual(all.data.slice(0, 5).map((n) => n.id));
    });

    it('orders ascending when asked', async () => {
      const asc = expectBody(
        await get(ctx.app, '/api/v1/news?sort=public_date&direction=asc&limit=999'),
        200,
        newsListResponseSchema,
      );
      expectOrdered(asc.data, 'public_date', 'asc');
      const desc = expectBody(
        await get(ctx.app, '/api/v1/news?sort=public_date&direction=desc&limit=999'),
        200,
        newsListResponseSchema,
      );
      expect(asc.data.map((n) => n.id)).toEqual(desc.data.map((n) => n.id).reverse());
    });

    it('pages with limit and page, without overlap', async () => {
      const all = expectBody(await get(ctx.app, '/api/v1/news?limit=999'), 200, newsListResponseSchema);
      const total = all.pagination.total;
      const page1 = expectBody(
        await get(ctx.app, '/api/v1/news?limit=10&page=1'),
        200,
        newsListResponseSchema,
      );
      const page2 = expectBody(
        await get(ctx.app, '/api/v1/news?limit=10&page=2'),
        200,
        newsListResponseSchema,
      );
      expect(page1.pagination).toEqual({ page: 1, limit: 10, total, pages: Math.ceil(total / 10) });
      expect(page2.pagination).toEqual({ page: 2, limit: 10, total, pages: Math.ceil(total / 10) });
      expect([...page1.data, ...page2.data].map((n) => n.id)).toEqual(all.data.slice(0, 20).map((n) => n.id));
    });

    it('shows nothing whose public date is still to come', async () => {
      const rows = await ctx.deps.db.select({ id: news.id, publicDate: news.publicDate }).from(news);
      const future = rows.filter((r) => r.publicDate.getTime() > Date.parse(TEST_NOW)).map((r) => r.id);
      expect(future.length, 'the demo data holds news still to come').toBeGreaterThan(0);
      const body = expectBody(await get(ctx.app, '/api/v1/news?limit=999'), 200, newsListResponseSchema);
      for (const item of body.data)
        expect(Date.parse(item.public_date)).toBeLessThanOrEqual(Date.parse(TEST_NOW));
      const listed = body.data.map((n) => n.id);
      for (const id of future) {
        expect(listed).not.toContain(id);
        expectNotFound(await get(ctx.app, `/api/v1/news/${id}`));
      }
    });

    it('writes dates as ISO 8601 timestamps and only the public fields', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/news?limit=5'), 200, newsListResponseSchema);
      for (const item of body.data) {
        expect(Object.keys(item).sort()).toEqual([
          'category_news',
          'id',
          'pinned',
          'public_date',
          'title',
          'updated_at',
        ]);
        expect(item.public_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(item.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
    });

    it.each([
      ['limit=abc', 'limit', '件数は数値で指定してください'],
      ['limit=1000', 'limit', '件数は999以下で指定してください'],
      ['page=0', 'page', 'ページは1以上で指定してください'],
      ['direction=up', 'direction', '並び方向の値が正しくありません'],
      ['sort=title', 'sort', '並び順の値が正しくありません'],
      ['user_type=9', 'user_type', '募集区分は5以下で指定してください'],
    ])('refuses ?%s', async (query, field, message) => {
      const errors = expectValidationError(await get(ctx.app, `/api/v1/news?${query}`), [field]);
      expect(errors[field]).toEqual([message]);
    });
  });

  describe('GET /api/v1/news/{id}', () => {
    it('shows a listed item with its content', async () => {
      const list = expectBody(await get(ctx.app, '/api/v1/news?limit=3'), 200, newsListResponseSchema);
      for (const summary of list.data) {
        const body = expectBody(await get(ctx.app, `/api/v1/news/${summary.id}`), 200, newsResponseSchema);
        expect(body.data).toMatchObject(summary);
        expect(body.data.content.length).toBeGreaterThan(0);
      }
    });

    it('answers an unknown id with 404', async () => {
      expectNotFound(await get(ctx.app, '/api/v1/news/999999'));
    });

    it('refuses id=abc with 400', async () => {
      const errors = expectValidationError(await get(ctx.app, '/api/v1/news/abc'), ['id']);
      expect(errors.id).toEqual(['IDは数値で指定してください']);
    });
  });

  describe('visibility', () => {
    it('keeps future, unpublished and user-type news from a visitor', async () => {
      const now = ctx.clock.now();
      const inserted = await ctx.deps.db
        .insert(news)
        .values([
          {
            title: 'テスト: 来週公開',
            content: '<p>未来</p>',
            publicDate: new Date(now.getTime() + 7 * DAY),
          },
          {
            title: 'テスト: 非公開',
            content: '<p>下書き</p>',
            publicDate: new Date(now.getTime() - DAY),
            isPublished: false,
          },
          {
            title: 'テスト: インストラクター向け',
            content: '<p>講師</p>',
            publicDate: new Date(now.getTime() - DAY),
            userTypeId: 1,
          },
        ])
        .returning({ id: news.id });
      const [future, draft, forInstructors] = inserted.map((r) => r.id);
      if (future === undefined || draft === undefined || forInstructors === undefined)
        throw new Error('insert failed');
      try {
        const listed = async (query = '') =>
          expectBody(
            await get(ctx.app, `/api/v1/news?limit=999${query}`),
            200,
            newsListResponseSchema,
          ).data.map((n) => n.id);

        let ids = await listed();
        expect(ids).not.toContain(future);
        expect(ids).not.toContain(draft);
        expect(ids).not.toContain(forInstructors);
        expectNotFound(await get(ctx.app, `/api/v1/news/${future}`));
        expectNotFound(await get(ctx.app, `/api/v1/news/${draft}`));
        expectNotFound(await get(ctx.app, `/api/v1/news/${forInstructors}`));

        // Instructors see their own news with the general ones.
        ids = await listed('&user_type=1');
        expect(ids).toContain(forInstructors);
        expect(ids.length).toBe((await visibleIds(1)).length);
        expectBody(await get(ctx.app, `/api/v1/news/${forInstructors}?user_type=1`), 200, newsResponseSchema);
        expect(await listed('&user_type=4')).not.toContain(forInstructors);

        // A week later the future item is public; the draft stays hidden.
        ctx.clock.advance(7 * DAY + 1000);
        ids = await listed();
        expect(ids).toContain(future);
        expect(ids).not.toContain(draft);
        const body = expectBody(await get(ctx.app, `/api/v1/news/${future}`), 200, newsResponseSchema);
        expect(body.data.title).toBe('テスト: 来週公開');
      } finally {
        ctx.clock.set(TEST_NOW);
        await ctx.deps.db.delete(news).where(inArray(news.id, [future, draft, forInstructors]));
      }
    });
  });
});
