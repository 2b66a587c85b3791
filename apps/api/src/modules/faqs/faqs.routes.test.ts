import { faqsResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectValidationError, get } from '../../../test/http.ts';
import { faqs } from '../../db/schema.ts';

describe.each(drivers())('GET /api/v1/faqs (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists at least 25 questions, 20 to a page by default', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/faqs'), 200, faqsResponseSchema);
    expect(body.pagination.total).toBeGreaterThanOrEqual(25);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: body.pagination.total,
      pages: Math.ceil(body.pagination.total / 20),
    });
    expect(body.data).toHaveLength(20);
    for (const faq of body.data) {
      expect(Object.keys(faq).sort()).toEqual(['active', 'content', 'id', 'title']);
      expect(faq.active).toBe(1);
      expect(faq.title.length).toBeGreaterThan(0);
      expect(faq.content.length).toBeGreaterThan(0);
    }
  });

  it('pages on with ?page= without repeating or losing a question', async () => {
    const first = expectBody(await get(ctx.app, '/api/v1/faqs?page=1'), 200, faqsResponseSchema);
    const second = expectBody(await get(ctx.app, '/api/v1/faqs?page=2'), 200, faqsResponseSchema);
    const all = expectBody(await get(ctx.app, '/api/v1/faqs?limit=999'), 200, faqsResponseSchema);
    expect(second.pagination.page).toBe(2);
    expect(second.data.length).toBe(Math.min(20, all.pagination.total - 20));
    const paged = [...first.data, ...second.data].map((f) => f.id);
    expect(paged).toEqual(all.data.slice(0, paged.length).map((f) => f.id));
    expect(new Set(paged).size).toBe(paged.length);
  });

  it('shows only active questions, in display order', async () => {
    const rows = await ctx.deps.db.select().from(faqs);
    const expected = rows
      .filter((r) => r.active)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((r) => r.id);
    const all = expectBody(await get(ctx.app, '/api/v1/faqs?limit=999'), 200, faqsResponseSchema);
    expect(all.data.map((f) => f.id)).toEqual(expected);
    expect(all.pagination.total).toBe(expected.length);
  });

  it.each([
    ['page=0', 'page', 'ページは1以上で指定してください'],
    ['page=abc', 'page', 'ページは数値で指定してください'],
    ['limit=abc', 'limit', '件数は数値で指定してください'],
  ])('refuses ?%s', async (query, field, message) => {
    const errors = expectValidationError(await get(ctx.app, `/api/v1/faqs?${query}`), [field]);
    expect(errors[field]).toEqual([message]);
  });
});
