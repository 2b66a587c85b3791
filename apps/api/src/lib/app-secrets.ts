import { createHash, randomBytes } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/**
 * The installation's signing secrets (decision 026): tickets, reception codes and certificate view
 * links are signed with one key, and any instance verifies them. The key comes from APP_SECRET when
 * set; otherwise from the app_secrets table, where the first instance to start writes a random one.
 * Key ids number the secrets: rotating one (npm run secret:rotate) retires the current row and adds a
 * new one; the retired key still verifies until its grace period ends, and a new key signs only once
 * every instance has had time to load it (so that no instance meets a signature it cannot check).
 */
export type SigningKey = { id: number | 'env' | 'derived'; key: Buffer };

/** What signs and what verifies; kept on the configuration and refreshed from the database. */
export type SigningKeys = {
  /** The key that signs now, then every other key that still verifies. */
  keys: SigningKey[];
  source: 'env' | 'database' | 'derived';
};

/** A retired key keeps verifying this long (APP_SECRET_GRACE_DAYS overrides it). */
export const DEFAULT_SECRET_GRACE_DAYS = 90;
/** Each instance reloads the keys this often. */
export const SECRET_REFRESH_MS = 30_000;
/** A new key signs only after this long, when every instance has reloaded at least once. */
export const SECRET_ACTIVATION_SECONDS = 120;

/** The HMAC key of a secret (the same derivation as before key ids, so APP_SECRET tickets stay valid). */
export function deriveKey(secret: string): Buffer {
  return createHash('sha256').update(`mels-attendance-v1\u0000${secret}`).digest();
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

type SecretRow = { id: number; secret: string; current: boolean; ageSeconds: number };

/**
 * Writes a first secret when the table has no current one (the first instance to start wins): the
 * one given (an installation's earlier DATA_DIR/app-secret, so its tickets stay valid) or a new one.
 */
export async function ensureSecret(db: Database, secret: string = newSecret()): Promise<void> {
  await db.execute(sql`
    insert into ${appSecrets} (secret)
    select ${secret}
    where not exists (select 1 from ${appSecrets} where retired_at is null)
    on conflict do nothing`);
}

/** The current secret and the retired ones still within their grace period, newest first. */
async function liveSecrets(db: Database, graceDays: number): Promise<SecretRow[]> {
  return db
    .select({
      id: appSecrets.id,
      secret: appSecrets.secret,
      current: sql<boolean>`${appSecrets.retiredAt} is null`,
      ageSeconds: sql<number>`extract(epoch from now() - ${appSecrets.createdAt})::float8`.mapWith(Number),
    })
    .from(appSecrets)
    .where(
      or(
        isNull(appSecrets.retiredAt),
        gt(appSecrets.retiredAt, sql`now() - make_interval(days => ${graceDays})`),
      ),
    )
    .orderBy(desc(appSecrets.id));
}

/**
 * The keys in the order they are used: the current row signs once it is older than the activation
 * delay (or when it is the only key); until then the key it replaced keeps signing.
 */
export function orderKeys(rows: SecretRow[]): SigningKey[] {
  const current = rows.find((r) => r.current);
  const retired = rows.filter((r) => !r.current);
  const keys = (list: SecretRow[]) => list.map((r) => ({ id: r.id, key: deriveKey(r.secret) }));
  if (!current) return keys(retired);
  const previous = retired[0];
  if (current.ageSeconds < SECRET_ACTIVATION_SECONDS && previous) {
    return keys([previous, current, ...retired.slice(1)]);
  }
  return keys([current, ...retired]);
}

/** Loads the database's keys into `target` (making the first secret when there is none). */
export async function loadDatabaseKeys(
  db: Database,
  target: SigningKeys,
  graceDays: number = DEFAULT_SECRET_GRACE_DAYS,
): Promise<void> {
  let rows = await liveSecrets(db, graceDays);
  if (!rows.some((r) => r.current)) {
    await ensureSecret(db);
    rows = await liveSecrets(db, graceDays);
  }
  const keys = orderKeys(rows);
  if (keys.length === 0) throw new Error('app_secrets: no signing key could be loaded');
  target.keys = keys;
  target.source = 'database';
}

/**
 * Keeps `target` in step with the database: loads now, then every SECRET_REFRESH_MS (a failed reload
 * keeps the keys it had). Does nothing when the keys come from APP_SECRET. Returns the stop function.
 */
export async function startSecretRefresh(options: {
  db: Database;
  target: SigningKeys;
  graceDays?: number;
  log: { warn: (obj: object, msg: string) => void };
}): Promise<() => void> {
  const { db, target, graceDays, log } = options;
  if (target.source === 'env') return () => undefined;
  await loadDatabaseKeys(db, target, graceDays);
  const timer = setInterval(() => {
    loadDatabaseKeys(db, target, graceDays).catch((error: unknown) => {
      log.warn({ err: error }, 'signing keys: reload failed, keeping the loaded ones');
    });
  }, SECRET_REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Rotates the database secret: the current row is retired (it verifies for the grace period) and a
 * new one is written; it signs after SECRET_ACTIVATION_SECONDS. Returns the new key id.
 */
export async function rotateSecret(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(appSecrets)
      .set({ retiredAt: sql`now()` })
      .where(isNull(appSecrets.retiredAt));
    const [row] = await tx
      .insert(appSecrets)
      .values({ secret: newSecret() })
      .returning({ id: appSecrets.id });
    if (!row) throw new Error('app_secrets: the new secret was not written');
    return row.id;
  });
}

/** The ids of the keys in the table, newest first (for the rotation command's output). */
export async function secretIds(db: Database): Promise<Array<{ id: number; retired: boolean }>> {
  const rows = await db
    .select({ id: appSecrets.id, retiredAt: appSecrets.retiredAt })
    .from(appSecrets)
    .orderBy(desc(appSecrets.id));
  return rows.map((r) => ({ id: r.id, retired: r.retiredAt !== null }));
}
