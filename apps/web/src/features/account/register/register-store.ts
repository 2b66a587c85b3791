import type { RegisterRequest } from '@mels/domain';
import type { ProfileFieldValues } from '../profile-fields.tsx';

export type RegisterDraft = {
  /** What the user typed (to refill the form when going back). */
  values: ProfileFieldValues & { password: string; re_password: string; privacy: boolean };
  /** The request body the form produced (shown on the confirm page, sent on register). */
  body: RegisterRequest;
  /** Field errors the server gave on the last attempt, shown back on the form. */
  serverErrors?: Record<string, string[]>;
  serverMessage?: string;
};

/**
 * The registration draft lives in memory only: a reload or a direct visit to the confirm page has
 * no draft and goes back to /register, and the password never touches storage.
 */
let draft: RegisterDraft | null = null;

export const registerStore = {
  get: () => draft,
  set: (next: RegisterDraft | null) => {
    draft = next;
  },
};
