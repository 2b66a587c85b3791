// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build that is worth it, once at
// build time at the highest levels, so the server sends them with Content-Encoding and spends no CPU on it
// (issue 20). The API's static plugin picks the copy the browser accepts (preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map|ttf|otf)$/;
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map')) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of walk(dist)) {
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A copy no smaller than the file is not worth a header.
  if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
  count += 1;
  raw += body.length;
  br += Math.min(brotli.length, body.length);
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
);
