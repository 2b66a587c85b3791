import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authTokens, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';

export type AuthUser = { id: number; role: 'member' | 'office'; email: string; tokenId: number };

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

/**
 * Resolves the user of every API request that carries a token. A missing or bad token leaves
 * request.user null; routes that need a user call requireUser (401) or requireOffice (403).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    const now = app.deps.clock.now();
    const [row] = await app.deps.db
      .select({ tokenId: authTokens.id, id: users.id, role: users.role, email: users.email })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, now),
          eq(users.isActive, true),
        ),
      );
    if (row) request.user = { ...row, role: row.role === 'office' ? 'office' : 'member' };
  });
}

export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

export async function requireOffice(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'office') throw forbidden();
}

/** The logged-in user (after requireUser). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
