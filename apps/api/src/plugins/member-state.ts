/**
 * What a member's search keeps in this process (issue 20, decision 063): values that belong to one
 * member (a token's account, the member's state on a page of cards, their answer), kept until that
 * member's data changes through any connection. The database's triggers (migration 0030) record the
 * member's id in member_state_changes for every statement that changes what those values were read from,
 * or member 0 for a change that concerns every member; each instance reads the rows of the transactions
 * committed since its last read, ten times a second, and drops what they name.
 *
 * Nothing is kept while the instance cannot read them, and everything is dropped when a read fails or
 * succeeds again (changes may have been missed), after a gap of more than 30 s between reads, on member 0,
 * and on any write this process answers (its own changes are seen at once, not at the next read). A
 * value computed from a read that started before a change read since is not kept (the mark passed to
 * `keep`). Each value is kept for the answer cache's time at most (SEARCH_CACHE_MS; 0 keeps nothing),
 * which also bounds what a change the triggers do not cover can leave behind.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';

/** How often each instance reads the changes. */
const MEMBER_CHANGES_READ_MS = 100;
/** A longer gap between two reads: rows may have been deleted meanwhile, so everything is dropped. */
const MAX_READ_GAP_MS = 30_000;
/** Rows older than this are deleted (by any instance, every CLEAN_EVERY reads). */
const CHANGES_KEPT = '1 minute';
const CLEAN_EVERY = 100;
/** Members whose last change is remembered for the reads in flight; past it, a reset. */
const MAX_REMEMBERED_CHANGES = 10_000;
/**
 * Transactions already read that the next read would find again (at or above the horizon, held back
 * by any transaction still running in the cluster); past it, the oldest are forgotten, and a
 * transaction read again only drops its members' values once more.
 */
const MAX_SEEN_TRANSACTIONS = 5_000;

/** What a value was read after: the count of changes read when its read started. */
export type FeedMark = number;

/** Values of one kind, each by a key and belonging to one member (see the file's comment). */
export class MemberKept<T> {
  readonly #entries = new Map<string, { memberId: number; value: T; storedAt: number }>();
  readonly #byMember = new Map<number, Set<string>>();
  readonly #feed: MemberFeed;
  readonly #maxEntries: number;

  constructor(feed: MemberFeed, maxEntries: number) {
    this.#feed = feed;
    this.#maxEntries = maxEntries;
  }

  find(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#feed.expired(entry.storedAt)) {
      this.#remove(key, entry.memberId);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value read after `mark` (from feed.mark()), unless the member changed since, or the feed reset. */
  keep(input: { key: string; memberId: number; value: T; mark: FeedMark }): void {
    const { key, memberId, value, mark } = input;
    if (!this.#feed.current(memberId, mark)) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old.memberId);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.entries().next().value;
      if (oldest) this.#remove(oldest[0], oldest[1].memberId);
    }
    this.#entries.set(key, { memberId, value, storedAt: this.#feed.monotonicMs() });
    let keys = this.#byMember.get(memberId);
    if (!keys) this.#byMember.set(memberId, (keys = new Set()));
    keys.add(key);
  }

  drop(memberId: number): void {
    const keys = this.#byMember.get(memberId);
    if (!keys) return;
    this.#byMember.delete(memberId);
    for (const key of keys) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#byMember.clear();
  }

  #remove(key: string, memberId: number): void {
    this.#entries.delete(key);
    const keys = this.#byMember.get(memberId);
    keys?.delete(key);
    if (keys?.size === 0) this.#byMember.delete(memberId);
  }
}

/** The member id of a change that concerns every member. */
const EVERY_MEMBER = 0;

/** The changes this process has read, and the stores they drop values from. */
export class MemberFeed {
  readonly #ttlMs: number;
  readonly #stores: Array<MemberKept<unknown>> = [];
  readonly #lastChange = new Map<number, number>();
  /** True while the changes are read: values are kept only then. */
  #reading = false;
  /** Where the next read starts (a transaction id), null before the first. */
  #from: string | null = null;
  /** The transactions at or above #from whose changes were read (xid8 as text). */
  #seen: string[] = [];
  #lastRead = 0;
  #reads = 0;
  #queue: Promise<void> = Promise.resolve();
  #changes = 0;
  /** Marks below it are stale: everything was dropped after them. */
  #floor = 0;
  readonly monotonicMs: () => number;

