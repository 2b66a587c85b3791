/** The login token lives in the browser (localStorage), as the spec's client keeps it. */
const KEY = 'mels.token';
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
    for (const listener of listeners) listener();
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
