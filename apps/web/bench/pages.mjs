// `npm run bench:pages` (issue 20): Lighthouse 12 (from the npm registry) against Debian's Chromium, on the
// production build served by the real server (`npm start`'s path: compiled API, demo data on an embedded
// database), simulated mobile (4× CPU, slow 4G) and desktop. Each page is measured `runs` times per form
// factor and the median run is kept. Writes a dated section to docs/benchmarks/pages.md. A benchmark, not a
// test: it is not part of `npm test`.
//
//   npm run bench:pages -- [runs=3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.argv[2] ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/search-result', '/course/1', '/session/1/4', '/news', '/faq'];

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits } = result.lhr;
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
    };
  } finally {
    await chrome.kill();
  }
}

const load = () => os.loadavg()[0].toFixed(2);
const loadBefore = load();
const server = await startServer();
const rows = [];
try {
  for (const formFactor of ['mobile', 'desktop']) {
    for (const page of PAGES) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await measure(server.url + page, formFactor));
      const mid = median(results.map((r) => r.performance));
      const kept = results.find((r) => r.performance === mid);
      rows.push({ formFactor, page, scores: results.map((r) => r.performance), ...kept });
      console.log(
        `${formFactor.padEnd(7)} ${page.padEnd(15)} perf ${results.map((r) => r.performance).join('/')}  ` +
          `LCP ${(kept.lcp / 1000).toFixed(1)} s  TBT ${Math.round(kept.tbt)} ms  CLS ${kept.cls.toFixed(3)}`,
      );
    }
  }
} finally {
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
    `load average ${loadBefore} before, ${loadAfter} after.`,
  '',
  '| form factor | page | performance (runs) | FCP | LCP | TBT | CLS | a11y | best practices | SEO | bytes |',
  '| ----------- | ---- | ------------------ | --- | --- | --- | --- | ---- | -------------- | --- | ----- |',
  ...rows.map(
    (r) =>
      `| ${r.formFactor} | ${r.page} | ${r.performance} (${r.scores.join(', ')}) | ${s(r.fcp)} | ${s(r.lcp)} | ` +
      `${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${(r.bytes / 1024).toFixed(0)} KiB |`,
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
