import { aboutResponseSchema, aboutTypesResponseSchema, flowsResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectNotFound, expectValidationError, get } from '../../../test/http.ts';
import { flows } from '../../db/schema.ts';

describe.each(drivers())('abouts (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/v1/abouts/types', () => {
    it('lists the sections in step order, without their content', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/abouts/types'), 200, aboutTypesResponseSchema);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.pagination.total).toBe(body.data.length);
      for (const section of body.data) expect(Object.keys(section).sort()).toEqual(['id', 'name', 'step']);
      const keys = body.data.map((s) => [s.step, s.id] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    });
  });

  describe('GET /api/v1/abouts/{id}', () => {
    it('shows each section with its content', async () => {
      const types = expectBody(await get(ctx.app, '/api/v1/abouts/types'), 200, aboutTypesResponseSchema);
      for (const section of types.data) {
        const body = expectBody(await get(ctx.app, `/api/v1/abouts/${section.id}`), 200, aboutResponseSchema);
        expect(body.data).toMatchObject(section);
        expect(body.data.content.length).toBeGreaterThan(0);
      }
    });

    it('answers an unknown id with 404', async () => {
      expectNotFound(await get(ctx.app, '/api/v1/abouts/999999'));
    });

    it('refuses id=abc with 400', async () => {
      const errors = expectValidationError(await get(ctx.app, '/api/v1/abouts/abc'), ['id']);
      expect(errors.id).toEqual(['IDは数値で指定してください']);
    });
  });

  describe('GET /api/v1/abouts/flows', () => {
    it('lists the steps of flow type 6 in order', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/abouts/flows?type=6'), 200, flowsResponseSchema);
      const rows = await ctx.deps.db.select().from(flows);
      const expected = rows
        .filter((r) => r.type === 6)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        .map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(body.data.map((f) => f.id)).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
      for (const flow of body.data) {
        expect(Object.keys(flow).sort()).toEqual(['content', 'id', 'title']);
        expect(flow.title.length).toBeGreaterThan(0);
      }
    });

    it('defaults to type 6', async () => {
      const explicit = expectBody(
        await get(ctx.app, '/api/v1/abouts/flows?type=6'),
        200,
        flowsResponseSchema,
      );
      const implicit = expectBody(await get(ctx.app, '/api/v1/abouts/flows'), 200, flowsResponseSchema);
      expect(implicit).toEqual(explicit);
    });

    it('lists nothing for a type without steps', async () => {
      const body = expectBody(await get(ctx.app, '/api/v1/abouts/flows?type=98'), 200, flowsResponseSchema);
      expect(body.data).toEqual([]);
      expect(body.pagination.total).toBe(0);
    });

    it.each([
      ['type=abc', '種別は数値で指定してください'],
      ['type=0', '種別は1以上で指定してください'],
      ['type=100', '種別は99以下で指定してください'],
    ])('refuses ?%s', async (query, message) => {
      const errors = expectValidationError(await get(ctx.app, `/api/v1/abouts/flows?${query}`), ['type']);
      expect(errors.type).toEqual([message]);
    });
  });
});
