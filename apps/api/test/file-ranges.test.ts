import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, documents } from '../src/db/schema.ts';
import { CHUNK_SIZE, postgresStorage } from '../src/lib/storage-postgres.ts';
import { createTestContext, drivers, type TestContext } from './context.ts';

/**
 * A lesson video served from storage (decision 026): the whole file, a byte range (206, what a
 * <video> element asks for when the viewer seeks) and a range past the end (416), on the local
 * folder driver and on the PostgreSQL driver.
 */
const VIDEO = randomBytes(CHUNK_SIZE * 3 + 1234);

describe.each(drivers())('stored files with range requests (%s database)', (driver) => {
  let ctx: TestContext;
  let docId: number;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: true });
    const [course] = await ctx.deps.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.isActive, true))
      .limit(1);
    if (!course) throw new Error('no demo course');
    const [doc] = await ctx.deps.db
      .insert(documents)
      .values({
        courseId: course.id,
        name: '事前学習動画.mp4',
        storageKey: 'documents/pre-video.mp4',
        mimeType: 'video/mp4',
        size: VIDEO.length,
      })
      .returning({ id: documents.id });
    docId = doc?.id ?? 0;
  });
  afterAll(() => ctx.close());

  for (const storageDriver of ['local', 'postgres'] as const) {
    it(`answers 200, 206 with the right bytes and 416 (${storageDriver} storage)`, async () => {
      if (storageDriver === 'postgres') ctx.app.deps.storage = postgresStorage(ctx.deps.db);
      await ctx.deps.storage.put('documents/pre-video.mp4', VIDEO);
      expect(ctx.app.deps.storage.driver).toBe(storageDriver);
      const url = `/api/v1/documents/${docId}/download`;

      const whole = await ctx.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(Number(whole.headers['content-length'])).toBe(VIDEO.length);
      expect(whole.rawPayload.equals(VIDEO)).toBe(true);

      const start = CHUNK_SIZE - 10;
      const end = CHUNK_SIZE * 2 + 20;
      const part = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${start}-${end}` } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${VIDEO.length}`);
      expect(Number(part.headers['content-length'])).toBe(end - start + 1);
      expect(part.rawPayload.equals(VIDEO.subarray(start, end + 1))).toBe(true);

      const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 100))).toBe(true);

      const past = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${VIDEO.length}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);

      await ctx.deps.storage.remove('documents/pre-video.mp4');
      const gone = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-disposition']).toBeUndefined();
    });
  }
});
