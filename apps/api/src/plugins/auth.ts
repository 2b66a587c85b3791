import { mayManageStaff, tokenStillValid, type OfficeRole } from '@mels/domain';
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { perExecutor } from '../db/prepared.ts';
import { authTokens, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import type { FeedMark, MemberFeed, MemberKept } from './member-state.ts';

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
    /** The request's token when its route checks it in its own statement (tokenCheckedByRoute). */
    tokenCheck: TokenCheck | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The route checks the request's token in its own statement (issue 20: the member's search asks the
     * token's account with the member's state, one round trip): onRequest leaves `request.tokenCheck`
     * for it instead of looking the token up, and the route calls settleTokenCheck.
     */
    tokenCheckedByRoute?: boolean;
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

/** What a token is checked with: its hash, the moment, and the last use a token may not be older than. */
export type TokenCheck = { tokenHash: string; now: Date; idleSince: Date };

/**
 * The token's account, as a FROM item named `account` (no row: no such token, or not valid): the token
 * is valid (not revoked, not expired, used within the idle limit) and the account active. Its parameters
 * are the placeholders tokenHash, now and idleSince (a TokenCheck). Read with tokenAccountColumns.
 */
export function tokenAccountFrom(): SQL {
  const lastUse = sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`;
  return sql`(select ${authTokens.id} as token_id, ${authTokens.lastUsedAt} as last_used_at,
      ${authTokens.createdAt} as created_at, ${authTokens.expiresAt} as expires_at, ${users.id} as id,
      ${users.role} as role, ${users.email} as email, ${users.officeRole} as office_role,
      ${users.localHoldingId} as local_holding_id
    from ${authTokens} inner join ${users} on ${users.id} = ${authTokens.userId}
    where ${authTokens.tokenHash} = ${sql.placeholder('tokenHash')} and ${authTokens.revokedAt} is null
      and ${authTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz
      and ${lastUse} > ${sql.placeholder('idleSince')}::timestamptz and ${users.isActive}) as account`;
}

/** The columns of tokenAccountFrom's row, for a select. */
export const tokenAccountColumns = {
  tokenId: sql<number>`account.token_id`.mapWith(Number),
  lastUsedAt: sql<Date | null>`account.last_used_at`.mapWith(authTokens.lastUsedAt),
  createdAt: sql<Date>`account.created_at`.mapWith(authTokens.createdAt),
  expiresAt: sql<Date>`account.expires_at`.mapWith(authTokens.expiresAt),
  id: sql<number>`account.id`.mapWith(Number),
  role: sql<string>`account.role`,
  email: sql<string>`account.email`,
  officeRole: sql<OfficeRole | null>`account.office_role`,
  localHoldingId: sql<number | null>`account.local_holding_id`,
};

/** The token's account, prepared once per database (a named statement on each connection). */
function prepareTokenLookup(db: Executor) {
  return db.select(tokenAccountColumns).from(tokenAccountFrom()).prepare('auth_token_lookup');
}
const tokenLookupStatement = perExecutor(prepareTokenLookup);

/** One row of tokenAccountFrom as tokenAccountColumns read it. */
export type TokenAccount = Awaited<ReturnType<ReturnType<typeof prepareTokenLookup>['execute']>>[number];

function checkOf(token: string, now: Date, idleMs: number): TokenCheck {
  return { tokenHash: hashToken(token), now, idleSince: new Date(now.getTime() - idleMs) };
}

/**
 * The request's user from a checked token's account (none: no user), and the token's last use, recorded
 * only when the recorded one is older than the resolution (most requests make one round trip, the
 * lookup); the UPDATE stays conditional, so two requests at once write it once.
 */
async function accept(
  request: FastifyRequest,
  input: { db: Executor; account: TokenAccount | undefined; now: Date },
) {
  const { db, account, now } = input;
  if (!account) return;
  const role = roleOf(account.role);
  request.user = {
    tokenId: account.tokenId,
    id: account.id,
    email: account.email,
    role,
    officeRole: role === 'office' ? account.officeRole : null,
    localHoldingId: role === 'host' ? account.localHoldingId : null,
  };
  const stale = new Date(now.getTime() - TOKEN_LAST_USE_RESOLUTION_MS);
  if (account.lastUsedAt !== null && account.lastUsedAt >= stale) return;
  // A kept account (decision 063) is this object: it now says what the database says, to the minute
  // (written here, or by another request within the last minute), so it is not written again at once.
  account.lastUsedAt = now;
  await db
    .update(authTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(authTokens.id, account.tokenId),
        or(isNull(authTokens.lastUsedAt), lt(authTokens.lastUsedAt, stale)),
      ),
    );
}

/**
 * What a route's statement found of request.tokenCheck (`account` undefined: not valid; `mark`: the
 * member feed's mark read before it, when the account may be kept), or `unchecked`.
 */
export type TokenFound = { account: TokenAccount | undefined; mark?: FeedMark } | 'unchecked';

/** The tokens' accounts a route with tokenCheckedByRoute keeps, by the token's hash (decision 063), per app. */
const keptAccounts = new WeakMap<MemberFeed, MemberKept<TokenAccount>>();

/**
 * For a route with `tokenCheckedByRoute`: the account its statement found for request.tokenCheck
 * (undefined: none, the token is not valid), or `unchecked` when the route did not need its statement
 * (the token is then looked up here). Sets request.user as onRequest does for every other route. An
 * account found with a mark is kept for settleKeptToken.
 */
export async function settleTokenCheck(db: Executor, request: FastifyRequest, found: TokenFound) {
  const check = request.tokenCheck;
  if (!check) return;
  request.tokenCheck = null;
  const account = found === 'unchecked' ? (await tokenLookupStatement(db).execute(check))[0] : found.account;
  if (account && found !== 'unchecked' && found.mark !== undefined) {
    keptAccounts.get(request.server.memberFeed)?.keep({
      key: check.tokenHash,
      memberId: account.id,
      value: account,
      mark: found.mark,
    });
  }
  await accept(request, { db, account, now: check.now });
}

/**
 * For a route with `tokenCheckedByRoute`, before its statement: when this process keeps the account of
 * request.tokenCheck (decision 063: dropped as soon as the token or the account changes through any
 * connection) and the clock still allows the token, the request's user is set from it as onRequest
 * would, and the route's statement need not check the token. Otherwise nothing changes.
 */
export async function settleKeptToken(db: Executor, request: FastifyRequest) {
  const check = request.tokenCheck;
  const account = check && keptAccounts.get(request.server.memberFeed)?.find(check.tokenHash);
  if (!check || !account) return;
  const idleMs = check.now.getTime() - check.idleSince.getTime();
  if (!tokenStillValid(account, { now: check.now, idleMs })) return;
  request.tokenCheck = null;
  await accept(request, { db, account, now: check.now });
}

/**
 * Resolves the user of every API request that carries a token. A missing or bad token leaves
 * request.user null; routes that need a user call requireUser (401) or requireOffice (403).
 * A token works until its lifetime ends (30 days) or until it has gone unused for
 * config.authTokenIdleMs (14 days), whichever comes first; its last use is recorded to the minute.
 * Every JSON answer to a request with a user says `Cache-Control: no-store` (files too, unless
 * their route chose a policy): personal data must not stay in a browser's or a proxy's cache.
 */
export function registerAuth(app: FastifyInstance) {
  keptAccounts.set(app.memberFeed, app.memberFeed.store<TokenAccount>(10_000));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenCheck', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    const now = app.deps.clock.now();
    const check = checkOf(token, now, app.deps.config.authTokenIdleMs);
    if (request.routeOptions.config?.tokenCheckedByRoute === true) {
      request.tokenCheck = check;
      return;
    }
    const [account] = await tokenLookupStatement(app.deps.db).execute(check);
    await accept(request, { db: app.deps.db, account, now });
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
