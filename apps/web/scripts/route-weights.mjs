// Prints the JavaScript weight (gzip) of the first visit to / and of each lazily loaded route chunk,
// from Vite's build manifest. A first visit must stay under the budget (170 KB gzip).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 170;

const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length);
  return gz.get(file);
};
/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const files = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = files(closure(entryKey));
const initialBytes = [...initial].reduce((sum, f) => sum + size(f), 0);

const rows = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...files(closure(key))].filter((f) => !initial.has(f));
  rows.push([key.replace(/^src\//, ''), extra.reduce((sum, f) => sum + size(f), 0)]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));

console.log('\nJavaScript weight (gzip):');
console.log(
  `  first visit to / (entry + its imports)   ${kb(initialBytes).padStart(10)}   budget ${BUDGET_KB} KB`,
);
for (const [name, bytes] of rows) console.log(`  + ${name.padEnd(52)} ${kb(bytes).padStart(10)}`);
if (initialBytes > BUDGET_KB * 1024) {
  console.error(`\nThe first visit weighs ${kb(initialBytes)}, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
