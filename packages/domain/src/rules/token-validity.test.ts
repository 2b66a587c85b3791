import { describe, expect, it } from 'vitest';
import { tokenStillValid, type TokenTimes } from './token-validity.ts';

const NOW = new Date('2026-12-02T09:00:00+09:00');
const DAY = 24 * 60 * 60 * 1000;
const IDLE = 14 * DAY;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const token = (expiresIn: number, createdAgo: number, lastUsedAgo: number | null): TokenTimes => ({
  expiresAt: at(expiresIn),
  createdAt: at(-createdAgo),
  lastUsedAt: lastUsedAgo === null ? null : at(-lastUsedAgo),
});

describe('tokenStillValid', () => {
  it.each([
    ['fresh, used a minute ago', token(30 * DAY, DAY, 60_000), true],
    ['never used, made today', token(30 * DAY, 60_000, null), true],
    ['never used, made 13 days ago', token(17 * DAY, 13 * DAY, null), true],
    ['never used, made 14 days ago: idle', token(16 * DAY, 14 * DAY, null), false],
    ['last used 14 days ago to the millisecond: idle', token(10 * DAY, 20 * DAY, 14 * DAY), false],
    ['last used a millisecond within the idle limit', token(10 * DAY, 20 * DAY, 14 * DAY - 1), true],
    ['the last use counts, not the creation', token(1 * DAY, 29 * DAY, DAY), true],
    ['expired this instant', token(0, 30 * DAY, 60_000), false],
    ['expires in a millisecond', token(1, 30 * DAY, 60_000), true],
    ['expired yesterday though used today', token(-DAY, 31 * DAY, 60_000), false],
  ] as const)('%s', (_name, times, expected) => {
    expect(tokenStillValid(times, { now: NOW, idleMs: IDLE })).toBe(expected);
  });
});
