import { defineConfig } from 'vitest/config';

/**
 * Test files run three at a time on two cores, each worker with a server of its own: the files wait on
 * pages and servers more than they compute, and a third fills that time (decision 061: 807 s against 871 s
 * with two on the same machine). E2E_WORKERS changes it.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '3') || 3);

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
    // A worker's files share what they import (playwright-core, the support modules) instead of loading it
    // anew per file: 2–3 % of the run's CPU (decision 071). The support modules keep no state between files
    // but useOwnServer's, which each file that sets it clears in afterAll.
    isolate: false,
    reporters: ['default'],
    // A page that waits for the API before it redirects or redraws can take seconds with two files,
    // two servers and two browsers on two cores; expect.poll's 1 s default is too tight for that.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
