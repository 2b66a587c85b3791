// npm run storage:import -w @mels/api: copies the files of DATA_DIR/files (or --from <folder>) into the
// PostgreSQL storage of DATABASE_URL, so that every instance serves them (decision 026). Files already
// there with the same size are skipped; run it again after a failure. --remove deletes each copied file.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { localFilesDir } from '../lib/storage-create.ts';
import { postgresStorage } from '../lib/storage-postgres.ts';
import { localStorage } from '../lib/storage.ts';
import { openDb } from './client.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, remove: { type: 'boolean' } } });
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'storage:import moves files into PostgreSQL: set DATABASE_URL (the embedded database keeps files in DATA_DIR/files).',
  );
  process.exit(1);
}
const from = path.resolve(values.from ?? localFilesDir(config.dataDir));
if (!fs.existsSync(from)) {
  console.error(`No folder ${from}: nothing to import (give another with --from <folder>).`);
  process.exit(1);
}
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  poolSize: 2,
  timeouts: config.databaseTimeouts,
});
try {
  await handle.migrate();
  const source = localStorage(from);
  const target = postgresStorage(handle.db);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for await (const key of source.keys()) {
    const size = (await source.stat(key))?.size ?? 0;
    if ((await target.stat(key))?.size === size) {
      skipped += 1;
    } else {
      await target.put(key, source.stream(key));
      copied += 1;
      bytes += size;
    }
    if (values.remove) await source.remove(key);
  }
  console.log(
    `Imported ${copied} file(s) (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${from} into PostgreSQL; ${skipped} already there.`,
  );
} finally {
  await handle.close();
}
