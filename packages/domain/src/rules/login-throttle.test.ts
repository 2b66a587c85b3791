import { describe, expect, it } from 'vitest';
import { loginThrottle, type LoginFailureCounts, type LoginThrottleLimits } from './login-throttle.ts';

const LIMITS: LoginThrottleLimits = {
  pairLimit: 10,
  ipLimit: 100,
  addressFreeFailures: 5,
  baseDelayMs: 250,
  maxDelayMs: 3000,
};

const counts = (pair: number, ip: number, address: number): LoginFailureCounts => ({ pair, ip, address });

describe('loginThrottle', () => {
  it.each([
    ['a clean start', counts(0, 0, 0), { kind: 'allow', delayMs: 0 }],
    ['a few mistakes', counts(3, 3, 3), { kind: 'allow', delayMs: 0 }],
    ['the last free failure of the address', counts(0, 0, 4), { kind: 'allow', delayMs: 0 }],
    ['the address past its free failures', counts(0, 0, 5), { kind: 'allow', delayMs: 250 }],
    ['one more failure doubles the wait', counts(0, 0, 6), { kind: 'allow', delayMs: 500 }],
    ['two more', counts(0, 0, 7), { kind: 'allow', delayMs: 1000 }],
    ['the wait is capped', counts(0, 0, 9), { kind: 'allow', delayMs: 3000 }],
    [
      'an address hammered a million times is still only slowed',
      counts(0, 0, 1_000_000),
      { kind: 'allow', delayMs: 3000 },
    ],
    ['the pair at its limit', counts(10, 10, 10), { kind: 'refuse', scope: 'pair' }],
    ['the pair just under its limit', counts(9, 9, 9), { kind: 'allow', delayMs: 3000 }],
    ['the IP at its generous limit', counts(0, 100, 0), { kind: 'refuse', scope: 'ip' }],
    ['the IP just under it (a hospital NAT)', counts(0, 99, 0), { kind: 'allow', delayMs: 0 }],
    ['the pair is checked first', counts(10, 100, 0), { kind: 'refuse', scope: 'pair' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(loginThrottle(input, LIMITS)).toEqual(expected);
  });

  it('never refuses because of the address alone', () => {
    for (let address = 0; address < 200; address += 1) {
      expect(loginThrottle(counts(0, 0, address), LIMITS).kind).toBe('allow');
    }
  });
});
