import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../test/databases.ts';
import { migrationsFolder, openDb } from './client.ts';
import { areas } from './schema.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!adminUrl)('migrations under the advisory lock (postgres)', () => {
  const name = uniqueDatabaseName('test');
  afterAll(async () => {
    if (adminUrl) await dropDatabase(adminUrl, name);
  });

  it('two instances migrating one fresh database at once both succeed; migrations and the demo data step run once', async () => {
    const url = await createDatabase(adminUrl ?? '', name);
    const first = await openDb({ databaseUrl: url, poolSize: 1 });
    const second = await openDb({ databaseUrl: url, poolSize: 1 });
    try {
      // What runs after the migrations (the demo data of an empty database) runs under the lock too:
      // each instance finds the database empty or not, never both at once.
      const seedIfEmpty = (handle: typeof first) => async () => {
        const found = await handle.db.select({ id: areas.id }).from(areas);
        if (found.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
        await handle.db.insert(areas).values({ id: 13, name: '東京都', nameEn: 'Tokyo', region: '関東' });
      };
      const results = await Promise.allSettled([
        first.migrate(seedIfEmpty(first)),
        second.migrate(seedIfEmpty(second)),
        first.migrate(),
      ]);
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
      const inserted = await client.query<{ n: string }>('select count(*)::text as n from areas');
      expect(inserted.rows[0]?.n).toBe('1');
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
