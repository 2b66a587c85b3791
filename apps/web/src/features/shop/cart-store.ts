import {
  addToCart,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type AddResult,
  type CartItem,
} from '@mels/domain';
import { useSyncExternalStore } from 'react';

/** The cart lives in localStorage (spec: kept in the browser); logout removes this key. */
export const CART_KEY = 'mels.cart';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: CartItem[] = [];

function read(): CartItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CART_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseStoredCart(raw);
  }
  return cached;
}

function write(items: CartItem[]) {
  if (items.length === 0) localStorage.removeItem(CART_KEY);
  else localStorage.setItem(CART_KEY, JSON.stringify(items));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const cartStore = {
  items: read,
  add(item: CartItem): AddResult {
    const result = addToCart(read(), item);
    if (result.ok) write(result.items);
    return result;
  },
  setQuantity(key: string, quantity: number) {
    write(setCartQuantity(read(), key, quantity));
  },
  remove(key: string) {
    write(removeFromCart(read(), key));
  },
  clear() {
    write([]);
  },
};

/** The cart's lines, kept in step with other tabs. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, read, () => []);
}

export const newCartKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
