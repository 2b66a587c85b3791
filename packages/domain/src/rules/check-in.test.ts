import { describe, expect, it } from 'vitest';
import { checkInVerdict, checkInWindow, japaneseDate, postTestOpen } from './check-in.ts';

describe('checkInWindow', () => {
  it('is the session date in Japan, widened by the margin', () => {
    expect(checkInWindow('2026-12-15', 0)).toEqual({
      opens: new Date('2026-12-14T15:00:00Z'),
      closes: new Date('2026-12-15T15:00:00Z'),
    });
    expect(checkInWindow('2026-12-15', 3)).toEqual({
      opens: new Date('2026-12-14T12:00:00Z'),
      closes: new Date('2026-12-15T18:00:00Z'),
    });
  });
});

describe('checkInVerdict', () => {
  it.each([
    // [now (UTC), margin, verdict]
    ['2026-10-15T01:00:00Z', 3, 'tooEarly'], // two months before
    ['2026-12-14T11:59:59Z', 3, 'tooEarly'], // 20:59:59 JST the day before, margin 3 h
    ['2026-12-14T12:00:00Z', 3, 'open'], // 21:00 JST the day before
    ['2026-12-14T14:59:59Z', 0, 'tooEarly'], // 23:59:59 JST the day before, no margin
    ['2026-12-14T15:00:00Z', 0, 'open'], // 00:00 JST on the day
    ['2026-12-15T00:30:00Z', 0, 'open'], // 09:30 JST on the day
    ['2026-12-15T14:59:59Z', 0, 'open'], // 23:59:59 JST on the day
    ['2026-12-15T15:00:00Z', 0, 'tooLate'], // 00:00 JST the next day
    ['2026-12-15T17:59:59Z', 3, 'open'], // 02:59:59 JST the next day, margin 3 h
    ['2026-12-15T18:00:00Z', 3, 'tooLate'],
    ['2027-02-01T00:00:00Z', 3, 'tooLate'],
  ] as const)('at %s with %i h margin: %s', (now, margin, verdict) => {
    expect(checkInVerdict({ eventDate: '2026-12-15', marginHours: margin, now: new Date(now) })).toBe(
      verdict,
    );
  });
});

describe('postTestOpen', () => {
  const base = { eventDate: '2026-12-15', marginHours: 3 };
  const onTheDay = new Date('2026-12-15T01:00:00Z');
  it.each([
    // [status, checked in at, now, open]
    [9, null, onTheDay, false], // not checked in
    [10, null, onTheDay, false], // status without a check-in time (an undone or forged record)
    [10, '2026-12-15T00:10:00Z', onTheDay, true], // checked in on the day
    [10, '2026-12-15T00:10:00Z', new Date('2026-12-20T00:00:00Z'), true], // later days, still open
    [10, '2026-10-15T00:10:00Z', onTheDay, false], // checked in two months early
    [10, '2026-12-16T00:10:00Z', new Date('2026-12-16T01:00:00Z'), false], // checked in after the day
    [11, '2026-12-15T00:10:00Z', onTheDay, false], // already passed
    [null, null, onTheDay, false],
  ] as const)('status %s, checked in %s, at %s: %s', (status, checkedInAt, now, open) => {
    expect(postTestOpen({ ...base, status, checkedInAt, now })).toBe(open);
  });
});

describe('japaneseDate', () => {
  it('writes year, month and day without leading zeros', () => {
    expect(japaneseDate('2026-01-05')).toBe('2026年1月5日');
  });
});
