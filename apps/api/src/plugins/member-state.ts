/**
 * What a member's search keeps in this process (issue 20, decision 063): values that belong to one
 * member (a token's account, the member's state on a page of cards), kept until that member's data
 * changes through any connection. The database's triggers (migration 0030) send `NOTIFY member_state`
 * with the member's id for every statement that changes what those values were read from, or '*' for a
 * change that concerns every member; each instance listens on one connection and drops what it heard of.
 *
 * Nothing is kept while the instance is not listening, and everything is dropped when its listening
 * connection is lost or opened again (notifications may have been missed), on '*', and on any write
 * this process answers (its own changes are seen at once, not when their notification arrives). A value
 * computed from a read that started before a change heard since is not kept (the mark passed to `keep`).
 * Each value is kept for the answer cache's time at most (SEARCH_CACHE_MS; 0 keeps nothing).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';

/** The channel of migration 0030's triggers. */
export const MEMBER_STATE_CHANNEL = 'member_state';
/** A payload that drops every member's values. */
const EVERY_MEMBER = '*';
/** A payload this process sends itself to know that every earlier notification has been heard. */
const SETTLE_PREFIX = 'settle:';
/** Members whose last change is remembered for the reads in flight; past it, a reset. */
const MAX_REMEMBERED_CHANGES = 10_000;
/** How long `settle` waits for its own notification. */
const SETTLE_TIMEOUT_MS = 5000;

/** What a value was read after: the count of changes heard when its read started. */
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

  get size(): number {
    return this.#entries.size;
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

/** The changes this process has heard of, and the stores they drop values from. */
export class MemberFeed {
  readonly #ttlMs: number;
  readonly #stores: Array<MemberKept<unknown>> = [];
  readonly #lastChange = new Map<number, number>();
  readonly #settling = new Map<string, () => void>();
  #listening = false;
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
    return this.#listening && this.#ttlMs > 0;
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

  /** True when nothing the member's value rests on was heard to change since `mark`. */
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

  /** The listening connection's events (DbHandle.listen). */
  listening(): void {
    this.dropAll();
    this.#listening = true;
  }

  lost(): void {
    this.#listening = false;
    this.dropAll();
  }

  heard(payload: string): void {
    if (payload.startsWith(SETTLE_PREFIX)) {
      this.#settling.get(payload.slice(SETTLE_PREFIX.length))?.();
      return;
    }
    const memberId = Number(payload);
    if (payload !== EVERY_MEMBER && Number.isSafeInteger(memberId) && memberId > 0) {
      this.memberChanged(memberId);
    } else {
      this.dropAll();
    }
  }

  /**
   * Resolves once every change committed before the call has been heard: notifications of different
   * transactions arrive in the order they committed, so this process's own notification comes after
   * them. For a caller that must not read a value older than a change made on another connection (the
   * tests that change data behind the app's back). Immediate when nothing is kept.
   */
  async settle(db: Executor): Promise<void> {
    if (!this.enabled) return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.#settling.set(id, resolve);
      // Not heard (the connection was lost meanwhile): nothing is kept then anyway.
      timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    });
    try {
      await db.execute(sql`select pg_notify(${MEMBER_STATE_CHANNEL}, ${SETTLE_PREFIX + id})`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.#settling.delete(id);
    }
  }
}

declare module 'fastify' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** What a member's search keeps in this process (registerMemberFeed, decision 063). */
    memberFeed: MemberFeed;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The process's member feed: listens to the triggers' channel once the app is ready (not at all when
 * nothing is kept, ttlMs 0), stops when it closes; any write this process answers drops every value.
 */
export function registerMemberFeed(app: FastifyInstance, options: { ttlMs: number }) {
  const feed = new MemberFeed({ ttlMs: options.ttlMs });
  app.decorate('memberFeed', feed);
  if (options.ttlMs <= 0) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await app.deps.dbHandle.listen(MEMBER_STATE_CHANNEL, {
      onListening: () => feed.listening(),
      onLost: () => feed.lost(),
      onMessage: (payload) => feed.heard(payload),
    });
  });
  app.addHook('onClose', async () => {
    feed.lost();
    await stop?.();
  });
  // onSend: the write's transaction is committed, and its answer not yet sent.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) feed.dropAll();
    return payload;
  });
}
