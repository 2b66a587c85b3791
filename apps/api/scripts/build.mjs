// Builds the API into apps/api/dist for `node` (decision 026): one ES module per command (server,
// migrate, seed, storage import, secret rotation, backup), the shared code in chunks beside them,
// @mels/domain bundled in (it ships TypeScript), every npm dependency left to node_modules. Files the
// code reads next to itself (`new URL('./x', import.meta.url)`, the migrations) are copied so that
// they sit at the same place relative to the built files. tsx stays for `npm run dev` and the tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(apiDir, 'src');
const defaultOutDir = path.join(apiDir, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8'));

export const ENTRY_POINTS = {
  server: 'src/server.ts',
  'cli-migrate': 'src/db/cli-migrate.ts',
  'cli-seed': 'src/db/cli-seed.ts',
  'cli-storage-import': 'src/db/cli-storage-import.ts',
  'cli-rotate-secret': 'src/db/cli-rotate-secret.ts',
  'cli-backup': 'src/db/cli-backup.ts',
};

/** Files a module reads beside itself: `new URL('./x', import.meta.url)`, found in the sources. */
function siblingAssets(outDir) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const match of text.matchAll(/new URL\(\s*'\.\/([^']+)'\s*,\s*import\.meta\.url\s*\)/g)) {
          found.push({ from: path.join(path.dirname(full), match[1]), to: path.join(outDir, match[1]) });
        }
      }
    }
  };
  walk(srcDir);
  return found;
}

/** Builds into apps/api/dist (or `outDir`: a folder inside apps/api, so that node_modules resolve). */
export async function buildApi({ log = console.log, outDir = defaultOutDir } = {}) {
  const started = Date.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(
    Object.entries(ENTRY_POINTS).filter(([, file]) => fs.existsSync(path.join(apiDir, file))),
  );
  await build({
    absWorkingDir: apiDir,
    entryPoints,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: 'chunk-[hash]',
    sourcemap: true,
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@mels/domain'),
    logLevel: 'warning',
  });
  fs.cpSync(path.join(srcDir, 'db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  for (const asset of siblingAssets(outDir)) {
    if (!fs.existsSync(asset.from)) throw new Error(`build: ${asset.from} is read by the code but missing`);
    fs.mkdirSync(path.dirname(asset.to), { recursive: true });
    fs.cpSync(asset.from, asset.to, { recursive: true });
  }
  log(
    `API built into ${path.relative(process.cwd(), outDir) || outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

// `node scripts/build.mjs [outDir]`: outDir (a folder inside apps/api) for a build of its own, as the
// end-to-end tests' global setup makes.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildApi(process.argv[2] ? { outDir: path.resolve(process.argv[2]) } : {});
}
