import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from '../../vitest.e2e.config.ts';
import { dropRunDatabases, e2eCluster, freePort, startPortalServer } from './server.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiRoot = path.resolve(webRoot, '../api');
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

/** Runs a node script of the build in apps/web, its output shown; throws `failure` unless it exits 0. */
async function runStep(options: { args: string[]; failure: string }) {
  const child = spawn(process.execPath, options.args, {
    cwd: webRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if ((await new Promise<number | null>((resolve) => child.on('exit', resolve))) !== 0)
    throw new Error(options.failure);
}

/**
 * Debian's Chromium, in the order tried: the headless shell of the same Debian source package and version
 * (Playwright's own choice for headless runs; a third less CPU than the full browser, decision 072), then
 * the full browser. CHROME_PATH=/usr/bin/chromium runs the journeys in the full browser.
 */
const DEBIAN_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export default async function setup(project: TestProject) {
  const chrome = process.env.CHROME_PATH ?? DEBIAN_CHROMIUM.find((file) => fs.existsSync(file));
  if (!chrome || !fs.existsSync(chrome)) {
    throw new Error(
      `Chromium not found at ${chrome ?? DEBIAN_CHROMIUM.join(' or ')}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROME_PATH.`,
    );
  }
  // Build into a folder of this run's own, so parallel runs and `npm run build` never clash.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-e2e-'));
  // The servers' databases on the run's PostgreSQL cluster, if any, are named after the run (decision 062).
  const run = path.basename(runDir).replace(/\W/g, '').toLowerCase();
  process.env.E2E_RUN = run;
  const cluster = e2eCluster();
  if (cluster) console.log('[e2e] servers on PostgreSQL (E2E_DATABASE_URL), one database each');
  // The API built as `npm start` builds it (esbuild, under a second), in a folder inside apps/api so that
  // its dependencies resolve: every server runs it, starting in about 2 s instead of tsx's 3.
  const serverDir = path.join(apiRoot, 'dist', `.e2e-${run}`);
  await runStep({
    args: [path.join(apiRoot, 'scripts/build.mjs'), serverDir],
    failure: 'API build failed',
  });
  process.env.E2E_SERVER_ENTRY = path.join(serverDir, 'server.js');
  // Meanwhile, one server migrates and seeds a database, and stops: every server of the run (the
  // workers' and those test files start) begins with a copy of its database instead of seeding.
  const seededDataDir = path.join(runDir, 'seeded');
  const seeding = startPortalServer({
    webDist: path.join(runDir, 'no-web'),
    dataDir: seededDataDir,
  }).then((server) => server.shutdown());
  seeding.catch(() => undefined); // awaited below; a failure is reported there
  // The web app built as `npm run build` builds it (scripts/build-to.mjs), unless `npm test` built it while
  // the API tests ran and says where (E2E_WEB_DIST, decision 071).
  const prebuilt = process.env.E2E_WEB_DIST;
  let webDist = path.join(runDir, 'web');
  if (prebuilt && fs.existsSync(path.join(prebuilt, 'index.html'))) {
    console.log(`[e2e] the web app npm test built: ${prebuilt}`);
    webDist = prebuilt;
  } else {
    await runStep({
      args: [path.join(webRoot, 'scripts/build-to.mjs'), webDist],
      failure: 'web build failed',
    });
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
  project.provide('e2eRun', run);
  project.provide('serverEntry', process.env.E2E_SERVER_ENTRY);

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sink.close();
    if (cluster) dropRunDatabases(cluster);
    fs.rmSync(runDir, { recursive: true, force: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
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
    /** The data folder of a migrated and seeded server, whose database startPortalServer copies. */
    seededDataDir: string;
    /** This run's mark in the names of its servers' PostgreSQL databases. */
    e2eRun: string;
    /** The run's build of the API server (apps/api/dist/.e2e-<run>/server.js). */
    serverEntry: string;
  }
}
