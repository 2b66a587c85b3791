import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { authTokens } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { localStorage } from '../src/lib/storage.ts';
import { generateToken, hashToken } from '../src/lib/tokens.ts';
import { tokyoDate } from '../src/lib/dates.ts';

const databaseUrl = 'postgres://postgres@127.0.0.1:55432/mels_bench_20k';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-prof-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_ON_EMPTY: 'false' });
const dbHandle = await openDb({ databaseUrl, poolSize: config.databasePoolSize });
const app = await buildApp({ config, dbHandle, db: dbHandle.db, clock: systemClock, storage: localStorage(path.join(dataDir, 'files')) }, {});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const token = generateToken();
await dbHandle.db.insert(authTokens).values({ userId: 1818, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
const today = tokyoDate(new Date());
const url = `${base}/api/v1/trainings?${new URLSearchParams([['user_type[]', '4'], ['area[]', '13'], ['event_date$ge', `${today} 00:00:00`], ['page', '1']]).toString()}`;
const headers = process.env.VISITOR ? {} : { authorization: `Token ${token}` };
const load = (duration: number) =>
  new Promise<{ requestsPerSecond: number }>((resolve, reject) => {
    const worker = new Worker(new URL('../bench/load-worker.mjs', import.meta.url), { workerData: { url, connections: 10, duration, timeout: 30, headers } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
await load(3);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const r = await load(8);
const { profile } = await session.post('Profiler.stop');
console.log('req/s', r.requestsPerSecond.toFixed(0));
fs.writeFileSync('/tmp/search.cpuprofile', JSON.stringify(profile));
// Self time by function, top 30; inclusive for a few.
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const s of profile.samples ?? []) self.set(s, (self.get(s) ?? 0) + 1);
const total = profile.samples?.length ?? 1;
const byFn = new Map<string, number>();
for (const [id, count] of self) {
  const n = nodes.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + count);
}
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log((100 * v / total).toFixed(1).padStart(5), k);
await app.close();
await dbHandle.close();
