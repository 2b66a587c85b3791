import fs from 'node:fs';
import { K } from '@mels/domain';
import { fieldError } from './errors.ts';

/**
 * Passwords refused on top of the spec's rule (4–150 half-width letters and digits): the most
 * common ones (common-passwords/list.txt, see the README.md beside it and decision 018). Server side only,
 * so that the browser's bundle does not carry the list; the web shows the server's field error.
 */
const LIST_FILE = new URL('./common-passwords/list.txt', import.meta.url);

let common: ReadonlySet<string> | undefined;

/** The list, read once on first use. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/** How many passwords the list holds. */
export const commonPasswordCount = () => commonPasswords().size;

/** True for a password of the list, whatever its case ('PassWord1' is 'password1'). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * Throws a field error on `field` when the password is a common one. Registration, reset and the
 * profile's change of password all call this before any hashing.
 */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, K.accountSecurity.commonPassword);
}
