import { K } from '@mels/domain';
import { and, asc, eq, inArray, lte, gt, count, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { ApiError } from './errors.ts';
import { hashToken } from './tokens.ts';

/**
 * Attempt counters kept in PostgreSQL (rate_limit_hits) so that every instance behind a load
 * balancer sees the same counts. A sliding window: an attempt is allowed while fewer than `limit`
 * attempts of the same bucket and key were recorded in the last `windowSeconds`.
 *
 * Keys (email addresses, IPs) are stored as their SHA-256 only.
 */

export type RateLimitKey = { bucket: string; key: string };

export type RateLimitPolicy = { limit: number; windowSeconds: number };

export type RateLimitOutcome =
  { allowed: true; hitIds: number[] } | { allowed: false; retryAfterSeconds: number; bucket: string };

/** An ApiError for 429 that also says when to try again (the route sets Retry-After). */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', K.errors.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const storedKey = (key: string) => hashToken(key.trim().toLowerCase());

/**
 * Counts one attempt under every key, unless one of them has reached the limit (then nothing is
 * counted and the wait is returned). Keys are locked (transaction-scoped advisory locks, in a fixed
 * order) so that concurrent attempts on several instances cannot slip past the limit together.
 * Hits older than the window are pruned on the way.
 */
export async function consumeRateLimit(
  db: Database,
  keys: readonly RateLimitKey[],
  policy: RateLimitPolicy,
  now: Date,
): Promise<RateLimitOutcome> {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
  const entries = keys
    .map((k) => ({ bucket: k.bucket, key: storedKey(k.key) }))
    .sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`));

  return db.transaction(async (tx) => {
    for (const entry of entries) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${entry.bucket}:${entry.key}`}))`);
    }
    const buckets = [...new Set(entries.map((e) => e.bucket))];
    if (buckets.length > 0) {
      await tx
        .delete(rateLimitHits)
        .where(and(inArray(rateLimitHits.bucket, buckets), lte(rateLimitHits.createdAt, windowStart)));
    }
    for (const entry of entries) {
      const match = and(
        eq(rateLimitHits.bucket, entry.bucket),
        eq(rateLimitHits.key, entry.key),
        gt(rateLimitHits.createdAt, windowStart),
      );
      const [row] = await tx.select({ n: count() }).from(rateLimitHits).where(match);
      if ((row?.n ?? 0) >= policy.limit) {
        const [oldest] = await tx
          .select({ at: rateLimitHits.createdAt })
          .from(rateLimitHits)
          .where(match)
          .orderBy(asc(rateLimitHits.createdAt))
          .limit(1);
        const freeAt = (oldest?.at.getTime() ?? now.getTime()) + policy.windowSeconds * 1000;
        return {
          allowed: false as const,
          bucket: entry.bucket,
          retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
        };
      }
    }
    if (entries.length === 0) return { allowed: true as const, hitIds: [] };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(entries.map((e) => ({ bucket: e.bucket, key: e.key, createdAt: now })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true as const, hitIds: inserted.map((r) => r.id) };
  });
}

/** Like consumeRateLimit, but throws RateLimitedError (429) when over the limit. */
export async function enforceRateLimit(
  db: Database,
  keys: readonly RateLimitKey[],
  policy: RateLimitPolicy,
  now: Date,
): Promise<number[]> {
  const outcome = await consumeRateLimit(db, keys, policy, now);
  if (!outcome.allowed) throw new RateLimitedError(outcome.retryAfterSeconds);
  return outcome.hitIds;
}

/** Takes back attempts that turned out not to count (a successful login). */
export async function releaseRateLimitHits(db: Database, hitIds: readonly number[]): Promise<void> {
  if (hitIds.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...hitIds]));
}

/** Forgets every attempt under a key (after a successful login, its address starts afresh). */
export async function clearRateLimit(db: Database, key: RateLimitKey): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, key.bucket), eq(rateLimitHits.key, storedKey(key.key))));
}

export type AttemptOutcome =
  | { allowed: true; hitIds: number[]; counts: number[] }
  | { allowed: false; retryAfterSeconds: number; bucket: string };

/**
 * One attempt judged by a rule over several counters (login throttling, decision 018). Within one
 * transaction, with the keys locked as in consumeRateLimit: counts the hits of `keys` and of `watch`
 * in the window (in that order), asks `refuse` which key, if any, refuses the attempt, and when none
 * does, records a hit under each of `keys` (release them with releaseRateLimitHits when the attempt
 * turns out not to count). `watch` keys are only counted; record their hits with recordRateLimitHits.
 */
export async function consumeAttempt(
  db: Database,
  options: {
    keys: readonly RateLimitKey[];
    watch?: readonly RateLimitKey[];
    windowSeconds: number;
    now: Date;
    refuse: (counts: number[]) => RateLimitKey | null;
  },
): Promise<AttemptOutcome> {
  const { now, windowSeconds } = options;
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const stored = (k: RateLimitKey) => ({ bucket: k.bucket, key: storedKey(k.key) });
  const recorded = options.keys.map(stored);
  const counted = [...recorded, ...(options.watch ?? []).map(stored)];
  const locks = [...recorded].sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`));

  return db.transaction(async (tx) => {
    for (const entry of locks) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${entry.bucket}:${entry.key}`}))`);
    }
    const buckets = [...new Set(counted.map((e) => e.bucket))];
    if (buckets.length > 0) {
      await tx
        .delete(rateLimitHits)
        .where(and(inArray(rateLimitHits.bucket, buckets), lte(rateLimitHits.createdAt, windowStart)));
    }
    const match = (entry: { bucket: string; key: string }) =>
      and(
        eq(rateLimitHits.bucket, entry.bucket),
        eq(rateLimitHits.key, entry.key),
        gt(rateLimitHits.createdAt, windowStart),
      );
    const counts: number[] = [];
    for (const entry of counted) {
      const [row] = await tx.select({ n: count() }).from(rateLimitHits).where(match(entry));
      counts.push(row?.n ?? 0);
    }
    const refusing = options.refuse(counts);
    if (refusing) {
      const [oldest] = await tx
        .select({ at: rateLimitHits.createdAt })
        .from(rateLimitHits)
        .where(match(stored(refusing)))
        .orderBy(asc(rateLimitHits.createdAt))
        .limit(1);
      const freeAt = (oldest?.at.getTime() ?? now.getTime()) + windowSeconds * 1000;
      return {
        allowed: false as const,
        bucket: refusing.bucket,
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
      };
    }
    if (recorded.length === 0) return { allowed: true as const, hitIds: [], counts };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(recorded.map((e) => ({ bucket: e.bucket, key: e.key, createdAt: now })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true as const, hitIds: inserted.map((r) => r.id), counts };
  });
}

/** Records one hit under each key (a failure counted after the fact). */
export async function recordRateLimitHits(
  db: Database,
  keys: readonly RateLimitKey[],
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(rateLimitHits)
    .values(keys.map((k) => ({ bucket: k.bucket, key: storedKey(k.key), createdAt: now })));
}
