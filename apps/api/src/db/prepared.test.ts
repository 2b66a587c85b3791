import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../test/databases.ts';
import { openDb, pgliteHandle } from './client.ts';
import { executePrepared } from './prepared.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const statement = (n: number, label: string) =>
  sql`with v as (select ${n}::int as n) select n * 2 as doubled, ${label}::text as label from v`;

describe('executePrepared: a raw statement parsed once per connection', () => {
  it('PGlite: answers with its rows, the values kept as parameters', async () => {
    const handle = pgliteHandle(await PGlite.create('memory://'));
    try {
      expect(await executePrepared(handle.db, statement(2, 'a'))).toEqual([{ doubled: 4, label: 'a' }]);
      expect(await executePrepared(handle.db, statement(5, "b'; drop table x; --"))).toEqual([
        { doubled: 10, label: "b'; drop table x; --" },
      ]);
    } finally {
      await handle.close();
    }
  });

  describe.skipIf(!adminUrl)('postgres', () => {
    const name = uniqueDatabaseName('test');
    afterAll(async () => {
      if (adminUrl) await dropDatabase(adminUrl, name);
    });

    it('one named statement per text on the connection, reused with other values; another text has its own', async () => {
      const url = await createDatabase(adminUrl ?? '', name);
      const handle = await openDb({ databaseUrl: url, poolSize: 1 });
      try {
        const named = async () => {
          const listed = (await handle.db.execute(
            sql`select name from pg_prepared_statements where name like 'raw\_%' order by name`,
          )) as unknown as { rows: Array<{ name: string }> };
          return listed.rows.map((row) => row.name);
        };
        expect(await executePrepared(handle.db, statement(1, 'x'))).toEqual([{ doubled: 2, label: 'x' }]);
        const [first] = await named();
        expect(first).toMatch(/^raw_[0-9a-f]{24}$/);
        expect(await executePrepared(handle.db, statement(21, 'y'))).toEqual([{ doubled: 42, label: 'y' }]);
        expect(await named()).toEqual([first]);
        // A transaction's statements run on its connection, prepared there the same way.
        const other = sql`select ${3}::int + 1 as four`;
        expect(await handle.db.transaction((tx) => executePrepared(tx, other))).toEqual([{ four: 4 }]);
        expect(await named()).toHaveLength(2);
      } finally {
        await handle.close();
      }
    });
  });
});
