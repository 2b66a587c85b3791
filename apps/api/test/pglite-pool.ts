import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type DbHandle, pgliteHandle } from '../src/db/client.ts';

/**
 * The embedded databases of a test worker, one per template file, each reused by the worker's test
 * files in turn (decision 075). Loading a copy of the template costs a worker 1.3–1.7 s of CPU (the
 * 45 MB data folder unpacked, PostgreSQL started in WASM); putting the rows back costs about 0.1 s.
 *
 * When a copy is first loaded, its rows are copied into the schema `mels_test_template` and the
 * state of its sequences and the shape of its schema are noted. Before the next file uses it, every
 * table of `public` is emptied and filled again from that copy (triggers off, as the rows were
 * written with them), its sequences are set back, and the session's settings and locks are
 * discarded. A copy whose schema a test changed (a trigger left behind, a table renamed) is closed
 * and a fresh copy loaded instead, as is one that was closed or whose session failed.
 *
 * Kept on globalThis: a test file that resets the module registry (vi.resetModules) imports this
 * module again, and must find the same databases rather than start a second set.
 */

const SNAPSHOT_SCHEMA = 'mels_test_template';

type Pooled = {
  client: PGlite;
  /** The shape of the schema when the copy was loaded: tables, columns, constraints, triggers, functions. */
  fingerprint: string;
  /** The statements that put the rows and sequences back as they were loaded. */
  restore: string;
  /** VACUUM of the tables, run after restore (not in its transaction). */
  vacuum: string;
  /** Whether a test context holds it now. */
  busy: boolean;
};

type PoolState = { copies: Map<string, Pooled>; loads: number; reuses: number };

const POOL_KEY = Symbol.for('mels.test.pglitePool');
const state: PoolState = ((globalThis as Record<symbol, unknown>)[POOL_KEY] ??= {
  copies: new Map(),
  loads: 0,
  reuses: 0,
}) as PoolState;

/** How many copies this worker loaded and how many times one was reused (the pool's own test reads them). */
export function pglitePoolCounts(): { loads: number; reuses: number } {
  return { loads: state.loads, reuses: state.reuses };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The shape of the schema `public`: a change to it means the copy is no longer the template's. */
const FINGERPRINT_SQL = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as fingerprint from (
    select 'class ' || c.relname || ' ' || c.relkind::text as item
      from pg_class c where c.relnamespace = 'public'::regnamespace
    union all
    select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid and c.relnamespace = 'public'::regnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
      from pg_trigger where not tgisinternal
    union all
    select 'function ' || oid::regprocedure::text || ' ' || md5(prosrc)
      from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select 'schema ' || nspname from pg_namespace
  ) items`;

async function fingerprintOf(client: PGlite): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return result.rows[0]?.fingerprint ?? '';
}

/** Copies the loaded rows aside and writes the statements that put them back. */
async function snapshot(client: PGlite): Promise<Pick<Pooled, 'fingerprint' | 'restore' | 'vacuum'>> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((row) => row.name);
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' order by sequencename`,
    )
  ).rows;
  await client.exec(
    [
      `create schema ${SNAPSHOT_SCHEMA}`,
      ...tables.map((t) => `create table ${SNAPSHOT_SCHEMA}.${quote(t)} as table public.${quote(t)}`),
    ].join(';\n'),
  );
  const fingerprint = await fingerprintOf(client);

  // DELETE rather than TRUNCATE (a tenth of the cost on these small tables), then VACUUM so the
  // tables do not grow by their whole size at every reuse.
  const restore = [
    'set session_replication_role = replica',
    ...tables.map((t) => `delete from public.${quote(t)}`),
    ...tables.map(
      (t) =>
        `insert into public.${quote(t)} overriding system value select * from ${SNAPSHOT_SCHEMA}.${quote(t)}`,
    ),
    ...sequences.map((s) =>
      s.value === null
        ? `select setval('public.${quote(s.name)}', 1, false)`
        : `select setval('public.${quote(s.name)}', ${s.value}, true)`,
    ),
    'set session_replication_role = origin',
  ].join(';\n');
  return { fingerprint, restore, vacuum: `vacuum ${tables.map((t) => `public.${quote(t)}`).join(', ')}` };
}

/** Puts a pooled copy back as it was loaded; false when it cannot be (closed, failed, schema changed). */
async function reset(entry: Pooled): Promise<boolean> {
  if (entry.client.closed) return false;
  try {
    // Ends whatever a test left open and forgets its settings, prepared statements and session locks.
    await entry.client.exec('rollback');
    await entry.client.exec('discard all');
    if ((await fingerprintOf(entry.client)) !== entry.fingerprint) return false;
    await entry.client.exec(entry.restore);
    await entry.client.exec(entry.vacuum);
    return true;
  } catch {
    return false;
  }
}

/** A handle whose close gives the copy back to the pool instead of closing it. */
function lentHandle(entry: Pooled): DbHandle {
  const handle = pgliteHandle(entry.client);
  let returned = false;
  return {
    ...handle,
    close: async () => {
      if (returned) return;
      returned = true;
      entry.busy = false;
    },
  };
}

const load = (file: string) => PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });

/**
 * An embedded database holding the rows of the template `file` (written by buildPgliteTemplates):
 * the worker's pooled copy put back as loaded, or a newly loaded one. A second context open at the
 * same time gets a copy of its own, closed with it.
 */
export async function takePgliteCopy(file: string): Promise<DbHandle> {
  const pooled = state.copies.get(file);
  if (pooled?.busy) return pgliteHandle(await load(file));
  if (pooled) {
    pooled.busy = true;
    if (await reset(pooled)) {
      state.reuses += 1;
      return lentHandle(pooled);
    }
    state.copies.delete(file);
    if (!pooled.client.closed) await pooled.client.close().catch(() => undefined);
  }
  const client = await load(file);
  state.loads += 1;
  const entry: Pooled = { client, busy: true, ...(await snapshot(client)) };
  state.copies.set(file, entry);
  return lentHandle(entry);
}
