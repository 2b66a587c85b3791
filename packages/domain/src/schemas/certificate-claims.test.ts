import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';
import { formsJa } from '../i18n/forms-ja.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import { certificateClaimBodySchema, normalizeClaimCode } from './certificate-claims.ts';

const errorsOf = (value: unknown) => {
  const parsed = certificateClaimBodySchema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(jaText(issue.message));
  return errors;
};

describe('certificate claim body', () => {
  it('normalises codes as printed', () => {
    expect(normalizeClaimCode(' ａ２０２１ー０００１２３ ')).toBe('A2021-000123');
    expect(normalizeClaimCode('b2019 - 004512')).toBe('B2019-004512');
  });

  it('keeps one code, the course and the address', () => {
    expect(
      certificateClaimBodySchema.parse({ course_id: '3', attendance_code: 'a1-2', email: ' Ｘ@example.jp ' }),
    ).toEqual({ course_id: 3, attendance_code: 'A1-2', certificate_code: undefined, email: 'X@example.jp' });
  });

  it('names every missing field at once', () => {
    expect(errorsOf({})).toEqual({
      course_id: [formsJa.claims.courseRequired],
      attendance_code: [formsJa.claims.attendanceCodeRequired],
    });
    expect(errorsOf({ course_id: 1, certificate_code: '' })).toEqual({
      certificate_code: [formsJa.claims.certificateCodeRequired],
    });
    expect(errorsOf({ course_id: 1, attendance_code: 'A', certificate_code: 'B' })).toEqual({
      certificate_code: [formsJa.claims.bothCodes],
    });
    expect(errorsOf({ course_id: 1, attendance_code: 'A', email: 'nope' })).toEqual({
      email: [formsJa.claims.emailFormat],
    });
  });
});
