import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 only: a leaked table does not log anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
