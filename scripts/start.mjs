// `npm start` (decision 026): builds the web app only when apps/web/dist is missing or older than its
// sources, builds the API into apps/api/dist the same way, then runs the compiled server with node in
// this process (signals reach it directly; no tsx, no second process).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under the given files and folders (node_modules and dist skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let info;
    try {
      info = fs.statSync(p);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) visit(path.join(p, name));
      }
    } else {
      latest = Math.max(latest, info.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

const domain = [at('packages/domain/src'), at('packages/domain/package.json')];
const webSources = [
  at('apps/web/src'),
  at('apps/web/public'),
  at('apps/web/index.html'),
  at('apps/web/vite.config.ts'),
  at('apps/web/scripts'),
  at('apps/web/package.json'),
  ...domain,
];
const apiSources = [
  at('apps/api/src'),
  at('apps/api/package.json'),
  at('apps/api/scripts/build.mjs'),
  ...domain,
];

const webBuilt = mtime(at('apps/web/dist/index.html'));
if (!webBuilt || webBuilt < newest(webSources)) {
  console.log(webBuilt ? 'The web app changed: building it…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mels/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const apiBuilt = mtime(at('apps/api/dist/server.js'));
if (!apiBuilt || apiBuilt < newest(apiSources)) {
  const { buildApi } = await import(pathToFileURL(at('apps/api/scripts/build.mjs')).href);
  await buildApi();
}

await import(pathToFileURL(at('apps/api/dist/server.js')).href);
