import {
  authResponseSchema,
  currentRankResponseSchema,
  instructorDocsJa,
  instructorDocumentResponseSchema,
  instructorDocumentsResponseSchema,
  instructorDocsEn,
} from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, expectValidationError } from '../../../test/http.ts';
import { instructorDocuments, ranks, userRanks } from '../../db/schema.ts';
import { call, newMember, type Member } from '../payments/payments.fixtures.ts';

async function login(ctx: TestContext, email: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password: 'Demo1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return authResponseSchema.parse(response.json()).data.token;
}

describe.each(drivers())('instructor documents (%s)', (driver) => {
  let ctx: TestContext;
  let instructor: string;
  let basic: Member;
  let member: Member;
  /** The seeded documents: id and minimum level. */
  let docs: Array<{ id: number; minLevel: number; createdAt: Date }>;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    instructor = await login(ctx, 'instructor@mels.example.jp');
    basic = await newMember(ctx.app);
    member = await newMember(ctx.app);
    const [bi] = await ctx.deps.db.select().from(ranks).where(eq(ranks.level, 1));
    await ctx.deps.db.insert(userRanks).values({ userId: basic.id, rankId: bi!.id });
    docs = await ctx.deps.db
      .select({
        id: instructorDocuments.id,
        minLevel: instructorDocuments.minLevel,
        createdAt: instructorDocuments.createdAt,
      })
      .from(instructorDocuments);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const newestFirst = (level: number) =>
    docs
      .filter((d) => d.minLevel <= level)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((d) => d.id);

  describe('GET /api/v1/users/current-rank', () => {
    it("answers the instructor's highest rank (インストラクター, level 2)", async () => {
      const body = expectBody(
        await call(ctx.app, instructor, 'GET', '/api/v1/users/current-rank'),
        200,
        currentRankResponseSchema,
      );
      expect(body.data.level).toBe(2);
      expect(body.data.rank).toMatchObject({ short_name: 'I', name: 'インストラクター', level: 2 });
    });

    it('answers level null for a member without a rank, and 401 without a token', async () => {
      const body = expectBody(
        await call(ctx.app, member.token, 'GET', '/api/v1/users/current-rank'),
        200,
        currentRankResponseSchema,
      );
      expect(body.data).toEqual({ level: null, rank: null });
      expectError(await call(ctx.app, null, 'GET', '/api/v1/users/current-rank'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/instructor_documents', () => {
    it('lists the documents up to the level, newest first, with their category', async () => {
      const body = expectBody(
        await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents?sort=created_at&direction=desc'),
        200,
        instructorDocumentsResponseSchema,
      );
      const expected = newestFirst(2);
      expect(expected.length).toBeGreaterThan(3);
      expect(expected.length, 'the level-3 document is left out').toBeLessThan(docs.length);
      expect(body.data.map((d) => d.id)).toEqual(expected);
      expect(body.pagination).toMatchObject({ page: 1, total: expected.length });
      for (const item of body.data) {
        expect(Object.keys(item).sort()).toEqual([
          'category_instructor_document',
          'created_at',
          'id',
          'title',
        ]);
        expect(item.category_instructor_document?.title).toBeTruthy();
      }
    });

    it('pages without overlap', async () => {
      const expected = newestFirst(2);
      const page1 = expectBody(
        await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents?limit=3&page=1'),
        200,
        instructorDocumentsResponseSchema,
      );
      const page2 = expectBody(
        await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents?limit=3&page=2'),
        200,
        instructorDocumentsResponseSchema,
      );
      expect(page1.pagination).toEqual({
        page: 1,
        limit: 3,
        total: expected.length,
        pages: Math.ceil(expected.length / 3),
      });
      expect([...page1.data, ...page2.data].map((d) => d.id)).toEqual(expected.slice(0, 6));
    });

    it('orders ascending when asked', async () => {
      const body = expectBody(
        await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents?direction=asc'),
        200,
        instructorDocumentsResponseSchema,
      );
      expect(body.data.map((d) => d.id)).toEqual(newestFirst(2).reverse());
    });

    it('shows a level-1 user only the level-1 documents', async () => {
      const body = expectBody(
        await call(ctx.app, basic.token, 'GET', '/api/v1/instructor_documents'),
        200,
        instructorDocumentsResponseSchema,
      );
      expect(body.data.map((d) => d.id)).toEqual(newestFirst(1));
      expect(newestFirst(1).length).toBeLessThan(newestFirst(2).length);
    });

    it('answers 403 NO_RANK to a member without a rank and 401 without a token', async () => {
      const body = expectError(
        await call(ctx.app, member.token, 'GET', '/api/v1/instructor_documents'),
        403,
        'NO_RANK',
      );
      expect(body.meta.message).toBe(instructorDocsJa.noRank);
      expect(body.meta.message).toBe(
        'インストラクター資料は、インストラクターの認定を受けた方のみご覧いただけます。',
      );
      expectError(await call(ctx.app, null, 'GET', '/api/v1/instructor_documents'), 401, 'UNAUTHORIZED');
      // In the language the browser asks for (decision 027).
      const english = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/instructor_documents',
        headers: { authorization: `Token ${member.token}`, 'accept-language': 'en' },
      });
      expect(english.statusCode).toBe(403);
      expect(english.json()).toMatchObject({ meta: { code: 'NO_RANK', message: instructorDocsEn.noRank } });
    });

    it('answers 400 in Japanese to a bad query', async () => {
      expectValidationError(
        await call(
          ctx.app,
          instructor,
          'GET',
          '/api/v1/instructor_documents?page=0&limit=x&sort=title&direction=up',
        ),
        ['page', 'limit', 'sort', 'direction'],
      );
    });
  });

  describe('GET /api/v1/instructor_documents/:id', () => {
    it('answers a document with its HTML body and category', async () => {
      const id = newestFirst(2).at(-1)!;
      const body = expectBody(
        await call(ctx.app, instructor, 'GET', `/api/v1/instructor_documents/${id}?user_type=4`),
        200,
        instructorDocumentResponseSchema,
      );
      expect(body.data.id).toBe(id);
      expect(body.data.title).toBe('ベーシックコース 標準タイムテーブル');
      expect(body.data.content).toContain('<table>');
      expect(body.data.category_instructor_document?.title).toBe('コース運営');
      expect(Date.parse(body.data.created_at)).not.toBeNaN();
    });

    it('answers 404 above the level and for an unknown id', async () => {
      const level2 = docs.filter((d) => d.minLevel === 2).map((d) => d.id);
      const level3 = docs.filter((d) => d.minLevel === 3).map((d) => d.id);
      expect(level2.length).toBeGreaterThan(0);
      expect(level3.length).toBeGreaterThan(0);
      for (const id of level2)
        expectNotFound(await call(ctx.app, basic.token, 'GET', `/api/v1/instructor_documents/${id}`));
      for (const id of level3)
        expectNotFound(await call(ctx.app, instructor, 'GET', `/api/v1/instructor_documents/${id}`));
      expectNotFound(await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents/999999'));
      const open = newestFirst(1)[0]!;
      expectBody(
        await call(ctx.app, basic.token, 'GET', `/api/v1/instructor_documents/${open}`),
        200,
        instructorDocumentResponseSchema,
      );
    });

    it('answers 403 NO_RANK without a rank, 401 without a token and 400 on a bad id', async () => {
      const id = newestFirst(1)[0]!;
      expectError(
        await call(ctx.app, member.token, 'GET', `/api/v1/instructor_documents/${id}`),
        403,
        'NO_RANK',
      );
      expectError(
        await call(ctx.app, null, 'GET', `/api/v1/instructor_documents/${id}`),
        401,
        'UNAUTHORIZED',
      );
      expectValidationError(await call(ctx.app, instructor, 'GET', '/api/v1/instructor_documents/abc'), [
        'id',
      ]);
      expectValidationError(
        await call(ctx.app, instructor, 'GET', `/api/v1/instructor_documents/${id}?user_type=9`),
        ['user_type'],
      );
    });
  });
});
