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
      { ...options, maxmem: 256 * 1024 * 1024 },
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
