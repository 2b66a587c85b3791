import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { lessons } from '../../db/schema.ts';
import { makeCourse } from '../enrollments/enrollments.fixtures.ts';
import { findPreLessons } from './learning.repository.ts';
import { findRenewalLessons } from './learning.requests.repository.ts';

/**
 * Decision 035: a lesson the office removed after members watched it is hidden (archived_at), not
 * deleted. Members no longer see it: neither among the pre-videos nor among the renewal's videos.
 */
describe.each(drivers())('hidden lessons (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => ctx?.close());

  it('leaves hidden lessons out of the pre-videos and the renewal videos', async () => {
    const courseId = (await makeCourse(ctx)).id;
    const row = (kind: 'pre' | 'renewal', title: string, archivedAt: Date | null) => ({
      courseId,
      kind,
      title,
      duration: 10,
      link: 'https://videos.example.jp/a.mp4',
      archivedAt,
    });
    await ctx.deps.db
      .insert(lessons)
      .values([
        row('pre', '表示', null),
        row('pre', '非表示', new Date()),
        row('renewal', '更新・表示', null),
        row('renewal', '更新・非表示', new Date()),
      ]);
    expect((await findPreLessons(ctx.deps.db, courseId)).map((l) => l.title)).toEqual(['表示']);
    expect((await findRenewalLessons(ctx.deps.db, courseId)).map((l) => l.title)).toEqual(['更新・表示']);
  });
});
