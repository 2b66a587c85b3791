import { mayManageStaff, type OfficeRole } from '@mels/domain';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { perExecutor } from '../db/prepared.ts';
import { authTokens, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';

/**
 * The signed-in account: a member, the office (officeRole admin or staff) or a host, a local holding's
 * account (localHoldingId its holding; decision 041).
 */
export type AuthUser = {
  id: number;
  role: 'member' | 'office' | 'host';
  email: string;
  tokenId: number;
  officeRole: OfficeRole | null;
  localHoldingId: number | null;
};

function roleOf(role: string): AuthUser['role'] {
  return role === 'office' ? 'office' : role === 'host' ? 'host' : 'member';
}

declare module 'fastify' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Reads `Authorization: Token <token>`; anything else is no token. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Token\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The last use of a token is written at most this often (one conditional UPDATE), not on every request. */
export const TOKEN_LAST_USE_RESOLUTION_MS = 60_000;

/**
 * The token's account, prepared once per database (a named statement on each connection): the token
 * is valid (not revoked, not expired, used within the idle limit) and the account active.
 */
function prepareTokenLookup(db: Executor) {
  const lastUse = sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`;
  return db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      id: users.id,
      role: users.role,
      email: users.email,
      officeRole: users.officeRole,
      localHoldingId: users.localHoldingId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(lastUse, sql`${sql.placeholder('idleSince')}::timestamptz`),
        eq(users.isActive, true),
      ),
    )
    .prepare('auth_token_lookup');
}
const tokenLookupStatement = perExecutor(prepareTokenLookup);

/**
 * Resolves the user of every API request that carries a token. A missing or bad token leaves
 * request.user null; routes that need a user call requireUser (401) or requireOffice (403).
 * A token works until its lifetime ends (30 days) or until it has gone unused for
 * config.authTokenIdleMs (14 days), whichever comes first; its last use is recorded to the minute.
 * Every JSON answer to a request with a user says `Cache-Control: no-store` (files too, unless
 * their route chose a policy): personal data must not stay in a browser's or a proxy's cache.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    const db = app.deps.db;
    const now = app.deps.clock.now();
    const [row] = await tokenLookupStatement(db).execute({
      tokenHash: hashToken(token),
      now,
      idleSince: new Date(now.getTime() - app.deps.config.authTokenIdleMs),
    });
    if (!row) return;
    const role = roleOf(row.role);
    request.user = {
      tokenId: row.tokenId,
      id: row.id,
      email: row.email,
      role,
      officeRole: role === 'office' ? row.officeRole : null,
      localHoldingId: role === 'host' ? row.localHoldingId : null,
    };
    // Only when the recorded use is older than the resolution (issue 20: most requests make one round
    // trip, the lookup); the UPDATE stays conditional, so two requests at once write it once.
    const stale = new Date(now.getTime() - TOKEN_LAST_USE_RESOLUTION_MS);
    if (row.lastUsedAt !== null && row.lastUsedAt >= stale) return;
    await db
      .update(authTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(authTokens.id, row.tokenId),
          or(isNull(authTokens.lastUsedAt), lt(authTokens.lastUsedAt, stale)),
        ),
      );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.user) return payload;
    // JSON always; other answers (files) keep a policy their route chose, else no-store too.
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('json') || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Any signed-in account, a host included: its own session (me, logout). */
export async function requireSession(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

/** A member or the office: a host (a local holding's account) is refused every member route (403). */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role === 'host') throw forbidden();
}

export async function requireOffice(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'office') throw forbidden();
}

/** An office admin: staff management (decision 041). */
export async function requireOfficeAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'office' || !mayManageStaff(request.user.officeRole)) throw forbidden();
}

/** A host: its own sessions only (the routes check the session's holding, 404 for another's). */
export async function requireHost(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'host' || request.user.localHoldingId === null) throw forbidden();
}

/** The logged-in user (after requireUser). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
