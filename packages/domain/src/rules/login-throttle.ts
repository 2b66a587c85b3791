/**
 * Login throttling (decision 018). Failed password checks are counted, within one window, under
 * three keys, and each key has its own consequence:
 * - the pair (address, IP): refused past `pairLimit`; only the IP that failed is shut out;
 * - the IP: refused past `ipLimit`, a generous limit, so that one hospital's NAT is not shut out by
 *   a few members who mistype, while one machine cannot try thousands of addresses;
 * - the address: never refused (that would let a stranger lock the member out), but slowed down
 *   once it has more than `addressFreeFailures` failures: the wait doubles with every failure, up to
 *   `maxDelayMs`.
 * The right password from an IP that has not failed is therefore always accepted, at worst slowly.
 */

export type LoginThrottleLimits = {
  pairLimit: number;
  ipLimit: number;
  /** Failures of an address (from anywhere) that cost no wait. */
  addressFreeFailures: number;
  /** The first wait; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/** Failures recorded within the window. */
export type LoginFailureCounts = { pair: number; ip: number; address: number };

export type LoginThrottleDecision =
  { kind: 'refuse'; scope: 'pair' | 'ip' } | { kind: 'allow'; delayMs: number };

export const DEFAULT_LOGIN_THROTTLE: Omit<LoginThrottleLimits, 'pairLimit' | 'ipLimit' | 'maxDelayMs'> = {
  addressFreeFailures: 5,
  baseDelayMs: 250,
};

/** What to do with the next password check, given the failures counted so far. */
export function loginThrottle(
  counts: LoginFailureCounts,
  limits: LoginThrottleLimits,
): LoginThrottleDecision {
  if (counts.pair >= limits.pairLimit) return { kind: 'refuse', scope: 'pair' };
  if (counts.ip >= limits.ipLimit) return { kind: 'refuse', scope: 'ip' };
  const extra = counts.address - limits.addressFreeFailures;
  if (extra < 0) return { kind: 'allow', delayMs: 0 };
  // 2^extra grows past any cap quickly; clamp the exponent so the number stays finite.
  const delay = limits.baseDelayMs * 2 ** Math.min(extra, 30);
  return { kind: 'allow', delayMs: Math.min(limits.maxDelayMs, delay) };
}
