import type { DriverName } from '../src/db/client.ts';

export const ALL_DRIVERS: readonly DriverName[] = ['pglite', 'postgres'];

/**
 * The drivers an integration test file runs on: both unless TEST_DRIVERS names some
 * (TEST_DRIVERS=pglite for a quick local run). The postgres driver is never dropped because
 * PostgreSQL is missing: its contexts then fail with one clear line.
 */
export function drivers(env: NodeJS.ProcessEnv = process.env): DriverName[] {
  const wanted = env.TEST_DRIVERS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted || wanted.length === 0) return [...ALL_DRIVERS];
  const unknown = wanted.filter((name) => !(ALL_DRIVERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `TEST_DRIVERS: unknown driver(s) ${unknown.join(', ')} (known: ${ALL_DRIVERS.join(', ')})`,
    );
  }
  return ALL_DRIVERS.filter((name) => wanted.includes(name));
}
