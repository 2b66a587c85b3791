import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from '../../vitest.e2e.config.ts';
import { freePort, startPortalServer } from './server.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  // Meanwhile, one server migrates and seeds a database, and stops: every server of the run (the
  // workers' and those test files start) begins with a copy of its data folder instead of seeding.
  const seededDataDir = path.join(runDir, 'seeded');
  const seeding = startPortalServer({
    webDist: path.join(runDir, 'no-web'),
    dataDir: seededDataDir,
  }).then((server) => server.shutdown());
  seeding.catch(() => undefined); // awaited below; a failure is reported there
  const build = spawn('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if ((await new Promise<number | null>((resolve) => build.on('exit', resolve))) !== 0)
    throw new Error('web build failed');
  // The home page and the layout prerendered into the HTML, as `npm run build` writes them.
  const prerender = spawn(process.execPath, [path.join(webRoot, 'scripts/prerender.mjs'), webDist], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if ((await new Promise<number | null>((resolve) => prerender.on('exit', resolve))) !== 0)
    throw new Error('prerendering the build failed');
  // The brotli/gzip copies the server sends, as `npm run build` writes them.
  const precompress = spawn(process.execPath, [path.join(webRoot, 'scripts/precompress.mjs'), webDist], {
    stdio: 'inherit',
  });
  if ((await new Promise<number | null>((resolve) => precompress.on('exit', resolve))) !== 0)
    throw new Error('precompressing the build failed');
  const weights = spawn(process.execPath, [path.join(webRoot, 'scripts/route-weights.mjs'), webDist], {
    stdio: 'inherit',
  });
  if ((await new Promise<number | null>((resolve) => weights.on('exit', resolve))) !== 0) {
    throw new Error('a first visit is over its budget (scripts/route-weights.mjs)');
  }
  await seeding;
  const sink = await startMailSink();
  // One server (and database) per test worker: files run E2E_WORKERS at a time, each worker against its own
  // data, so no file sees another's applications or places.
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, i) =>
      startPortalServer({
        webDist,
        dataDir: path.join(runDir, `data-${i + 1}`),
        template: seededDataDir,
        // Reception takes tickets only on the session's day (decision 022); the journeys check in sessions
        // weeks ahead, so these servers open it a year either side. office.e2e.ts tests the day itself.
        env: { SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`, CHECK_IN_MARGIN_HOURS: '8784' },
      }),
    ),
  );

  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('mailViewUrl', sink.viewUrl);
  project.provide('chromePath', chrome);
  project.provide('webDist', webDist);
  project.provide('seededDataDir', seededDataDir);

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sink.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The servers of the test workers (VITEST_POOL_ID 1, 2…). */
    baseUrls: string[];
    mailViewUrl: string;
    chromePath: string;
    /** The web app built for this run, for a test that starts a server of its own. */
    webDist: string;
    /** The data folder of a migrated and seeded server, which startPortalServer copies. */
    seededDataDir: string;
  }
}
