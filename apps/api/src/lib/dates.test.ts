import { describe, expect, it } from 'vitest';
import { tokyoDate, tokyoDateTime } from './dates.ts';
import { mailDate, mailDateTime } from './mail-templates/words.ts';

describe('dates in Japan time, formatters built once', () => {
  it.each([
    ['2026-07-10T14:59:30Z', '2026-07-10', '2026/07/10 23:59', '2026/07/10 23:59:30'],
    ['2026-07-10T15:00:00Z', '2026-07-11', '2026/07/11 00:00', '2026/07/11 00:00:00'],
    ['2026-12-31T23:05:09.500Z', '2027-01-01', '2027/01/01 08:05', '2027/01/01 08:05:09'],
  ])('%s: %s, %s, %s', (at, day, minute, second) => {
    for (let i = 0; i < 2; i += 1) {
      expect(tokyoDate(new Date(at))).toBe(day);
      expect(tokyoDateTime(at)).toBe(minute);
      expect(tokyoDateTime(new Date(at), { seconds: true })).toBe(second);
    }
  });

  it.each([
    ['2026-07-10', 'ja', '2026/07/10（金）'],
    ['2026-07-10', 'en', 'Fri, 10 July 2026'],
    ['2027-01-01', 'ja', '2027/01/01（金）'],
    ['not a date', 'ja', 'not a date'],
  ] as const)('mailDate(%s, %s) is %s', (date, language, expected) => {
    expect(mailDate(date, language)).toBe(expected);
  });

  it.each([
    ['2026-07-10T14:59:00Z', 'ja', '2026/07/10 23:59'],
    ['2026-07-10T14:59:00Z', 'en', '10 July 2026, 23:59 (Japan time)'],
    ['2026-07-10T15:00:00Z', 'ja', '2026/07/11 00:00'],
  ] as const)('mailDateTime(%s, %s) is %s', (at, language, expected) => {
    expect(mailDateTime(new Date(at), language)).toBe(expected);
  });
});
