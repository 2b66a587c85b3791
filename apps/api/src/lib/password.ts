import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with OWASP's recommended minimum (N=2^17, r=8, p=1; 128 MiB), stored as
 * `scrypt$N$r$p$salt$hash` (base64) so the cost can be raised later without breaking old hashes.
 */
export const DEFAULT_HASH_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
let currentCost: HashCost = DEFAULT_HASH_COST;

/**
 * Sets the cost of new hashes from the configuration (PASSWORD_HASH_COST = log2 N). Production keeps
 * the OWASP default; the test harness lowers it so that hundreds of registrations stay fast. Hashes
 * carry their own parameters, so verification is unaffected by a change.
 */
export function configurePasswordHashing(logN: number) {
  currentCost = { ...DEFAULT_HASH_COST, N: 2 ** logN };
}
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default), so allow what the cost needs.
      { ...options, maxmem: 128 * (options.N ?? 16384) * (options.r ?? 8) + 16 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export type HashCost = { N: number; r: number; p: number };

export async function hashPassword(password: string, cost: HashCost = currentCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The cost new hashes get (from PASSWORD_HASH_COST). */
export function currentHashCost(): HashCost {
  return currentCost;
}

/** One throwaway hash per cost, made on first use. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * The hash that a password is checked against when the address is unknown, so that the answer
 * takes as long as for a known address. It has the cost of the hashes stored now (the current
 * PASSWORD_HASH_COST), and a new one is made when the cost changes: a hash cached at an older cost
 * would answer faster or slower than a real check, and tell which addresses exist.
 */
export function dummyHash(): Promise<string> {
  const cost = currentCost;
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(24).toString('base64url'), cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/** Spends the time of a real check on an unknown address; always false. */
export async function verifyUnknownUserPassword(password: string): Promise<false> {
  await verifyPassword(password, await dummyHash());
  return false;
}
