import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups (decision 026). PostgreSQL: pg_dump's custom format of the whole database, the stored files
 * included (they live in stored_files/stored_file_chunks); restored with pg_restore into an empty
 * database. The embedded database: one .tar.gz holding PGlite's own dump of its data folder
 * (dumpDataDir) and the DATA_DIR/files folder; restored into a DATA_DIR without a database. The
 * embedded database must not be running while it is backed up or restored (one process owns it).
 */
export class BackupError extends Error {}

/** pg_dump/pg_restore: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(path.join(env.PG_BIN, name));
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const version of fs
      .readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(root, version, 'bin', name));
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, name));
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found)
    throw new BackupError(
      `${name} not found: install the PostgreSQL client of the server's version (apt-get install postgresql-client) or set PG_BIN`,
    );
  return found;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const detail = (result.stderr || result.error?.message || '').trim().split('\n').slice(-5).join('\n');
    throw new BackupError(`${path.basename(command)} failed (exit ${result.status}): ${detail}`);
  }
}

export type BackupTarget = { databaseUrl: string } | { dataDir: string };

export async function backup(target: BackupTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('databaseUrl' in target) {
    run(postgresTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      target.databaseUrl,
    ]);
    return;
  }
  const pgdata = path.join(target.dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new BackupError(`no embedded database in ${pgdata}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-backup-'));
  try {
    const db = await PGlite.create(pgdata);
    try {
      const dump = await db.dumpDataDir('none');
      fs.writeFileSync(path.join(work, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    const files = path.join(target.dataDir, 'files');
    fs.mkdirSync(path.join(work, 'files'), { recursive: true });
    if (fs.existsSync(files)) fs.cpSync(files, path.join(work, 'files'), { recursive: true });
    run('tar', ['-czf', path.resolve(file), '-C', work, 'pgdata.tar', 'files']);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function restore(target: BackupTarget, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`no backup file ${file}`);
  if ('databaseUrl' in target) {
    // Into an empty database (createdb first): objects, rows and stored files, in one transaction.
    run(postgresTool('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  const pgdata = path.join(target.dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0)
    throw new BackupError(
      `${pgdata} already holds a database: restore into a new DATA_DIR (or move it away first)`,
    );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-restore-'));
  try {
    run('tar', ['-xzf', path.resolve(file), '-C', work]);
    fs.mkdirSync(pgdata, { recursive: true });
    const db = await PGlite.create(pgdata, {
      loadDataDir: new Blob([fs.readFileSync(path.join(work, 'pgdata.tar'))]),
    });
    await db.close();
    const files = path.join(target.dataDir, 'files');
    fs.mkdirSync(files, { recursive: true });
    fs.cpSync(path.join(work, 'files'), files, { recursive: true });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
