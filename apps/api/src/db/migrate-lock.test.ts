import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../test/databases.ts';
import { migrationsFolder, openDb } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!adminUrl)('migrations under the advisory lock (postgres)', () => {
  const name = uniqueDatabaseName('test');
  afterAll(async () => {
    if (adminUrl) await dropDatabase(adminUrl, name);
  });

  it('two instances migrating one fresh database at once both succeed, and each migration is applied once', async () => {
    const url = await createDatabase(adminUrl ?? '', name);
    const first = await openDb({ databaseUrl: url, poolSize: 1 });
    const second = await openDb({ databaseUrl: url, poolSize: 1 });
    try {
      const results = await Promise.allSettled([first.migrate(), second.migrate(), first.migrate()]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
    } finally {
      await first.close();
      await second.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ n: string }>(
        'select count(*)::text as n from drizzle.__drizzle_migrations',
      );
      expect(Number(applied.rows[0]?.n)).toBe(journal.entries.length);
      // The lock is released: nothing of ours is left in pg_locks.
      const held = await client.query<{ n: string }>(
        "select count(*)::text as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(held.rows[0]?.n).toBe('0');
    } finally {
      await client.end();
    }
  });
});
