import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '../schemas/certificate-claims.ts';
import { contactFields, localHoldingFields, publicFormMessages } from '../schemas/contact.ts';
import { enrollmentMessages } from '../schemas/enrollments.ts';
import { officeFields } from '../schemas/office.ts';
import { PAYMENT_MESSAGES } from '../schemas/payments.ts';
import { SHOP_FIELDS, SHOP_MESSAGES } from '../schemas/shop.ts';
import { trainingsQuerySchema } from '../schemas/trainings.ts';
import { registerRequestSchema, userMessages } from '../schemas/users.ts';
import { catalogs, K, translate } from './catalog.ts';
import { day, isMessageKey, message, ref, refs, resolveMessage } from './message.ts';

/** Every leaf path of a dictionary tree. */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as object).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('messages by key (decision 027)', () => {
  it('encodes a key with literal and key parameters, and resolves it in each language', () => {
    const text = message('validation.maxLength', ref('fields.email'), 254);
    expect(text).toBe('validation.maxLength|@fields.email|254');
    expect(translate(text, 'ja')).toBe('メールアドレスは254文字以下で入力してください');
    expect(translate(text, 'en')).toBe('Email must be 254 characters or fewer');
  });

  it('keeps a value with the syntax characters intact', () => {
    const text = message('forms.users.emailChangeSent', '@a|b@c.jp');
    expect(translate(text, 'en')).toContain('(@a|b@c.jp)');
    expect(translate(message('forms.payment.productInactive', '@fields.email'), 'en')).toBe(
      '“@fields.email” is not on sale at the moment.',
    );
  });

  it('writes a day and a list of keys the reader’s way', () => {
    const early = message('forms.enrollment.checkInTooEarly', day('2026-11-23'));
    expect(translate(early, 'ja')).toBe(
      'この講習会の開催日は2026年11月23日です。受付は開催日当日のみ行えます。',
    );
    expect(translate(early, 'en')).toBe(
      'This session is held on 23 November 2026. Check-in is only possible on the day.',
    );
    const occupations = message(
      'forms.enrollment.occupationNotMatchedFor',
      refs(['occupations.doctor', 'occupations.midwife']),
    );
    expect(translate(occupations, 'ja')).toBe(
      '職域がマッチされていないため、受講できません。（対象：医師、助産師）',
    );
    expect(translate(occupations, 'en')).toContain('(eligible: Doctor, Midwife)');
  });

  it('returns a text that is no known key as it is, and a label that is no key without its @', () => {
    expect(resolveMessage('そのままの文', catalogs.en)).toBe('そのままの文');
    expect(resolveMessage('no.such.key', catalogs.en)).toBe('no.such.key');
    expect(translate(message('validation.required', ref('object_id')), 'en')).toBe('object_id is required');
    expect(isMessageKey('validation.required|@fields.email')).toBe(true);
    expect(isMessageKey('A sentence.')).toBe(false);
  });

  it('has the same keys in Japanese and English, and English without Japanese', () => {
    expect(paths(catalogs.en).sort()).toEqual(paths(catalogs.ja).sort());
    const japaneseInEnglish = paths(catalogs.en).filter((p) => JAPANESE.test(translate(p, 'en')));
    expect(japaneseInEnglish.filter((p) => !ALLOWED_JAPANESE.has(p))).toEqual([]);
  });

  it('names every message of the schemas and services by a key that both languages have', () => {
    const keyObjects = [
      userMessages,
      CLAIM_MESSAGES,
      enrollmentMessages,
      PAYMENT_MESSAGES,
      publicFormMessages,
      SHOP_FIELDS,
      SHOP_MESSAGES,
      officeFields,
      contactFields,
      localHoldingFields,
      K.errors,
      K.learning.api,
    ];
    for (const object of keyObjects) {
      for (const key of paths(object).map(
        (p) => p.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], object) as string,
      )) {
        expect(translate(key, 'ja'), key).not.toBe(key);
        expect(translate(key, 'en'), key).not.toBe(key);
      }
    }
  });

  it('gives schema issues as keys that read in both languages', () => {
    const result = registerRequestSchema.safeParse({});
    const issues = result.error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(5);
    for (const issue of issues) {
      expect(isMessageKey(issue.message), issue.message).toBe(true);
      expect(translate(issue.message, 'en')).not.toMatch(JAPANESE);
      expect(translate(issue.message, 'ja')).toMatch(JAPANESE);
    }
    const query = trainingsQuerySchema.safeParse({ page: 'x' });
    expect(translate(query.error?.issues[0]?.message ?? '', 'en')).toBe('Page must be a number');
    expect(translate(query.error?.issues[0]?.message ?? '', 'ja')).toBe('ページは数値で指定してください');
  });
});

/**
 * English texts that quote Japanese on purpose: the receipt prints 様 after the name; the survey's 'other'
 * option is the stored value その他 (the member's pages match it), which the office must type as it is.
 */
const ALLOWED_JAPANESE = new Set<string>([
  'payments.receipt.lead',
  'office.quizzes.rules.otherOptionMissing',
]);
