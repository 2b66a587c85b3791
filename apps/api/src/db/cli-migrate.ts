import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDb } from './client.ts';

const config = loadConfig();
const handle = await openDb({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
await handle.migrate();
console.log(`Migrations applied (${handle.driver}).`);
await handle.close();
