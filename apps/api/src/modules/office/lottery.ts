import { createHmac, randomBytes } from 'node:crypto';

/**
 * The draw's randomness: a stream of 32-bit numbers from HMAC-SHA256(seed, counter), so the same seed
 * always gives the same order (the office can replay a draw from the recorded seed and entrants), and
 * without a seed given one is made from 128 random bits.
 */
export function randomSeed(): string {
  return randomBytes(16).toString('hex');
}

export function seededRandom(seed: string): () => number {
  let counter = 0;
  let buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > buffer.length) {
      buffer = createHmac('sha256', seed).update(String(counter++)).digest();
      offset = 0;
    }
    const value = buffer.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

/** A uniform integer in [0, n) by rejection sampling (no modulo bias). */
function uniform(next: () => number, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const value = next();
    if (value < limit) return value % n;
  }
}

/** Fisher–Yates shuffle driven by the seed: every order equally likely. */
export function shuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const next = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniform(next, i + 1);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}
