import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';
import { formsJa } from '../i18n/forms-ja.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import {
  cardBrand,
  createPaymentIntentSchema,
  isFreeAmount,
  luhnValid,
  sandboxConfirmSchema,
} from './payments.ts';

const card = {
  client_secret: 'pi_1_secret_2',
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  email: 'a@example.jp',
};

function issues(value: unknown): Record<string, string[]> {
  const result = sandboxConfirmSchema.safeParse(value);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(jaText(issue.message));
  return out;
}

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['3056930009020004', 'diners'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('luhnValid', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000002500003155', '378282246310005'])
      expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });
});

describe('sandboxConfirmSchema', () => {
  it('accepts a complete card', () => {
    expect(issues(card)).toEqual({});
  });
  it('names each problem with the Japanese messages', () => {
    expect(issues({ ...card, number: '' }).number).toEqual([formsJa.payment.numberRequired]);
    expect(issues({ ...card, number: '4242 4242' }).number).toEqual([formsJa.payment.numberIncomplete]);
    expect(issues({ ...card, number: '4242424242424241' }).number).toEqual([formsJa.payment.numberInvalid]);
    expect(issues({ ...card, exp_month: 13 }).exp).toEqual([formsJa.payment.expiryIncomplete]);
    expect(issues({ ...card, cvc: '12' }).cvc).toEqual([formsJa.payment.cvcIncomplete]);
    expect(issues({ ...card, number: '378282246310005', cvc: '123' }).cvc).toEqual([
      formsJa.payment.cvcIncomplete,
    ]);
    expect(issues({ ...card, email: 'no-at' }).email).toEqual(['メールアドレスの形式は正しくありません。']);
    expect(issues({ ...card, email: '' }).email).toEqual([formsJa.payment.emailRequired]);
  });
});

describe('free threshold and intent requests', () => {
  it('under 50 yen is free', () => {
    expect(isFreeAmount(49)).toBe(true);
    expect(isFreeAmount(50)).toBe(false);
  });
  it('refuses an unknown object type', () => {
    expect(createPaymentIntentSchema.safeParse({ object_type: 6, object_id: 1 }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ object_type: '1', object_id: '3', amount: 1 }).success).toBe(
      true,
    );
  });
});
