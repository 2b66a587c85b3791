import path from 'node:path';
import type { Database } from '../db/client.ts';
import { postgresStorage } from './storage-postgres.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * The storage of an installation (decision 026): PostgreSQL when DATABASE_URL is set, so that every
 * instance reads the same files; the folder DATA_DIR/files for the embedded database.
 */
export function createStorage(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  db: Database;
}): Storage {
  return options.databaseUrl ? postgresStorage(options.db) : localStorage(localFilesDir(options.dataDir));
}

/** Where the local driver keeps files, and where `storage:import` finds an installation's old ones. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, 'files');
