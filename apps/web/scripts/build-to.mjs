// `node scripts/build-to.mjs <folder>`: the production build (vite build, the prerendered pages, the
// brotli/gzip copies, the first visit's budgets) into a folder. `npm run build` writes dist/ with it; the
// end-to-end run writes a folder of its own, so the two never clash: the e2e global setup runs it, or uses
// the folder `npm test` built while the API tests ran (E2E_WEB_DIST, decision 071).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!outDir) {
  console.error('usage: node scripts/build-to.mjs <folder>');
  process.exit(2);
}
/** Vite's command, run with this node (as `npx vite` would find it). */
const viteBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);
// Under vitest NODE_ENV is `test`, which would give React's development build.
const production = { ...process.env, NODE_ENV: 'production' };

function runStep(args, failure) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: webRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: production,
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(failure))));
  });
}

try {
  await runStep(
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    'web build failed',
  );
  await runStep([path.join(webRoot, 'scripts/prerender.mjs'), outDir], 'prerendering the build failed');
  await runStep([path.join(webRoot, 'scripts/precompress.mjs'), outDir], 'precompressing the build failed');
  await runStep(
    [path.join(webRoot, 'scripts/route-weights.mjs'), outDir],
    'a first visit is over its budget (scripts/route-weights.mjs)',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
