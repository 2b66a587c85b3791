import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';
import { formsJa } from '../i18n/forms-ja.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import { agreementBodySchema, applyBodySchema, checkInBodySchema, lotteryBodySchema } from './enrollments.ts';

describe('enrolment request schemas', () => {
  it('requires the agreement consent with the spec message', () => {
    expect(agreementBodySchema.safeParse({ user_type: 4, agree: true }).success).toBe(true);
    for (const body of [{ user_type: 4 }, { user_type: 4, agree: false }]) {
      const result = agreementBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(jaText(result.error?.issues[0]?.message ?? '')).toBe(formsJa.enrollment.agreementConsent);
    }
    expect(formsJa.enrollment.agreementConsent).toBe('上記内容に同意する必要があります。');
  });

  it('takes user types 1–4 only, as numbers or strings', () => {
    expect(applyBodySchema.parse({ user_type: '4' })).toEqual({ user_type: 4 });
    for (const user_type of [0, 5, 'x', 2.5])
      expect(applyBodySchema.safeParse({ user_type }).success).toBe(false);
    const refused = applyBodySchema.safeParse({ user_type: 4, privacy: false });
    expect(jaText(refused.error?.issues[0]?.message ?? '')).toBe(
      '個人情報保護方針に同意する必要があります。',
    );
  });

  it('limits lottery seeds and check-in codes', () => {
    expect(lotteryBodySchema.safeParse({ user_type: 4, seed: 'seed-2026' }).success).toBe(true);
    expect(lotteryBodySchema.safeParse({ user_type: 4, seed: 'no spaces' }).success).toBe(false);
    expect(lotteryBodySchema.safeParse({ user_type: 4, seed: 'x'.repeat(65) }).success).toBe(false);
    expect(checkInBodySchema.safeParse({ code: '' }).success).toBe(false);
    expect(checkInBodySchema.parse({ code: ' a.b.c ', training_id: '3' })).toEqual({
      code: 'a.b.c',
      training_id: 3,
    });
  });
});
