// What a first visit really loads, from Vite's build manifest (issue 20): for each public landing page, the
// entry, the lazily loaded chunks that page imports at once (its route module, and the parts the home page
// loads as soon as it renders), and everything those import, counted in script (gzip and raw) and CSS
// (gzip). e2e/page-weights.e2e.ts checks in Chromium that a visit loads exactly these files, so the list
// below cannot drift from what the browser does. The build fails when a page is over its budget.
// The budgets are issue 20's goals (decisions 047, 049).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * KB; `js`: script gzip, `raw`: script as sent uncompressed, `css`: stylesheets gzip. Issue 20's goals for
 * the home page (120 / 400 / 30) are every landing page's budget (decision 049; /search-result's was 122
 * until its conditions form came on demand on a phone, decision 055).
 */
const BUDGETS = {
  '/': { js: 120, raw: 400, css: 30 },
  '/search-result': { js: 120, raw: 400, css: 30 },
  '/course/{id}': { js: 120, raw: 400, css: 30 },
};
/** The landing pages and the lazy modules each loads at once (manifest keys; the entry is always loaded). */
export const PAGES = {
  // The home page's route chunk holds its search form and course cards (decision 047); its loader starts
  // the app after the first paint (decision 049).
  '/': ['src/boot.ts', 'src/app/pages/home/home-page.tsx'],
  '/search-result': ['src/features/search/search-result-page.tsx'],
  '/course/{id}': ['src/features/courses/course-page.tsx'],
};

const cache = new Map();
const read = (file) => {
  if (!cache.has(file)) {
    const body = fs.readFileSync(path.join(dist, file));
    cache.set(file, { raw: body.length, gzip: gzipSync(body).length });
  }
  return cache.get(file);
};
/** A chunk and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key])
    throw new Error(`${key} is not in the build manifest: update PAGES in route-weights.mjs`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const entryKey = 'index.html';

/** The files a first visit to each page loads: scripts and stylesheets. */
export function pageFiles() {
  const out = {};
  for (const [page, keys] of Object.entries(PAGES)) {
    const chunks = new Set();
    for (const key of [entryKey, ...keys]) closure(key, chunks);
    out[page] = {
      js: [...new Set([...chunks].map((k) => manifest[k].file))].sort(),
      css: [...new Set([...chunks].flatMap((k) => manifest[k].css ?? []))].sort(),
    };
  }
  return out;
}

const files = pageFiles();
// Written beside the build for the e2e check.
fs.writeFileSync(path.join(dist, '.vite/page-weights.json'), JSON.stringify(files, null, 2));

const over = [];
console.log('\nFirst visit (script gzip / raw, CSS gzip):');
for (const [page, { js, css }] of Object.entries(files)) {
  const jsGzip = js.reduce((sum, f) => sum + read(f).gzip, 0);
  const jsRaw = js.reduce((sum, f) => sum + read(f).raw, 0);
  const cssGzip = css.reduce((sum, f) => sum + read(f).gzip, 0);
  console.log(
    `  ${page.padEnd(16)} ${String(js.length).padStart(3)} scripts ${kb(jsGzip).padStart(9)} / ${kb(jsRaw).padStart(9)}   CSS ${kb(cssGzip).padStart(8)}`,
  );
  const budget = BUDGETS[page];
  console.log(
    `  ${''.padEnd(16)} budget ${`${budget.js} KB`.padStart(11)} / ${`${budget.raw} KB`.padStart(9)}       ${`${budget.css} KB`.padStart(8)}`,
  );
  if (jsGzip > budget.js * 1024) over.push(`${page}: script ${kb(jsGzip)} gzip, budget ${budget.js} KB`);
  if (jsRaw > budget.raw * 1024) over.push(`${page}: script ${kb(jsRaw)} raw, budget ${budget.raw} KB`);
  if (cssGzip > budget.css * 1024) over.push(`${page}: CSS ${kb(cssGzip)} gzip, budget ${budget.css} KB`);
}

const entryFiles = new Set(files['/'].js);
const rows = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...new Set([...closure(key)].map((k) => manifest[k].file))].filter(
    (f) => f.endsWith('.js') && !entryFiles.has(f),
  );
  rows.push([key.replace(/^src\//, ''), extra.reduce((sum, f) => sum + read(f).gzip, 0)]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));
console.log('\nEach lazily loaded route after the home page (script gzip):');
for (const [name, bytes] of rows) console.log(`  + ${name.padEnd(56)} ${kb(bytes).padStart(10)}`);

if (over.length) {
  console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
