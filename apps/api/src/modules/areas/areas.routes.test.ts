import { areasResponseSchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectValidationError, get } from '../../../test/http.ts';

/** The 47 prefectures in JIS X 0401 order. */
const PREFECTURES = (
  '北海道 青森県 岩手県 宮城県 秋田県 山形県 福島県 茨城県 栃木県 群馬県 ' +
  '埼玉県 千葉県 東京都 神奈川県 新潟県 富山県 石川県 福井県 山梨県 長野県 ' +
  '岐阜県 静岡県 愛知県 三重県 滋賀県 京都府 大阪府 兵庫県 奈良県 和歌山県 ' +
  '鳥取県 島根県 岡山県 広島県 山口県 徳島県 香川県 愛媛県 高知県 福岡県 ' +
  '佐賀県 長崎県 熊本県 大分県 宮崎県 鹿児島県 沖縄県'
).split(' ');

describe.each(drivers())('GET /api/v1/areas (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the 47 prefectures in JIS code order, id = JIS code', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/areas?limit=50'), 200, areasResponseSchema);
    expect(body.data).toHaveLength(47);
    expect(body.data.map((a) => a.id)).toEqual(PREFECTURES.map((_, i) => i + 1));
    expect(body.data.map((a) => a.name)).toEqual(PREFECTURES);
    expect(body.data[0]).toEqual({ id: 1, name: '北海道' });
    expect(body.data[12]).toEqual({ id: 13, name: '東京都' });
    expect(body.data[46]).toEqual({ id: 47, name: '沖縄県' });
    expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 50, total: 47 });
  });

  it('returns only id and name (no internal columns)', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/areas?limit=50'), 200, areasResponseSchema);
    for (const area of body.data) expect(Object.keys(area).sort()).toEqual(['id', 'name']);
  });

  it('defaults to a page of 50, which holds them all', async () => {
    const body = expectBody(await get(ctx.app, '/api/v1/areas'), 200, areasResponseSchema);
    expect(body.data).toHaveLength(47);
    expect(body.pagination).toEqual({ page: 1, pages: 1, limit: 50, total: 47 });
  });

  it('pages through the list', async () => {
    const first = expectBody(await get(ctx.app, '/api/v1/areas?limit=10&page=1'), 200, areasResponseSchema);
    expect(first.data.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.pagination).toEqual({ page: 1, pages: 5, limit: 10, total: 47 });

    const last = expectBody(await get(ctx.app, '/api/v1/areas?limit=10&page=5'), 200, areasResponseSchema);
    expect(last.data.map((a) => a.name)).toEqual(PREFECTURES.slice(40));
    expect(last.pagination).toEqual({ page: 5, pages: 5, limit: 10, total: 47 });

    const beyond = expectBody(await get(ctx.app, '/api/v1/areas?limit=10&page=6'), 200, areasResponseSchema);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(47);
  });

  it.each([
    ['limit=abc', 'limit', '件数は数値で指定してください'],
    ['limit=0', 'limit', '件数は1以上で指定してください'],
    ['limit=1000', 'limit', '件数は999以下で指定してください'],
    ['limit=2.5', 'limit', '件数は整数で指定してください'],
    ['page=0', 'page', 'ページは1以上で指定してください'],
    ['page=x', 'page', 'ページは数値で指定してください'],
  ])('?%s → 400 naming %s', async (query, field, message) => {
    const errors = expectValidationError(await get(ctx.app, `/api/v1/areas?${query}`), [field]);
    expect(errors[field]).toEqual([message]);
  });

  it('names every bad field at once', async () => {
    const errors = expectValidationError(await get(ctx.app, '/api/v1/areas?limit=abc&page=0'), [
      'limit',
      'page',
    ]);
    expect(errors.limit).toEqual(['件数は数値で指定してください']);
    expect(errors.page).toEqual(['ページは1以上で指定してください']);
  });
});
