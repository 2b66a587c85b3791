/**
 * HTTP caching of public lists (issue 20, decision 043): a route's successful JSON answer gets an ETag
 * (a hash of the body) and a Cache-Control with a short max-age, and a request whose If-None-Match names
 * that ETag is answered 304 with no body.
 *
 * - 'reference' (areas, user types, courses): `public, max-age=300` and a strong ETag.
 * - 'anonymous' (the session search): `public, max-age=30` and a weak ETag (the same cards, not
 *   necessarily the same bytes tomorrow).
 *
 * Only for a request without an Authorization header: one with a token keeps decision 018's
 * `Cache-Control: no-store` (a logged-in search shows the member's own state on the cards), no ETag.
 *
 * Both say `Vary: Authorization, Accept-Language` (messages are translated by the request's language),
 * so a shared cache never hands one member's search, or the Japanese body, to another request.
 *
 * The anonymous search's answers are also kept in this process for a few seconds (`AnswerCache`,
 * decision 050), so a rush of visitors on one search costs one database round trip per answer kept.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type CachePolicy = {
  kind: 'reference' | 'anonymous';
  /** Seconds a browser or a proxy may reuse the answer without asking. */
  maxAge: number;
};

/** Reference lists: they change when the office edits the catalogue, rarely. */
export const REFERENCE_LIST_CACHE: CachePolicy = { kind: 'reference', maxAge: 300 };
/** The anonymous session search: places left change, so only briefly. */
export const ANONYMOUS_SEARCH_CACHE: CachePolicy = { kind: 'anonymous', maxAge: 30 };

function bodyTag(payload: string | Buffer, weak: boolean): string {
  const hash = createHash('sha1').update(payload).digest('base64url');
  return weak ? `W/"${hash}"` : `"${hash}"`;
}

/** RFC 9110's weak comparison: `*`, or any listed tag equal once `W/` is set aside. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

type KeptAnswer = {
  payload: string;
  etag: string;
  contentType: string;
};

/** What the stores of one process share: the clock, the time to keep, and the count of writes. */
type KeptShared = { ttlMs: number; monotonicMs: () => number; generation: number };

/**
 * Values kept in this process (decision 050): each by a key, for `ttlMs` at most, and only while this
 * process has answered no write since the value was computed (the generation read before computing it is
 * passed to `keep`). At most `maxEntries`, the oldest dropped first.
 */
export class KeptValues<T> {
  readonly #entries = new Map<string, { value: T; storedAt: number; generation: number }>();
  readonly #shared: KeptShared;
  readonly #maxEntries: number;

