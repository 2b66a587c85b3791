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
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** The route's onSend hook for a policy; it runs before compression, on the serialised JSON. */
export function httpCacheHook(policy: CachePolicy) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('vary', 'Authorization, Accept-Language');
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
      return payload;
    if (request.headers.authorization !== undefined) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = bodyTag(payload, policy.kind === 'anonymous');
    reply.header('cache-control', `public, max-age=${policy.maxAge}`);
    reply.header('etag', etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  };
}
