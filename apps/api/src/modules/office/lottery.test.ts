import { describe, expect, it } from 'vitest';
import { seededRandom, shuffle } from './lottery.ts';

describe('seeded shuffle', () => {
  it('is reproducible from the seed', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(shuffle(items, 'abc')).toEqual(shuffle(items, 'abc'));
    expect(shuffle(items, 'abc')).not.toEqual(shuffle(items, 'abd'));
    expect([...shuffle(items, 'abc')].sort((a, b) => a - b)).toEqual(items);
  });

  it('gives every order about equally often (chi-square over 6 000 seeds)', () => {
    const counts = new Map<string, number>();
    const runs = 6000;
    for (let i = 0; i < runs; i++) {
      const key = shuffle(['a', 'b', 'c'], `seed-${i}`).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const expected = runs / 6;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: 20.5 is the 0.999 quantile.
    expect(chi).toBeLessThan(20.5);
  });

  it('streams 32-bit numbers', () => {
    const next = seededRandom('x');
    const values = Array.from({ length: 20 }, () => next());
    for (const v of values) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of values) expect(v).toBeLessThan(2 ** 32);
    expect(new Set(values).size).toBe(20);
  });
});
