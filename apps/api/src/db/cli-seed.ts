import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { configurePasswordHashing } from '../lib/password.ts';
import { createStorage } from '../lib/storage-create.ts';
import { openDb } from './client.ts';
import { isDatabaseEmpty, seedDemoData, seedScale } from './seed/index.ts';

const { values } = parseArgs({ options: { scale: { type: 'string' }, force: { type: 'boolean' } } });
const config = loadConfig();
// The demo accounts' passwords at the configured cost, as the server seeds them (PASSWORD_HASH_COST).
configurePasswordHashing(config.passwordHashLogN);
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
await handle.migrate();
const storage = createStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, db: handle.db });
if (await isDatabaseEmpty(handle.db)) {
  await seedDemoData(handle.db, { storage });
  console.log('Demo data loaded.');
} else if (!values.scale) {
  console.log('The database already holds data; demo data not loaded again.');
}
if (values.scale) {
  const n = Number(values.scale);
  if (!Number.isInteger(n) || n < 1) {
    console.error('--scale takes a whole number of 1 or more');
    process.exit(1);
  }
  const started = Date.now();
  const counts = await seedScale(handle.db, n);
  console.log(`Scale data added in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
}
await handle.close();
