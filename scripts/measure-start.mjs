// How long `npm start` takes until the portal answers: node scripts/measure-start.mjs [runs]
// Run 1 starts on an empty DATA_DIR (a newcomer's first start: migrations and demo data), the others
// restart on the data it left (a restart). Prints seconds to the first answer of /readyz and of the
// home page, and the resident memory of the idle server (its /proc status) a few seconds later.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-start-'));
const port = 39000 + Math.floor(Math.random() * 900);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, since, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return (Date.now() - since) / 1000;
    } catch {
      // not yet
    }
    await sleep(50);
  }
}

/** Resident memory of the server: the largest node process of the start's process group. */
function serverResidentMb(groupPid) {
  let largest = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(stat[2]) !== groupPid) continue;
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      largest = Math.max(largest, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // gone
    }
  }
  return largest;
}

try {
  for (let run = 1; run <= runs; run += 1) {
    const since = Date.now();
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    const ready = await waitFor(`http://127.0.0.1:${port}/readyz`, since, child);
    const home = await waitFor(`http://127.0.0.1:${port}/`, since, child);
    await sleep(5000);
    const rss = serverResidentMb(child.pid);
    console.log(
      `${run === 1 ? 'first start' : 'restart    '}: /readyz after ${ready.toFixed(1)} s, home page ${home.toFixed(1)} s; idle server ${rss.toFixed(0)} MB resident`,
    );
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
