import { ja, USER_TYPE, userTypesResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, get } from '../../../test/http.ts';

describe.each(drivers())('GET /api/v1/user_types (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the five user types in id order with Japanese and English names', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/user_types'), 200, userTypesResponseSchema);
    expect(body.data.map((t) => t.id)).toEqual(Object.values(USER_TYPE).sort((a, b) => a - b));
    expect(body.data.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 5, total: 5 });
    for (const type of body.data) {
      expect(Object.keys(type).sort()).toEqual(['id', 'type', 'type_en']);
      expect(type.type).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
      expect(type.type_en).toMatch(/^[A-Za-z][A-Za-z -]*$/);
    }
  });

  it('names the instructor, assistant, observer and attendee types as the portal does', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/user_types'), 200, userTypesResponseSchema);
    const byId = new Map(body.data.map((t) => [t.id, t.type]));
    for (const id of [1, 2, 3, 4] as const) expect(byId.get(id)).toBe(ja.userTypes[id]);
  });
});
