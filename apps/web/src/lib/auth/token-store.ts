import { readHintCookie, writeHintCookie } from '../hint-cookie.ts';

/** The login token lives in the browser (localStorage), as the spec's client keeps it. */
const KEY = 'mels.token';

/**
 * A cookie that says only that this browser holds a token: the server then answers the pages that need a
 * login with the app's frame, and a browser without it with the login drawn in the HTML (apps/api's
 * plugins/web.ts, scripts/prerender.mjs). It is a hint, not a credential: the token never leaves
 * localStorage but in the Authorization header, and a wrong hint costs a redraw, not access.
 */
export const SIGNED_IN_HINT = 'mels_signed_in';

const writeHint = (signedIn: boolean) => writeHintCookie(SIGNED_IN_HINT, signedIn ? '1' : null);
const listeners = new Set<() => void>();

export const tokenStore = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string | null) {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
    writeHint(Boolean(token));
    for (const listener of listeners) listener();
  },
  /** Makes the sign-in hint agree with the token (at start: a token kept from before the hint, or cleared). */
  syncHint() {
    const signedIn = this.get() !== null;
    if (signedIn !== (readHintCookie(SIGNED_IN_HINT) === '1')) writeHint(signedIn);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** Other browser-kept state that a logout must clear (the cart joins this list when it exists). */
export const LOGOUT_CLEARED_KEYS = ['mels.cart', 'mels.instructor-memo'];