  constructor(shared: KeptShared, maxEntries: number) {
    this.#shared = shared;
    this.#maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.#shared.ttlMs > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Read before a value is computed, and passed to `keep` with it. */
  get generation(): number {
    return this.#shared.generation;
  }

  clear(): void {
    this.#entries.clear();
  }

  find(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const { generation, ttlMs, monotonicMs } = this.#shared;
    if (entry.generation !== generation || monotonicMs() - entry.storedAt >= ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value computed from the data as of `generation` (a write since then: not kept). */
  keep(key: string, value: T, generation: number): void {
    if (!this.enabled || generation !== this.#shared.generation) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, storedAt: this.#shared.monotonicMs(), generation });
  }
}

/**
 * The anonymous search's answers, kept in this process (decision 050): by the request's URL, its
 * Accept-Language and the minute of the app's clock (what the answer depends on besides the data), for
 * `ttlMs` at most. Any write this process answers (a non-GET request that succeeded) drops them all, so
 * this process never serves an answer older than its own last write; a write through another instance or
 * a scheduled job shows after `ttlMs` at most (browsers may keep the answer 30 s anyway). At most
 * `maxEntries` answers, the oldest dropped first.
 *
 * `values()` makes another store under the same rules (the member's search keeps its shared rows there,
 * decision 051); `invalidate()` empties them all.
 */
export class AnswerCache extends KeptValues<KeptAnswer> {
  readonly #shared: KeptShared;
  readonly #stores: Array<KeptValues<unknown>> = [];
  readonly #onInvalidate: Array<() => void> = [];

  constructor(options: { ttlMs: number; maxEntries: number; monotonicMs?: () => number }) {
    const shared: KeptShared = {
      ttlMs: options.ttlMs,
      monotonicMs: options.monotonicMs ?? (() => performance.now()),
      generation: 0,
    };
    super(shared, options.maxEntries);
    this.#shared = shared;
  }

  /** A store of other values dropped with the answers. */
  values<T>(maxEntries: number): KeptValues<T> {
    const store = new KeptValues<T>(this.#shared, maxEntries);
    this.#stores.push(store as KeptValues<unknown>);
    return store;
  }

  /** Also to be done whenever the kept values are dropped (what other stores keep: decision 063). */
  onInvalidate(listener: () => void): void {
    this.#onInvalidate.push(listener);
  }

  /** Every kept value is stale: this process has changed data. */
  invalidate(): void {
    this.#shared.generation += 1;
    this.clear();
    for (const store of this.#stores) store.clear();
    for (const listener of this.#onInvalidate) listener();
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The process's answer cache, dropped by every write this process answers successfully. */
export function registerAnswerCache(app: FastifyInstance, options: { ttlMs: number }) {
  app.decorate('answerCache', new AnswerCache({ ttlMs: options.ttlMs, maxEntries: 500 }));
  // onSend: the write's transaction is committed, and its answer not yet sent.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) app.answerCache.invalidate();
    return payload;
  });
}

/** What a request for a kept answer carries from onRequest to onSend. */
const pending = new WeakMap<FastifyRequest, { key: string; generation: number } | 'served'>();

function answerKey(request: FastifyRequest): string {
  const minute = Math.floor(request.server.deps.clock.now().getTime() / 60_000);
  return `${minute}\n${request.headers['accept-language'] ?? ''}\n${request.url}`;
}

/**
 * The headers of a public answer with this tag (Vary is set by the caller for every answer); true when
 * the request's If-None-Match names the tag, so the answer is a 304 with no body.
 */
function publicAnswer(request: FastifyRequest, reply: FastifyReply, maxAge: number, etag: string): boolean {
  reply.header('cache-control', `public, max-age=${maxAge}`);
  reply.header('etag', etag);
  return ifNoneMatchHits(request.headers['if-none-match'], etag);
}

const VARY = 'Authorization, Accept-Language';

/** A request that asks for a fresh answer (a reload sends `Cache-Control: no-cache`). */
export function asksForFresh(request: FastifyRequest): boolean {
  return /\bno-cache\b/i.test(String(request.headers['cache-control'] ?? ''));
}

/** onRequest of an 'anonymous' route: a kept answer for a visitor, before validation and the handler. */
export async function answerFromCache(request: FastifyRequest, reply: FastifyReply) {
  const cache = request.server.answerCache;
  if (!cache.enabled || request.method !== 'GET' || request.headers.authorization !== undefined) return;
  const key = answerKey(request);
  // A client that asks for a fresh answer (a reload with Cache-Control: no-cache) gets one, which is kept.
  const kept = asksForFresh(request) ? undefined : cache.find(key);
  if (!kept) {
    pending.set(request, { key, generation: cache.generation });
    return;
  }
  pending.set(request, 'served');
  reply.header('vary', VARY);
  if (publicAnswer(request, reply, ANONYMOUS_SEARCH_CACHE.maxAge, kept.etag)) return reply.code(304).send('');
  return reply.type(kept.contentType).send(kept.payload);
}

/** The route's onSend hook for a policy; it runs before compression, on the serialised JSON. */
export function httpCacheHook(policy: CachePolicy) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = pending.get(request);
    if (state === 'served') return payload;
    reply.header('vary', VARY);
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
      return payload;
    if (request.headers.authorization !== undefined) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = bodyTag(payload, policy.kind === 'anonymous');
    const notModified = publicAnswer(request, reply, policy.maxAge, etag);
    if (state && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      request.server.answerCache.keep(state.key, { payload, etag, contentType }, state.generation);
    }
    if (notModified) {
      reply.code(304);
      return '';
    }
    return payload;
  };
}
