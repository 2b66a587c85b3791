import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDb, pgliteHandle, type Database } from '../src/db/client.ts';
import { backup, restore } from '../src/db/backup.ts';
import { postgresStorage } from '../src/lib/storage-postgres.ts';
import { localStorage } from '../src/lib/storage.ts';
import { createDatabase, dropDatabase, TEMPLATE_PGLITE, uniqueDatabaseName } from './databases.ts';

/** Backups (decision 026): a seeded database backed up and restored into an empty one, row for row. */
const FILE = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));

/** Every table of the public schema with its row count. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
      rows: Array<{ n: number }>;
    };
    counts[name] = Number(result.rows[0]?.n);
  }
  return counts;
}

const provided = (key: 'postgresTemplate' | 'templateDir') => {
  try {
    return inject(key);
  } catch {
    return null;
  }
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.skipIf(!process.env.TEST_DATABASE_URL)('db:backup / db:restore on PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const names = [uniqueDatabaseName('test'), uniqueDatabaseName('test')];
  afterAll(async () => {
    for (const name of names) await dropDatabase(adminUrl, name).catch(() => undefined);
  });

  it('round trip: the same rows in every table and a stored file with the same bytes', async () => {
    const template = provided('postgresTemplate');
    const sourceUrl = await createDatabase(adminUrl, names[0] ?? '', template ?? undefined);
    const source = await openDb({ databaseUrl: sourceUrl, poolSize: 2 });
    await source.migrate();
    await postgresStorage(source.db).put('documents/guide.pdf', FILE);
    const before = await rowCounts(source.db);
    await source.close();
    expect(before.users).toBeGreaterThan(0);
    expect(before.stored_file_chunks).toBeGreaterThan(1);

    const file = path.join(work, 'mels.dump');
    await backup({ databaseUrl: sourceUrl }, file);
    const targetUrl = await createDatabase(adminUrl, names[1] ?? '');
    await restore({ databaseUrl: targetUrl }, file);
    const target = await openDb({ databaseUrl: targetUrl, poolSize: 2 });
    try {
      expect(await rowCounts(target.db)).toEqual(before);
      expect((await postgresStorage(target.db).read('documents/guide.pdf')).equals(FILE)).toBe(true);
      // The restored database carries on: its sequences too (a new row does not collide).
      await target.migrate();
      await postgresStorage(target.db).put('documents/new.pdf', Buffer.from('new'));
    } finally {
      await target.close();
    }
  });
});

describe('db:backup / db:restore of the embedded database', () => {
  it('round trip: the same rows in every table and the files folder byte for byte', async () => {
    const sourceDir = path.join(work, 'source');
    const pgdata = path.join(sourceDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    const templateDir = provided('templateDir');
    const templateFile = templateDir ? path.join(templateDir, TEMPLATE_PGLITE) : null;
    const client = await PGlite.create(
      pgdata,
      templateFile && fs.existsSync(templateFile)
        ? { loadDataDir: new Blob([fs.readFileSync(templateFile)]) }
        : {},
    );
    const handle = pgliteHandle(client);
    await handle.migrate();
    const before = await rowCounts(handle.db);
    await handle.close();
    await localStorage(path.join(sourceDir, 'files')).put('avatars/ab/cd.jpg', FILE);

    const file = path.join(work, 'embedded.tar.gz');
    await backup({ dataDir: sourceDir }, file);
    const targetDir = path.join(work, 'target');
    await restore({ dataDir: targetDir }, file);
    await expect(restore({ dataDir: targetDir }, file)).rejects.toThrow(/already holds a database/);
    const restored = pgliteHandle(await PGlite.create(path.join(targetDir, 'pgdata')));
    try {
      expect(await rowCounts(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect((await localStorage(path.join(targetDir, 'files')).read('avatars/ab/cd.jpg')).equals(FILE)).toBe(
      true,
    );
  });
});
