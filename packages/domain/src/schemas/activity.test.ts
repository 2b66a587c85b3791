import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import { ja } from '../i18n/index.ts';
import { activityTrainingsQuerySchema, addMonthsToDay, certificateExpiry } from './activity.ts';

describe('activityTrainingsQuerySchema', () => {
  it('defaults to the history by event date, newest first', () => {
    expect(activityTrainingsQuerySchema.parse({})).toEqual({
      kind: 'history',
      page: 1,
      sort: 'event_date',
      direction: 'desc',
    });
  });

  it('reads the user types as a list', () => {
    expect(activityTrainingsQuerySchema.parse({ user_type: '4' }).user_type).toEqual([4]);
  });

  it('refuses an unknown sort, kind or direction in Japanese', () => {
    const result = activityTrainingsQuerySchema.safeParse({ sort: 'price', kind: 'all', direction: 'up' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${jaText(i.message)}`);
    expect(messages).toEqual([
      `kind: ${ja.activity.fields.kind}の値が正しくありません`,
      `sort: ${ja.fields.sort}の値が正しくありません`,
      `direction: ${ja.fields.direction}の値が正しくありません`,
    ]);
  });
});

describe('certificateExpiry', () => {
  it('is expiring soon within 6 months, the last day included', () => {
    expect(certificateExpiry('2027-05-22', '2026-11-22')).toEqual({ expired: false, expiringSoon: true });
    expect(certificateExpiry('2027-05-23', '2026-11-22')).toEqual({ expired: false, expiringSoon: false });
  });

  it('is still valid on its end date and expired the day after', () => {
    expect(certificateExpiry('2026-11-22', '2026-11-22')).toEqual({ expired: false, expiringSoon: true });
    expect(certificateExpiry('2026-11-21', '2026-11-22')).toEqual({ expired: true, expiringSoon: false });
  });

  it('never expires without an end date', () => {
    expect(certificateExpiry(null, '2026-11-22')).toEqual({ expired: false, expiringSoon: false });
  });

  it('adds months, keeping to the end of a shorter month', () => {
    expect(addMonthsToDay('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonthsToDay('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-22', 6)).toBe('2027-05-22');
  });
});
