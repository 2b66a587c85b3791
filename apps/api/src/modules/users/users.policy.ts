import type { AuthUser } from '../../plugins/auth.ts';

/**
 * Who may read a profile through /api/v1/users/{id}: its owner only. Anyone else gets the same
 * 404 as for an id that does not exist, so the answer does not even say the account exists.
 * (The office reads members through the console's own calls.)
 */
export function canReadProfile(actor: AuthUser, userId: number): boolean {
  return actor.id === userId;
}
