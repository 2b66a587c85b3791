import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates and seeds one database per driver; each test file's context copies it.
    globalSetup: ['test/global-setup.ts'],
    // Dates are shown in Asia/Tokyo; the tests pin the zone as well as the clock.
    env: { TZ: 'Asia/Tokyo' },
    // Each file seeds its own databases (scrypt passwords, hundreds of rows): generous limits.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // The machines have 2 cores: two files at a time, each in its own process (PGlite is WASM).
    pool: 'forks',
    maxWorkers: 2,
  },
});
