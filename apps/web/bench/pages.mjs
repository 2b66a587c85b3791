// `npm run bench:pages` (issue 20): Lighthouse 12 (from the npm registry) against Debian's Chromium, on the
// production build served by the real server (`npm start`'s path: compiled API, demo data on an embedded
// database), simulated mobile (4× CPU, slow 4G) and desktop. Each page is measured `runs` times per form
// factor and the median run is kept. Writes a dated section to docs/benchmarks/pages.md. A benchmark, not a
// test: it is not part of `npm test`.
//
// With --nginx the pages are measured as deployed: through deploy/nginx.conf with the TLS and HTTP/2 its
// header asks the operator to add (a self-signed certificate made for the run, which Chromium is told to
// accept). Without it Chromium talks HTTP/1.1 to the Node server, where at most six connections carry a
// page's thirty-odd requests.
//
// Each run also records Lighthouse's own measure of the host's speed at that moment (`benchmarkIndex`, taken
// by Chromium just before the load; Lighthouse warns below 1,000). Simulated mobile multiplies the tasks it
// observes by 4, so a host running at half speed doubles the blocking time it reports: the index says which
// runs met a slowed machine.
//
//   npm run bench:pages -- [runs=3]            (BENCH_NGINX=1 for --nginx: npm takes --flags for itself)
//   BENCH_PAGES=/,/course/1 npm run bench:pages  (only those pages, for a quick comparison)
//   BENCH_CPU=6 npm run bench:pages            (the simulated phone at 6× this host's CPU, not 4×)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { writeLocalNginx } from '../../../scripts/local-nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const throughNginx = args.includes('--nginx') || process.env.BENCH_NGINX === '1';
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// /login: where every mail link to a member's page takes a visitor (decision 053).
const ALL_PAGES = [
  '/',
  '/search-result',
  '/course/1',
  '/session/1/4',
  '/login',
  '/register',
  '/news',
  '/faq',
];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ALL_PAGES;
// Lighthouse's simulated phone multiplies this host's CPU time by 4, a multiplier its documentation
// (docs/throttling.md, "Calibrating the CPU slowdown") sets for a host of benchmark index 1,500–2,000. On a
// faster or slower host BENCH_CPU sets another (mobile only; the section says which), so that runs on hosts
// of different speeds can be read against the same phone.
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-bench-pages-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; i < 600 && !exited; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => child.kill('SIGTERM'), dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(exited ? 'the server stopped while starting' : 'the server did not start within 5 minutes');
}

