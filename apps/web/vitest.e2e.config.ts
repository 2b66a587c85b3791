import { defineConfig } from 'vitest/config';

/** End-to-end tests: the real server (built web app + API on a fresh embedded database) driven in Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
