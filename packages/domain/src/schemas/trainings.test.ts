import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import {
  searchCountLimit,
  trainingDetailQuerySchema,
  trainingsQuerySchema,
  TRAININGS_TOTAL_CAP,
} from './trainings.ts';

function issues(value: unknown) {
  const result = trainingsQuerySchema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be rejected`).toBe(false);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: jaText(issue.message),
  }));
}

describe('trainingsQuerySchema', () => {
  it('defaults to page 1 of 10 attendee (user type 4) cards with no other filter', () => {
    expect(trainingsQuerySchema.parse({})).toEqual({ page: 1, limit: 10, user_type: [4] });
  });

  it('reads arrays as the querystring parser gives them, and single values as arrays', () => {
    expect(
      trainingsQuerySchema.parse({
        area: ['13', '14'],
        course_id: '2',
        user_type: ['1', '2'],
        page: '3',
        limit: '20',
      }),
    ).toEqual({ page: 3, limit: 20, area: [13, 14], course_id: [2], user_type: [1, 2] });
  });

  it('reads the dates the browser sends (date plus " 00:00:00") and plain dates', () => {
    const q = trainingsQuerySchema.parse({
      event_date$ge: '2026-11-22 00:00:00',
      event_date$le: '2027-01-31',
    });
    expect(q.event_date$ge).toBe('2026-11-22');
    expect(q.event_date$le).toBe('2027-01-31');
  });

  it.each([
    [{ page: '0' }, 'page', 'ページは1以上で指定してください'],
    [{ limit: '101' }, 'limit', '件数は100以下で指定してください'],
    [{ area: ['abc'] }, 'area.0', '都道府県は数値で指定してください'],
    [{ area: ['48'] }, 'area.0', '都道府県は47以下で指定してください'],
    [{ course_id: ['1.5'] }, 'course_id.0', 'コースは整数で指定してください'],
    [{ user_type: ['6'] }, 'user_type.0', '募集区分は5以下で指定してください'],
    [
      { event_date$ge: '2026-13-01' },
      'event_date$ge',
      '開催日（開始）の日付の形式が正しくありません（YYYY-MM-DD）',
    ],
    [
      { event_date$ge: '2026-02-30 00:00:00' },
      'event_date$ge',
      '開催日（開始）の日付の形式が正しくありません（YYYY-MM-DD）',
    ],
    [
      { event_date$le: 'tomorrow' },
      'event_date$le',
      '開催日（終了）の日付の形式が正しくありません（YYYY-MM-DD）',
    ],
  ])('refuses %j with a Japanese message on its field', (value, path, message) => {
    expect(issues(value)).toContainEqual({ path, message });
  });

  it('accepts the last day of February in a leap year only', () => {
    expect(trainingsQuerySchema.parse({ event_date$ge: '2028-02-29' }).event_date$ge).toBe('2028-02-29');
    expect(issues({ event_date$ge: '2027-02-29' })[0]?.path).toBe('event_date$ge');
  });
});

describe('trainingDetailQuerySchema', () => {
  it('takes an optional user type 1–5', () => {
    expect(trainingDetailQuerySchema.parse({})).toEqual({});
    expect(trainingDetailQuerySchema.parse({ user_type: '2' })).toEqual({ user_type: 2 });
    expect(trainingDetailQuerySchema.safeParse({ user_type: '0' }).success).toBe(false);
  });
});

describe('searchCountLimit', () => {
  it.each([
    [1, 10, 1001],
    [100, 10, 1001],
    [101, 10, 1011],
    [200, 10, 2001],
    [1, 100, 1001],
    [11, 100, 1101],
  ])('page %i of %i: counts at most %i', (page, limit, expected) => {
    expect(searchCountLimit(page, limit)).toBe(expected);
    // One more than the cards up to this page: whether another page follows is always known.
    expect(expected).toBeGreaterThan(Math.max(TRAININGS_TOTAL_CAP, page * limit));
  });
});
