import { courseResponseSchema, coursesResponseSchema, ja } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { courses } from '../../db/schema.ts';

describe.each(drivers())('courses (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const activeCount = async () =>
    (await ctx.deps.db.select().from(courses).where(eq(courses.isActive, true))).length;

  describe('GET /api/v1/courses', () => {
    it('lists the active courses in display order, including ベーシックコース', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/courses?limit=999'), 200, coursesResponseSchema);
      const total = await activeCount();
      expect(total).toBeGreaterThan(1);
      expect(body.data).toHaveLength(total);
      expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 999, total });
      expect(body.data.map((c) => c.name)).toContain('ベーシックコース');
      const orders = body.data.map((c) => [c.order, c.id] as const);
      const sorted = [...orders].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(orders).toEqual(sorted);
    });

    it('shows course summaries only, prices in whole yen', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/courses?limit=999'), 200, coursesResponseSchema);
      for (const course of body.data) {
        expect(Object.keys(course).sort()).toEqual(
          [
            'certificate_prefix',
            'description',
            'id',
            'is_renewal',
            'name',
            'order',
            'price',
            'thumbnail',
          ].sort(),
        );
        expect(Number.isInteger(course.price)).toBe(true);
        expect(course.price).toBeGreaterThanOrEqual(0);
      }
    });

    it('leaves inactive courses out', async () => {
      const [course] = await ctx.deps.db.select().from(courses).where(eq(courses.isActive, true)).limit(1);
      if (!course) throw new Error('the demo data has no active course');
      await ctx.deps.db.update(courses).set({ isActive: false }).where(eq(courses.id, course.id));
      try {
        const body = expectBody(await get(ctx.app, '/api/v1/courses?limit=999'), 200, coursesResponseSchema);
        expect(body.data.map((c) => c.id)).not.toContain(course.id);
        expectNotFound(await get(ctx.app, `/api/v1/courses/${course.id}`));
      } finally {
        await ctx.deps.db.update(courses).set({ isActive: true }).where(eq(courses.id, course.id));
      }
    });

    it('honours limit and page', async () => {
      const total = await activeCount();
      const all = expectBody(await get(ctx.app, '/api/v1/courses?limit=999'), 200, coursesResponseSchema);
      const first = expectBody(await get(ctx.app, '/api/v1/courses?limit=1'), 200, coursesResponseSchema);
      expect(first.data).toHaveLength(1);
      expect(first.pagination).toEqual({ page: 1, pages: total, limit: 1, total });
      expect(first.data[0]?.id).toBe(all.data[0]?.id);
      const second = expectBody(
        await get(ctx.app, '/api/v1/courses?limit=1&page=2'),
        200,
        coursesResponseSchema,
      );
      expect(second.data[0]?.id).toBe(all.data[1]?.id);
    });

    it('defaults to a page of 20', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/courses'), 200, coursesResponseSchema);
      expect(body.pagination.limit).toBe(20);
      expect(body.pagination.page).toBe(1);
    });

    it('refuses limit=1000 with a Japanese message', async () => {
      const errors = expectValidationError(await get(ctx.app, '/api/v1/courses?limit=1000'), ['limit']);
      expect(errors.limit).toEqual(['件数は999以下で指定してください']);
    });

    it.each([
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
    ])('refuses ?%s', async (query, field) => {
      expectValidationError(await get(ctx.app, `/api/v1/courses?${query}`), [field]);
    });
  });

  describe('GET /api/v1/courses/{id}', () => {
    it('shows ベーシックコース with its previews and documents', async () => {
      const [basic] = await ctx.deps.db
        .select()
        .from(courses)
        .where(and(eq(courses.name, 'ベーシックコース'), eq(courses.isActive, true)));
      if (!basic) throw new Error('the demo data has no ベーシックコース');
      const body = expectBody(await get(ctx.app, `/api/v1/courses/${basic.id}`), 200, courseResponseSchema);
      expect(body.data.id).toBe(basic.id);
      expect(body.data.name).toBe('ベーシックコース');
      expect(body.data.price).toBe(basic.price);
      expect(Array.isArray(body.data.video_previews)).toBe(true);
      expect(Array.isArray(body.data.documents)).toBe(true);
      for (const preview of body.data.video_previews) {
        expect(preview.hostname).toBe(preview.link.startsWith('/') ? 'self' : new URL(preview.link).hostname);
      }
      for (const doc of body.data.documents) expect(doc.link).toBe(`/api/v1/documents/${doc.id}/download`);
    });

    it('shows every listed course in detail', async () => {
      const list = expectBody(await get(ctx.app, '/api/v1/courses?limit=999'), 200, coursesResponseSchema);
      for (const summary of list.data) {
        const body = expectBody(
          await get(ctx.app, `/api/v1/courses/${summary.id}`),
          200,
          courseResponseSchema,
        );
        expect(body.data).toMatchObject(summary);
        expect(body.data.video_previews).toBeInstanceOf(Array);
        expect(body.data.documents).toBeInstanceOf(Array);
      }
    });

    it('answers an unknown id with 404 and a Japanese message', async () => {
      const body = expectNotFound(await get(ctx.app, '/api/v1/courses/999999'));
      expect(body).toEqual({ meta: { message: ja.errors.notFound, code: 'NOT_FOUND' }, errors: {} });
    });

    it.each([
      ['abc', 'IDは数値で指定してください'],
      ['0', 'IDは1以上で指定してください'],
      ['1.5', 'IDは整数で指定してください'],
      ['99999999999', 'IDは2147483647以下で指定してください'],
    ])('refuses id=%s with 400', async (id, message) => {
      const errors = expectValidationError(await get(ctx.app, `/api/v1/courses/${id}`), ['id']);
      expect(errors.id).toEqual([message]);
    });
  });
});
