import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(webRoot, '../..');

function freePort(): Promise<number> {
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

type ReceivedMail = { to: string[]; raw: string; receivedAt: string };

/** A real SMTP server for the portal to send to, and a loopback HTTP view of what it received. */
async function startMailSink() {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const view = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  const viewPort = await freePort();
  await new Promise<void>((resolve) => view.listen(viewPort, '127.0.0.1', resolve));
  return {
    smtpPort,
    viewUrl: `http://127.0.0.1:${viewPort}/`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => view.close(() => resolve()));
    },
  };
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
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

export default async function setup(project: TestProject) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chrome)) {
    throw new Error(
      `Chromium not found at ${chrome}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  // Build into a folder of this run's own, so parallel runs and `npm run build` never clash.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-e2e-'));
  const webDist = path.join(runDir, 'web');
  const build = spawn('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if ((await new Promise<number | null>((resolve) => build.on('exit', resolve))) !== 0)
    throw new Error('web build failed');
  const weights = spawn(process.execPath, [path.join(webRoot, 'scripts/route-weights.mjs'), webDist], {
    stdio: 'inherit',
  });
  if ((await new Promise<number | null>((resolve) => weights.on('exit', resolve))) !== 0) {
    throw new Error('the first visit to / is over its JavaScript budget');
  }
  const sink = await startMailSink();
  const dataDir = path.join(runDir, 'data');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      NODE_ENV: 'production',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForReady(`${baseUrl}/readyz`, child, () => log);

  project.provide('baseUrl', baseUrl);
  project.provide('mailViewUrl', sink.viewUrl);
  project.provide('chromePath', chrome);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
    await sink.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
    mailViewUrl: string;
    chromePath: string;
  }
}
