import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  configurePasswordHashing,
  DEFAULT_HASH_COST,
  dummyHash,
  hashPassword,
  verifyPassword,
  verifyUnknownUserPassword,
} from './password.ts';

describe('password hashing', () => {
  // The cost is process state, and the test files of a worker share the process (vitest.config.ts).
  beforeEach(() => configurePasswordHashing(17));
  afterEach(() => configurePasswordHashing(17));

  it('uses scrypt at OWASP cost (N=2^17, r=8, p=1) unless configured otherwise', async () => {
    expect(DEFAULT_HASH_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(loadConfig({}).passwordHashLogN).toBe(17);
    const hash = await hashPassword('Demo1234');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Demo1234', hash)).toBe(true);
    expect(await verifyPassword('Demo12345', hash)).toBe(false);
  });

  it('verifies hashes made at another cost after the cost changes', async () => {
    configurePasswordHashing(12);
    const cheap = await hashPassword('Sakura2027');
    expect(cheap.startsWith('scrypt$4096$')).toBe(true);
    configurePasswordHashing(17);
    expect(await verifyPassword('Sakura2027', cheap)).toBe(true);
  });

  it('checks unknown addresses against a dummy hash of the current cost, made anew when the cost changes', async () => {
    configurePasswordHashing(12);
    expect((await dummyHash()).startsWith('scrypt$4096$8$1$')).toBe(true);
    configurePasswordHashing(13);
    expect((await dummyHash()).startsWith('scrypt$8192$8$1$')).toBe(true);
    expect(await verifyUnknownUserPassword('Demo1234')).toBe(false);
  });

  it('hashes and verifies above 2^17, where scrypt needs more than 256 MiB of its memory limit', async () => {
    configurePasswordHashing(18);
    const hash = await hashPassword('Sakura2027');
    expect(hash.startsWith('scrypt$262144$8$1$')).toBe(true);
    expect(await verifyPassword('Sakura2027', hash)).toBe(true);
    configurePasswordHashing(17);
  });

  it('refuses a cost outside 2^12…2^20 in the configuration', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '8' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
