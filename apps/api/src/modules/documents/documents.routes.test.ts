import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { authTokens, courses, documents, trainings, users } from '../../db/schema.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { contentDisposition } from './documents.routes.ts';

describe('contentDisposition', () => {
  it('carries the UTF-8 name and an ASCII fallback, with nothing that breaks the header', () => {
    expect(contentDisposition('受講案内 (2026).pdf')).toBe(
      `attachment; filename="____ (2026).pdf"; filename*=UTF-8''%E5%8F%97%E8%AC%9B%E6%A1%88%E5%86%85%20%282026%29.pdf`,
    );
    expect(contentDisposition('a"b\\c\r\nd.pdf')).toBe(
      `attachment; filename="a_b_c__d.pdf"; filename*=UTF-8''a_b_c__d.pdf`,
    );
  });
});

describe.each(drivers())('GET /api/v1/documents/{id}/download (%s)', (driver) => {
  let ctx: TestContext;
  let courseDoc: number;
  let sessionDoc: number;
  let missingFile: number;
  let token: string;
  const pdf = Buffer.from('%PDF-1.4\n% MELS test document\n%%EOF\n');

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const db = ctx.deps.db;
    const [course] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.isActive, true))
      .limit(1);
    const [training] = await db.select({ id: trainings.id }).from(trainings).limit(1);
    if (!course || !training) throw new Error('no demo course or session');
    await ctx.deps.storage.put('documents/course-guide.pdf', pdf);
    await ctx.deps.storage.put('documents/session-map.pdf', pdf);
    const inserted = await db
      .insert(documents)
      .values([
        {
          courseId: course.id,
          name: 'ベーシックコース受講案内.pdf',
          storageKey: 'documents/course-guide.pdf',
          mimeType: 'application/pdf',
          size: pdf.length,
        },
        {
          trainingId: training.id,
          name: '会場案内図.pdf',
          storageKey: 'documents/session-map.pdf',
          mimeType: 'application/pdf',
          size: pdf.length,
        },
        {
          courseId: course.id,
          name: '消えたファイル.pdf',
          storageKey: 'documents/missing.pdf',
          mimeType: 'application/pdf',
          size: 10,
        },
      ])
      .returning({ id: documents.id });
    [courseDoc, sessionDoc, missingFile] = inserted.map((d) => d.id) as [number, number, number];
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no demo user');
    token = generateToken();
    await db
      .insert(authTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date('2030-01-01T00:00:00Z') });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const download = (id: number | string, withToken = false) =>
    get(
      ctx.app,
      `/api/v1/documents/${id}/download`,
      withToken ? { headers: { authorization: `Token ${token}` } } : {},
    );

  it("serves a course's document to anyone, with its type and UTF-8 file name", async () => {
    const response = await download(courseDoc);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${'_'.repeat(12)}.pdf"; filename*=UTF-8''${encodeURIComponent('ベーシックコース受講案内.pdf')}`,
    );
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it("serves a session's document only to a logged-in user", async () => {
    const anonymous = await download(sessionDoc);
    expectError(anonymous, 401, 'UNAUTHORIZED');
    const logged = await download(sessionDoc, true);
    expect(logged.statusCode).toBe(200);
    expect(logged.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('会場案内図.pdf')}`,
    );
    expect(logged.headers['cache-control']).toBe('private, no-store');
    expect(logged.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 for an unknown document and for a file missing from storage', async () => {
    expectNotFound(await download(99999999));
    expectNotFound(await download(missingFile));
  });

  it('hides the documents of a course that is no longer shown', async () => {
    const [doc] = await ctx.deps.db.select().from(documents).where(eq(documents.id, courseDoc));
    await ctx.deps.db
      .update(courses)
      .set({ isActive: false })
      .where(eq(courses.id, doc?.courseId ?? 0));
    try {
      expectNotFound(await download(courseDoc));
    } finally {
      await ctx.deps.db
        .update(courses)
        .set({ isActive: true })
        .where(eq(courses.id, doc?.courseId ?? 0));
    }
  });

  it('refuses an id that is not a number', async () => {
    expectValidationError(await download('abc'), ['id']);
  });
});
