import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../test/databases.ts';
import { openDb, QueriesInTurnClient } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a connection runs the queries it is given at once in turn (postgres)', () => {
  const name = uniqueDatabaseName('test');
  afterAll(async () => {
    if (adminUrl) await dropDatabase(adminUrl, name);
  });

  it('Promise.all on one connection and in a transaction: each query answered, no warning, one after another', async () => {
    const url = await createDatabase(adminUrl ?? '', name);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const client = new QueriesInTurnClient({ connectionString: url });
    await client.connect();
    const handle = await openDb({ databaseUrl: url, poolSize: 1 });
    try {
      const delays = [0.05, 0, 0.02];
      const answers = await Promise.all(
        delays.map((delay, index) =>
          client.query<{ index: number; at: Date }>(
            'select $1::int as index, clock_timestamp() as at from pg_sleep($2)',
            [index, delay],
          ),
        ),
      );
      expect(answers.map((answer) => answer.rows[0]?.index)).toEqual([0, 1, 2]);
      const times = answers.map((answer) => answer.rows[0]?.at.getTime() ?? 0);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // A failed query fails alone; the next is answered.
      const [failed, next] = await Promise.allSettled([
        client.query('select 1 / 0'),
        client.query('select 2 as two'),
      ]);
      expect(failed.status).toBe('rejected');
      expect(next.status === 'fulfilled' && next.value.rows).toEqual([{ two: 2 }]);
      // The pool's connections: a transaction's reads with Promise.all.
      const counted = await handle.db.transaction(async (tx) =>
        Promise.all([
          tx.select({ n: sql<number>`count(*)::int` }).from(sql`generate_series(1, 3)`),
          tx.select({ n: sql<number>`count(*)::int` }).from(sql`generate_series(1, 5)`),
        ]),
      );
      expect(counted).toEqual([[{ n: 3 }], [{ n: 5 }]]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await client.end();
      await handle.close();
    }
  });
});
