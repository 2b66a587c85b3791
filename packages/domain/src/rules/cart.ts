/**
 * The shop cart kept in the browser (spec 001 §5): an identical item (same product, same attribute
 * values) adds to its quantity; a one-per-person product is limited to one and cannot be added twice.
 */

export type CartAttribute = { id: number; attribute: string; value: string };

export type CartItem = {
  /** Random key of the line (two lines of one product differ by their attribute values). */
  key: string;
  id: number;
  name: string;
  price: number;
  thumbnail: string | null;
  quantity: number;
  attributes: CartAttribute[];
  buy_once_per_user: boolean;
};

export const CART_MAX_QUANTITY = 99;

export type AddResult = { ok: true; items: CartItem[] } | { ok: false; reason: 'one-per-person' };

const sameAttributes = (a: readonly CartAttribute[], b: readonly CartAttribute[]) =>
  a.length === b.length &&
  a.every((attr) => b.some((other) => other.id === attr.id && other.value === attr.value));

/** A quantity typed by the user: blank becomes 1; otherwise a whole number from 1 to 99, or null. */
export function parseQuantity(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || String(input).trim() === '') return 1;
  const text = String(input)
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= CART_MAX_QUANTITY ? n : null;
}

export function addToCart(items: readonly CartItem[], item: CartItem): AddResult {
  if (item.buy_once_per_user) {
    if (items.some((line) => line.id === item.id)) return { ok: false, reason: 'one-per-person' };
    return { ok: true, items: [...items, { ...item, quantity: 1 }] };
  }
  const same = items.find((line) => line.id === item.id && sameAttributes(line.attributes, item.attributes));
  if (!same) return { ok: true, items: [...items, item] };
  return {
    ok: true,
    items: items.map((line) =>
      line === same
        ? { ...line, quantity: Math.min(CART_MAX_QUANTITY, line.quantity + item.quantity) }
        : line,
    ),
  };
}

export function setCartQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  return items.map((line) =>
    line.key === key
      ? { ...line, quantity: line.buy_once_per_user ? 1 : Math.min(CART_MAX_QUANTITY, Math.max(1, quantity)) }
      : line,
  );
}

export const removeFromCart = (items: readonly CartItem[], key: string) =>
  items.filter((line) => line.key !== key);

export const cartTotal = (items: readonly CartItem[]) =>
  items.reduce((sum, line) => sum + line.price * line.quantity, 0);

export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, line) => sum + line.quantity, 0);

/** The cart as the payment calls take it: products with id, quantity and attributes (never prices). */
export const cartProducts = (items: readonly CartItem[]) =>
  items.map((line) => ({ id: line.id, quantity: line.quantity, attributes: line.attributes }));

/** Reads a stored cart, dropping anything malformed (the browser's storage is not trusted). */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (line): line is CartItem =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as CartItem).key === 'string' &&
      Number.isInteger((line as CartItem).id) &&
      typeof (line as CartItem).name === 'string' &&
      Number.isInteger((line as CartItem).price) &&
      Number.isInteger((line as CartItem).quantity) &&
      (line as CartItem).quantity >= 1 &&
      Array.isArray((line as CartItem).attributes),
  );
}

/** The attribute/value pairs of a stored order line (as the cart sent them); anything else is skipped. */
export function attributePairs(attributes: unknown): Array<{ attribute: string; value: string }> {
  if (!Array.isArray(attributes)) return [];
  return attributes.flatMap((a: unknown) => {
    const pair = a as { attribute?: unknown; value?: unknown } | null;
    return pair && typeof pair.attribute === 'string' && typeof pair.value === 'string'
      ? [{ attribute: pair.attribute, value: pair.value }]
      : [];
  });
}

/** 'サイズ: M / カラー: ネイビー' from an order line's or a cart line's attributes. */
export const attributeText = (attributes: unknown) =>
  attributePairs(attributes)
    .map((a) => `${a.attribute}: ${a.value}`)
    .join(' / ');

/** An order's number as printed on receipts, mails and the office's lists: ten digits, zero-padded. */
export const orderNumber = (id: number) => String(id).padStart(10, '0');
