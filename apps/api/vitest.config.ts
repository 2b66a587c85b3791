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
    // The machines have 2 cores: two files at a time, in two processes (PGlite is WASM).
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share its loaded modules (the app, drizzle, zod schemas, PGlite's WASM)
    // instead of loading them anew per file: a third of the suite's CPU time went into those imports
    // (decision 048). Each file still builds its own app and database (createTestContext); a file that
    // mocks a module loads what imports it afresh (vi.resetModules, users.register-limit.test.ts), and
    // a file that changes process state sets what it relies on (lib/password.test.ts).
    isolate: false,
  },
});
