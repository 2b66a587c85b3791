import { addressResponseSchema, ja, formsJa } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectValidationError, get } from '../../../test/http.ts';
import { lookupAddress } from './address.service.ts';

describe('lookupAddress', () => {
  it('answers prefecture and city + town from Japan Post data', () => {
    expect(lookupAddress('1000001')).toEqual([
      { area: { id: 13, name: '東京都' }, district: '千代田区千代田' },
    ]);
    expect(lookupAddress('0600000')).toEqual([{ area: { id: 1, name: '北海道' }, district: '札幌市中央区' }]);
    expect(lookupAddress('1040061')).toEqual([{ area: { id: 13, name: '東京都' }, district: '中央区銀座' }]);
    expect(lookupAddress('9999999')).toEqual([]);
  });
});

describe.each(drivers())('GET /api/v1/areas/address (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const lookup = (code: string) =>
    get(ctx.app, `/api/v1/areas/address?postal_code=${encodeURIComponent(code)}`);

  it('answers 1000001 with 東京都 and 千代田区千代田', async () => {
    const body = expectBody(await lookup('1000001'), 200, addressResponseSchema);
    expect(body).toEqual({ data: [{ area: { id: 13, name: '東京都' }, district: '千代田区千代田' }] });
  });

  it('answers 0600000 with 北海道 and 札幌市中央区', async () => {
    const body = expectBody(await lookup('0600000'), 200, addressResponseSchema);
    expect(body).toEqual({ data: [{ area: { id: 1, name: '北海道' }, district: '札幌市中央区' }] });
  });

  it.each(['100-0001', '１００－０００１', '〒100-0001', ' 1000001 '])(
    'reads %j as 1000001',
    async (code) => {
      const body = expectBody(await lookup(code), 200, addressResponseSchema);
      expect(body.data[0]?.district).toBe('千代田区千代田');
    },
  );

  it('answers a code with no address with 404 and the spec’s message', async () => {
    const body = expectError(await lookup('9999999'), 404, 'NOT_FOUND');
    expect(body.meta.message).toBe(ja.validation.postalCodeNoMatch);
    expect(body.meta.message).toBe('入力された郵便番号に該当する住所がありません');
  });

  it.each([
    ['123', formsJa.users.postalCodeLookup],
    ['12345678', formsJa.users.postalCodeLookup],
    ['abcdefg', ja.validation.postalCodeDigits],
    ['', '郵便番号は必須です'],
  ])('refuses %j with a field error', async (code, message) => {
    const errors = expectValidationError(await lookup(code), ['postal_code']);
    expect(errors.postal_code).toEqual([message]);
  });

  it('refuses a missing postal_code', async () => {
    const errors = expectValidationError(await get(ctx.app, '/api/v1/areas/address'), ['postal_code']);
    expect(errors.postal_code).toEqual(['郵便番号は必須です']);
  });
});
