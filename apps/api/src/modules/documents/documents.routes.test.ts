import { STEP_STATUS, USER_TYPE } from '@mels/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectError, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { authTokens, courses, documents, enrollments, trainings, users } from '../../db/schema.ts';
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
  let publicSessionDoc: number;
  /** Holds a place in the session. */
  let token: string;
  /** Another member: applied to the session but holds no place (lost the lottery). */
  let otherToken: string;
  /** A member with no enrolment in the session. */
  let strangerToken: string;
  let officeToken: string;
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
        {
          trainingId: training.id,
          name: '駐車場のご案内.pdf',
          storageKey: 'documents/session-map.pdf',
          mimeType: 'application/pdf',
          size: pdf.length,
          isPublic: true,
        },
      ])
      .returning({ id: documents.id });
    [courseDoc, sessionDoc, missingFile, publicSessionDoc] = inserted.map((d) => d.id) as [
      number,
      number,
      number,
      number,
    ];
    const tokenOf = async (userId: number) => {
      const value = generateToken();
      await db.insert(authTokens).values({
        userId,
        tokenHash: hashToken(value),
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      });
      return value;
    };
    const candidates = await db.select({ id: users.id, role: users.role }).from(users);
    const taken = new Set(
      (
        await db
          .select({ userId: enrollments.userId })
          .from(enrollments)
          .where(eq(enrollments.trainingId, training.id))
      ).map((e) => e.userId),
    );
    const free = candidates.filter((u) => u.role === 'member' && !taken.has(u.id));
    const office = candidates.find((u) => u.role === 'office');
    const [placed, lost, stranger] = free;
    if (!placed || !lost || !stranger || !office) throw new Error('not enough demo users');
    await db.insert(enrollments).values([
      {
        trainingId: training.id,
        userId: placed.id,
        userTypeId: USER_TYPE.attendee,
        status: STEP_STATUS.attending,
      },
      { trainingId: training.id, userId: lost.id, userTypeId: USER_TYPE.attendee, status: STEP_STATUS.lost },
    ]);
    token = await tokenOf(placed.id);
    otherToken = await tokenOf(lost.id);
    strangerToken = await tokenOf(stranger.id);
    officeToken = await tokenOf(office.id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const download = (id: number | string, withToken: boolean | string = false) => {
    const bearer = withToken === true ? token : withToken;
    return get(
      ctx.app,
      `/api/v1/documents/${id}/download`,
      bearer ? { headers: { authorization: `Token ${bearer}` } } : {},
    );
  };

  it("serves a course's document to anyone, with its type and UTF-8 file name", async () => {
    const response = await download(courseDoc);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${'_'.repeat(12)}.pdf"; filename*=UTF-8''${encodeURIComponent('ベーシックコース受講案内.pdf')}`,
    );
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it("serves a session's document only to its members and the office (another member's token: 404)", async () => {
    const anonymous = await download(sessionDoc);
    expectError(anonymous, 401, 'UNAUTHORIZED');
    const logged = await download(sessionDoc, true);
    expect(logged.statusCode).toBe(200);
    expect(logged.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('会場案内図.pdf')}`,
    );
    expect(logged.headers['cache-control']).toBe('private, no-store');
    expect(logged.rawPayload.equals(pdf)).toBe(true);
    // Applied but lost the lottery, or not in the session at all: not found.
    expectNotFound(await download(sessionDoc, otherToken));
    expectNotFound(await download(sessionDoc, strangerToken));
    const office = await download(sessionDoc, officeToken);
    expect(office.statusCode).toBe(200);
    expect(office.rawPayload.equals(pdf)).toBe(true);
  });

  it('serves a session document the office marked public to anyone', async () => {
    for (const bearer of [false, strangerToken]) {
      const response = await download(publicSessionDoc, bearer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
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
