// npm run db:backup -- <file> / npm run db:restore -- <file> (decision 026, docs/deploy.md): the
// database of DATABASE_URL with pg_dump/pg_restore (stored files included), else the embedded database
// of DATA_DIR with its files. Restore goes into an empty database or a DATA_DIR without one.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup, BackupError, restore, type BackupTarget } from './backup.ts';

const [command, fileArg] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !fileArg) {
  console.error('usage: cli-backup.ts backup|restore <file>');
  process.exit(2);
}
const config = loadConfig();
const target: BackupTarget = config.databaseUrl
  ? { databaseUrl: config.databaseUrl }
  : { dataDir: config.dataDir };
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
const where = config.databaseUrl
  ? 'the PostgreSQL database (DATABASE_URL)'
  : `the embedded database in ${config.dataDir}`;
try {
  const started = Date.now();
  if (command === 'backup') await backup(target, file);
  else await restore(target, file);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    command === 'backup'
      ? `Backed up ${where} to ${file} in ${seconds} s.`
      : `Restored ${file} into ${where} in ${seconds} s.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
