import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Graceful shutdown (decision 026), on a real server process built as `npm start` builds it (esbuild,
 * plain node): SIGTERM while a slow request runs (a
 * login of an unknown address: two scrypt hashes at 2^16) lets it finish and
 * answer, refuses new connections, closes a request that outlives SHUTDOWN_TIMEOUT_MS (its body never
 * comes), and the process exits 0.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_TIMEOUT_MS = 8000;
/** The server as `npm start` runs it: built by scripts/build.mjs, run by plain node. */
const builtDir = path.join(apiDir, 'node_modules', '.cache', `mels-dist-test-${process.pid}`);

function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(builtDir, 'server.js')], {
    cwd: apiDir,
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'false',
      // debug: the request log tells when the slow request has reached its handler.
      LOG_LEVEL: 'debug',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      PASSWORD_HASH_COST: '16',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 90_000);
    const check = () => {
      const match = /running: http:\/\/localhost:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => text });
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${text}`)));
  });
}

/** Opens a connection and sends a reminder request's headers and the first half of its body, never the rest. */
function halfRequest(port: number) {
  const body = JSON.stringify({ email: 'nobody@mels.example.jp', password: 'not-the-password-1' });
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (d) => (response += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const half = Math.floor(body.length / 2);
  return {
    async start() {
      await connected;
      socket.write(
        `POST /api/v1/users/forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
    },
    closed,
    response: () => response,
  };
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('graceful shutdown on SIGTERM (the compiled server)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-shutdown-'));
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    const { buildApi } = (await import(pathToFileURL(path.join(apiDir, 'scripts/build.mjs')).href)) as {
      buildApi: (options: { outDir: string; log: () => void }) => Promise<void>;
    };
    await buildApi({ outDir: builtDir, log: () => undefined });
  });
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(builtDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new ones, closes a stuck one after the timeout, exits 0', async () => {
    const server = await startServer(dataDir);
    child = server.child;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const stuck = halfRequest(server.port);
    await stuck.start();
    const loginBody = JSON.stringify({ email: 'nobody@mels.example.jp', password: 'not-the-password-1' });
    const slow = fetch(`http://127.0.0.1:${server.port}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }).then(async (response) => ({
      at: Date.now(),
      status: response.status,
      body: await response.text(),
      id: response.headers.get('x-request-id'),
    }));
    const reached = () =>
      server
        .output()
        .split('\n')
        .some((line) => line.includes('"incoming request"') && line.includes('/api/v1/users/login'));
    for (let i = 0; i < 500 && !reached(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reached()).toBe(true);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused while the process is still alive (the stuck request keeps it up).
    let refusedAfter = -1;
    for (let i = 0; i < 60; i += 1) {
      if (!(await canConnect(server.port))) {
        refusedAfter = Date.now() - signalled;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    expect(refusedAfter).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.child.exitCode).toBeNull();

    // The request that was running got its answer after the signal (the login fails: no such member).
    const answer = await slow;
    expect(answer.at).toBeGreaterThan(signalled);
    expect(answer.status, answer.body).toBe(400);
    expect(answer.body).toContain('INVALID_CREDENTIALS');
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.child.exitCode).toBeNull();

    const stuckClosed = await stuck.closed;
    expect(stuckClosed - signalled).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 200);
    expect(stuck.response()).toBe('');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5000);
    expect(server.output()).toContain('"msg":"shutting down"');
    expect(server.output()).toContain('"msg":"stopped"');
  });
});
