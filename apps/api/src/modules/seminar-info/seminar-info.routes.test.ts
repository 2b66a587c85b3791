import { seminarInfoResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectNotFound, get } from '../../../test/http.ts';
import { seminarInfo } from '../../db/schema.ts';

describe.each(drivers())('GET /api/v1/seminar_info (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows the page with its three contents and the admin login link', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/seminar_info'), 200, seminarInfoResponseSchema);
    expect(body.data.title.length).toBeGreaterThan(0);
    expect(body.data.description.length).toBeGreaterThan(0);
    expect(body.data.admin_login_url).toBe(ctx.deps.config.seminarAdminUrl);
    expect(body.data.contents).toHaveLength(3);
    for (const content of body.data.contents) {
      expect(Object.keys(content).sort()).toEqual(['content', 'id', 'image', 'title']);
      expect(content.title.length).toBeGreaterThan(0);
    }
    expect(new Set(body.data.contents.map((c) => c.id)).size).toBe(3);
  });

  it('answers 404 while the page has not been written', async () => {
    const saved = await ctx.deps.db.select().from(seminarInfo);
    expect(saved).toHaveLength(1);
    await ctx.deps.db.delete(seminarInfo);
    try {
      expectNotFound(await get(ctx.app, '/api/v1/seminar_info'));
    } finally {
      await ctx.deps.db.insert(seminarInfo).values(saved);
    }
    expectBody(await get(ctx.app, '/api/v1/seminar_info'), 200, seminarInfoResponseSchema);
  });
});
