import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(webRoot, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  // A server that migrates and seeds does it beside the web build (global-setup.ts): on a busy 2-core
  // machine that took over two minutes.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** The data folder the global setup seeded (e2e/support/global-setup.ts), in a test worker; else undefined. */
function seededTemplate(): string | undefined {
  try {
    return inject('seededDataDir') || undefined;
  } catch {
    return undefined; // in the global setup itself
  }
}

/**
 * The real server (apps/api/src/server.ts in production mode, serving the built web app) on a free
 * port with its own embedded database; env adds to or overrides the defaults (SMTP, Stripe keys…).
 * A data folder without a database starts as a copy of `template` (by default the one the global
 * setup migrated and seeded): the server then finds its demo data instead of migrating and seeding
 * for ten seconds of CPU. Each server still has a database of its own.
 */
export async function startPortalServer(options: {
  webDist: string;
  dataDir: string;
  env?: Record<string, string>;
  template?: string;
}) {
  const template = options.template ?? seededTemplate();
  if (template && !fs.existsSync(path.join(options.dataDir, 'pgdata'))) {
    fs.cpSync(template, options.dataDir, { recursive: true });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST: options.webDist,
      // scrypt at 2^12 instead of 2^17: the tests register and log in scores of members (the API
      // tests do the same); everything else runs as in production.
      PASSWORD_HASH_COST: '12',
      // The suites register scores of members from 127.0.0.1; production allows 20 per IP a window.
      RATE_LIMIT_REGISTER: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForReady(`${baseUrl}/readyz`, child, () => log);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    baseUrl,
    log: () => log,
    /** Stops it as production does (SIGTERM: requests finish, the database is closed) and waits for it. */
    shutdown: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
