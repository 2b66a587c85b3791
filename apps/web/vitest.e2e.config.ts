import { defineConfig } from 'vitest/config';

/**
 * Test files run two at a time (one per core), each worker with a server of its own. E2E_WORKERS changes
 * it for a trial: the files wait more than they compute (decision 048), so a third may pay on an idle machine.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 2);

/** End-to-end tests: the real server (built web app + API on a fresh embedded database) driven in Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: E2E_WORKERS,
    pool: 'forks',
    reporters: ['default'],
    // A page that waits for the API before it redirects or redraws can take seconds with two files,
    // two servers and two browsers on two cores; expect.poll's 1 s default is too tight for that.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