/** deploy/nginx.conf as shipped, in front of the server, with TLS and HTTP/2 on a free loopback port. */
async function startNginx(upstream) {
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-bench-nginx-'));
  const [key, cert] = [path.join(prefix, 'key.pem'), path.join(prefix, 'cert.pem')];
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  // `listen … ssl http2` is the form nginx before 1.25.1 (Debian 12's 1.22) knows; later ones accept it too.
  const args = writeLocalNginx({
    prefix,
    upstreams: [new URL(upstream).host],
    listen: `listen 127.0.0.1:${port} ssl http2;`,
    serverLines: [`ssl_certificate ${cert};`, `ssl_certificate_key ${key};`],
  });
  const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
  const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(nginx, args, { stdio: 'ignore' });
  const url = `https://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const probe = spawnSync('curl', ['-sk', '-o', '/dev/null', '-w', '%{http_code}', `${url}/healthz`], {
      encoding: 'utf8',
    });
    if (probe.stdout === '200') {
      return {
        url,
        stop: () => {
          child.kill('SIGTERM');
          fs.rmSync(prefix, { recursive: true, force: true });
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('nginx did not answer');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    // The run's own certificate (--nginx) is self-signed.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(formFactor === 'mobile'
          ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }
          : {}),
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits, runtimeError, environment } = result.lhr;
    // Lighthouse now and then cannot trace a load (NO_NAVSTART, most often the first after a server start):
    // that run is made again rather than kept as a score of 0.
    if (runtimeError) return { failed: runtimeError.code ?? 'runtime error' };
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      bytes: audits['total-byte-weight'].numericValue,
      benchmarkIndex: Math.round(environment.benchmarkIndex),
    };
  } finally {
    await chrome.kill();
  }
}

const load = () => os.loadavg()[0].toFixed(2);
const loadBefore = load();
const server = await startServer();
const proxy = throughNginx ? await startNginx(server.url) : undefined;
const base = proxy?.url ?? server.url;
const rows = [];
/** Runs Lighthouse could not record, made again (the whole bench stops past this many). */
const MAX_FAILED_RUNS = 10;
let failedRuns = 0;
try {
  for (const formFactor of ['mobile', 'desktop']) {
    for (const page of PAGES) {
      const results = [];
      while (results.length < runs) {
        const result = await measure(base + page, formFactor);
        if (!result.failed) results.push(result);
        else if (++failedRuns > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed ${failedRuns} runs`);
        else
          console.log(
            `${formFactor.padEnd(7)} ${page.padEnd(15)} run not recorded (${result.failed}): again`,
          );
      }
      const mid = median(results.map((r) => r.performance));
      const kept = results.find((r) => r.performance === mid);
      const indexes = results.map((r) => r.benchmarkIndex);
      // Each run's blocking time beside the kept run's: it varies more than the score between runs.
      const tbts = results.map((r) => Math.round(r.tbt));
      rows.push({ formFactor, page, scores: results.map((r) => r.performance), indexes, tbts, ...kept });
      console.log(
        `${formFactor.padEnd(7)} ${page.padEnd(15)} perf ${results.map((r) => r.performance).join('/')}  ` +
          `LCP ${(kept.lcp / 1000).toFixed(1)} s  TBT ${Math.round(kept.tbt)} ms (${tbts.join('/')})  CLS ${kept.cls.toFixed(3)}  ` +
          `host index ${indexes.join('/')}`,
      );
    }
  }
} finally {
  proxy?.stop();
  server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
const loadAfter = load();

const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const section = [
  `\n## ${stamp} UTC`,
  '',
  `${os.cpus().length} CPUs, Node ${process.version}, Lighthouse 12, ${runs} run(s) per page and form factor (median kept), ` +
    `mobile at ${CPU_SLOWDOWN}× CPU${process.env.BENCH_CPU ? ' (BENCH_CPU)' : ''}, ` +
    `load average ${loadBefore} before, ${loadAfter} after. ` +
    (failedRuns ? `${failedRuns} run(s) Lighthouse could not record were made again. ` : '') +
    (throughNginx
      ? 'Through deploy/nginx.conf with TLS and HTTP/2 (`--nginx`), as deployed.'
      : 'Straight to the Node server (HTTP/1.1).'),
  '',
  '| form factor | page | performance (runs) | FCP | LCP | TBT (runs) | CLS | a11y | best practices | SEO | bytes | host index (runs) |',
  '| ----------- | ---- | ------------------ | --- | --- | ---------- | --- | ---- | -------------- | --- | ----- | ----------------- |',
  ...rows.map(
    (r) =>
      `| ${r.formFactor} | ${r.page} | ${r.performance} (${r.scores.join(', ')}) | ${s(r.fcp)} | ${s(r.lcp)} | ` +
      `${Math.round(r.tbt)} ms (${r.tbts.join(', ')}) | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${(r.bytes / 1024).toFixed(0)} KiB | ${r.indexes.join(', ')} |`,
  ),
  '',
].join('\n');
const doc = path.join(root, 'docs/benchmarks/pages.md');
if (!fs.existsSync(doc)) {
  fs.writeFileSync(
    doc,
    '# Benchmark: pages in Lighthouse\n\n`npm run bench:pages -- [runs]` (apps/web/bench/pages.mjs). Each section is one run of it.\n',
  );
}
fs.appendFileSync(doc, section);
// The table as the repository's formatter writes it (lint checks docs/ too).
const prettier = await import('prettier');
const options = (await prettier.resolveConfig(doc)) ?? {};
fs.writeFileSync(doc, await prettier.format(fs.readFileSync(doc, 'utf8'), { ...options, filepath: doc }));
console.log(`written to ${path.relative(root, doc)}`);
