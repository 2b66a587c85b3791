import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, DbHandle } from '../src/db/client.ts';
import { buildPgliteTemplates, TEMPLATE_PGLITE } from './databases.ts';
import { pglitePoolCounts, takePgliteCopy } from './pglite-pool.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** Every row of every table of `public` and every sequence's state, as one comparable list. */
async function contents(run: (query: string) => Promise<Row[]>): Promise<string[]> {
  const tables = (await run(`select tablename from pg_tables where schemaname = 'public' order by 1`)).map(
    (row) => String(row.tablename),
  );
  const out: string[] = [];
  for (const table of tables) {
    const [row] = await run(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from public."${table}" t`,
    );
    out.push(`${table} ${row?.n} ${row?.digest}`);
  }
  for (const row of await run(
    `select sequencename, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  )) {
    out.push(`sequence ${row.sequencename} ${row.value}`);
  }
  return out;
}

const ofHandle = (db: Database) => async (query: string) => rowsOf(await db.execute(sql.raw(query)));

describe('the pooled PGlite copies of the test workers', () => {
  let file: string;
  let madeDir: string | null = null;
  /** What a newly loaded copy of the template holds. */
  let loaded: string[];

  beforeAll(async () => {
    let templateDir: string | null = null;
    try {
      templateDir = inject('templateDir');
    } catch {
      templateDir = null;
    }
    if (templateDir && fs.existsSync(path.join(templateDir, TEMPLATE_PGLITE))) {
      file = path.join(templateDir, TEMPLATE_PGLITE);
    } else {
      madeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-pool-test-'));
      fs.mkdirSync(path.join(madeDir, 'files'));
      file = path.join(madeDir, TEMPLATE_PGLITE);
      await buildPgliteTemplates(
        { empty: path.join(madeDir, 'empty.tar'), seeded: file },
        path.join(madeDir, 'files'),
      );
    }
    const fresh = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      loaded = await contents(async (query) => (await fresh.query<Row>(query)).rows);
    } finally {
      await fresh.close();
    }
  });

  afterAll(() => {
    if (madeDir) fs.rmSync(madeDir, { recursive: true, force: true });
  });

  it('gives the next context the rows and sequences the template had, whatever the last one wrote', async () => {
    const first = await takePgliteCopy(file);
    const run = ofHandle(first.db);
    await run(`update trainings set venue = venue || ' (moved)'`);
    await run(`delete from news`);
    await run(
      `insert into mail_outbox (to_address, subject, text_body, template)
       select 'pool@example.jp', 'subject', 'body', 'test'`,
    );
    await run(`select nextval('public.audit_events_id_seq')`);
    await run(`set statement_timeout = 1234`);
    expect(await contents(run)).not.toEqual(loaded);
    await first.close();

    const before = pglitePoolCounts();
    const second = await takePgliteCopy(file);
    try {
      expect(pglitePoolCounts()).toEqual({ loads: before.loads, reuses: before.reuses + 1 });
      expect(await contents(ofHandle(second.db))).toEqual(loaded);
      // The session's settings went with the last context.
      const [setting] = await ofHandle(second.db)(`show statement_timeout`);
      expect(setting?.statement_timeout).toBe('0');
    } finally {
      await second.close();
    }
  });

  it('loads a fresh copy when a context changed the schema', async () => {
    const first = await takePgliteCopy(file);
    const run = ofHandle(first.db);
    await run(
      `create function mels_pool_refuse() returns trigger language plpgsql as $$ begin return null; end $$`,
    );
    await run(
      `create trigger mels_pool_refuse before insert on users for each row execute function mels_pool_refuse()`,
    );
    await first.close();

    const before = pglitePoolCounts();
    const second = await takePgliteCopy(file);
    try {
      expect(pglitePoolCounts()).toEqual({ loads: before.loads + 1, reuses: before.reuses });
      const triggers = await ofHandle(second.db)(
        `select tgname from pg_trigger where tgname = 'mels_pool_refuse'`,
      );
      expect(triggers).toEqual([]);
      expect(await contents(ofHandle(second.db))).toEqual(loaded);
    } finally {
      await second.close();
    }
  });

  it('gives a context opened beside a pooled one a copy of its own, closed with it', async () => {
    const pooled = await takePgliteCopy(file);
    let other: DbHandle | null = null;
    try {
      other = await takePgliteCopy(file);
      await ofHandle(other.db)(`update trainings set venue = 'elsewhere'`);
      const [count] = await ofHandle(pooled.db)(
        `select count(*)::int as n from trainings where venue <> 'elsewhere'`,
      );
      expect(Number(count?.n)).toBeGreaterThan(0);
      await other.close();
      await expect(other.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringMatching(/closed/i) }),
      });
    } finally {
      await pooled.close();
    }
  });
});