  constructor(options: { ttlMs: number; monotonicMs?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
  }

  /** Values are kept (and found) only while this is true. */
  get enabled(): boolean {
    return this.#reading && this.#ttlMs > 0;
  }

  /** A store of values dropped with the member's changes. */
  store<T>(maxEntries: number): MemberKept<T> {
    const store = new MemberKept<T>(this, maxEntries);
    this.#stores.push(store as MemberKept<unknown>);
    return store;
  }

  /** Read before the database is asked, and passed to `keep` with what it answered. */
  mark(): FeedMark {
    return this.#changes;
  }

  /** True when nothing the member's value rests on was read to change since `mark`. */
  current(memberId: number, mark: FeedMark): boolean {
    return this.enabled && mark >= this.#floor && (this.#lastChange.get(memberId) ?? -1) <= mark;
  }

  expired(storedAt: number): boolean {
    return this.monotonicMs() - storedAt >= this.#ttlMs;
  }

  /** The member's data changed: their values are dropped, and reads in flight not kept. */
  memberChanged(memberId: number): void {
    this.#changes += 1;
    if (this.#lastChange.size >= MAX_REMEMBERED_CHANGES) {
      this.dropAll();
      return;
    }
    this.#lastChange.set(memberId, this.#changes);
    for (const store of this.#stores) store.drop(memberId);
  }

  /** Everything may have changed: all values dropped, and reads in flight not kept. */
  dropAll(): void {
    this.#changes += 1;
    this.#floor = this.#changes;
    this.#lastChange.clear();
    for (const store of this.#stores) store.clear();
  }

  /** Reading the changes stopped working: nothing is kept until a read succeeds again. */
  lost(): void {
    this.#reading = false;
    this.#from = null;
    this.#seen = [];
    this.dropAll();
  }

  /**
   * One read of the changes committed since the last one (the first only sets where the next starts):
   * the transactions below the horizon of this read's snapshot have all ended, so the next read starts
   * there, and a transaction still running now is read once it has committed.
   */
  async read(db: Executor): Promise<void> {
    const next = this.#queue.then(() => this.#readOnce(db));
    this.#queue = next.catch(() => {});
    return next;
  }

  /**
   * Resolves once every change committed before the call has been read: for a caller that must not
   * see a value older than a change made on another connection (the tests that change data behind the
   * app's back). Immediate when nothing is kept.
   */
  async settle(db: Executor): Promise<void> {
    if (this.#ttlMs > 0) await this.read(db);
  }

  /** Resolves when no read is running. */
  async settled(): Promise<void> {
    await this.#queue;
  }

  async #readOnce(db: Executor): Promise<void> {
    try {
      const from = this.#from;
      // The rows of the transactions read before are skipped: a long transaction anywhere in the
      // cluster holds the horizon back, and reading them again would drop values kept since.
      const seen = `{${this.#seen.join(',')}}`;
      const [row] = await db
        .select({
          horizon: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
          changes:
            from === null
              ? sql<ChangesRead | null>`null::json`
              : sql<ChangesRead | null>`(select json_build_object(
                  'members', array_agg(distinct c.member_id),
                  'transactions', array_agg(distinct c.xid::text))
                from member_state_changes c
                where c.xid >= ${from}::xid8 and c.xid <> all(${seen}::xid8[]))`,
        })
        .from(sql`(select 1) as one`);
      if (!row) throw new Error('no horizon');
      this.#reads += 1;
      if (this.#reads % CLEAN_EVERY === 0) {
        await db.execute(sql`delete from member_state_changes where at < now() - ${CHANGES_KEPT}::interval`);
      }
      const now = this.monotonicMs();
      const gap = now - this.#lastRead > MAX_READ_GAP_MS;
      this.#lastRead = now;
      this.#from = row.horizon;
      this.#seen = stillAbove([...this.#seen, ...(row.changes?.transactions ?? [])], row.horizon);
      if (from === null || gap || !this.#reading) {
        this.dropAll();
        this.#reading = true;
        return;
      }
      for (const memberId of row.changes?.members ?? []) {
        if (memberId === EVERY_MEMBER) this.dropAll();
        else this.memberChanged(memberId);
      }
    } catch (error) {
      this.lost();
      throw error;
    }
  }
}

/** What one read found: the members changed and the transactions that changed them (null: none). */
type ChangesRead = { members: number[] | null; transactions: string[] | null };

/** The transactions at or above the horizon (the next read's start), the newest MAX_SEEN_TRANSACTIONS. */
function stillAbove(transactions: string[], horizon: string): string[] {
  const from = BigInt(horizon);
  const above = transactions.filter((xid) => BigInt(xid) >= from);
  return above.length > MAX_SEEN_TRANSACTIONS ? above.slice(-MAX_SEEN_TRANSACTIONS) : above;
}

declare module 'fastify' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** What a member's search keeps in this process (registerMemberFeed, decision 063). */
    memberFeed: MemberFeed;
  }
}

/**
 * The process's member feed: reads the changes every MEMBER_CHANGES_READ_MS once the app is ready (not at
 * all when nothing is kept, ttlMs 0), stops when it closes; whatever drops the answer cache (any write
 * this process answers, registerAnswerCache) drops every value too.
 */
export function registerMemberFeed(app: FastifyInstance, options: { ttlMs: number }) {
  const feed = new MemberFeed({ ttlMs: options.ttlMs });
  app.decorate('memberFeed', feed);
  if (options.ttlMs <= 0) return;
  app.answerCache.onInvalidate(() => feed.dropAll());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // A failed read has dropped everything and keeps nothing until one succeeds; the next tries again.
  const readThenWait = async () => {
    await feed.read(app.deps.db).catch(() => {});
    if (!stopped) timer = setTimeout(() => void readThenWait(), MEMBER_CHANGES_READ_MS).unref();
  };
  app.addHook('onReady', readThenWait);
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    feed.lost();
    await feed.settled();
  });
}
