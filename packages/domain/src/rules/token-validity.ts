/**
 * When a login token still works (decision 018, as the auth plugin's tokenAccountFrom says it in SQL):
 * before its lifetime ends and within the idle limit of its last use (its creation, if never used). A
 * revoked token or an inactive account is not the clock's business: whoever keeps a token's account
 * drops it when either changes (decision 063). The clock is passed in.
 */
export type TokenTimes = { expiresAt: Date; createdAt: Date; lastUsedAt: Date | null };

export function tokenStillValid(token: TokenTimes, at: { now: Date; idleMs: number }): boolean {
  const now = at.now.getTime();
  const lastUse = (token.lastUsedAt ?? token.createdAt).getTime();
  return token.expiresAt.getTime() > now && lastUse > now - at.idleMs;
}
