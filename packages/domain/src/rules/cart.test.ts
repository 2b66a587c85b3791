import { describe, expect, it } from 'vitest';
import {
  addToCart,
  attributePairs,
  attributeText,
  orderNumber,
  cartCount,
  cartProducts,
  cartTotal,
  parseQuantity,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type CartItem,
} from './cart.ts';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  key: Math.random().toString(36).slice(2),
  id: 1,
  name: 'ポロシャツ',
  price: 3800,
  thumbnail: null,
  quantity: 1,
  attributes: [{ id: 10, attribute: 'サイズ', value: 'M' }],
  buy_once_per_user: false,
  ...over,
});

describe('cart rules', () => {
  it('the same product with the same attribute values adds to the quantity', () => {
    const first = addToCart([], item({ quantity: 2 }));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const second = addToCart(first.items, item({ quantity: 3 }));
    expect(second.ok && second.items).toHaveLength(1);
    expect(second.ok && second.items[0]?.quantity).toBe(5);
  });

  it('other attribute values make another line', () => {
    const first = addToCart([], item());
    if (!first.ok) throw new Error('not added');
    const second = addToCart(
      first.items,
      item({ attributes: [{ id: 10, attribute: 'サイズ', value: 'L' }] }),
    );
    expect(second.ok && second.items).toHaveLength(2);
  });

  it('a one-per-person product is one and cannot be added again', () => {
    const first = addToCart([], item({ buy_once_per_user: true, quantity: 4 }));
    if (!first.ok) throw new Error('not added');
    expect(first.items[0]?.quantity).toBe(1);
    expect(addToCart(first.items, item({ buy_once_per_user: true }))).toEqual({
      ok: false,
      reason: 'one-per-person',
    });
    expect(setCartQuantity(first.items, first.items[0]?.key ?? '', 3)[0]?.quantity).toBe(1);
  });

  it('quantity: blank is 1, full-width digits read, 0, negatives, decimals and over 99 refused', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity(null)).toBe(1);
    expect(parseQuantity('３')).toBe(3);
    expect(parseQuantity(12)).toBe(12);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('100')).toBeNull();
  });

  it('totals, counts, removal and the products sent to the server (no prices)', () => {
    const a = item({ key: 'a', quantity: 2 });
    const b = item({ key: 'b', id: 2, price: 550, attributes: [] });
    expect(cartTotal([a, b])).toBe(8150);
    expect(cartCount([a, b])).toBe(3);
    expect(removeFromCart([a, b], 'a')).toEqual([b]);
    expect(setCartQuantity([a], 'a', 500)[0]?.quantity).toBe(99);
    expect(cartProducts([b])).toEqual([{ id: 2, quantity: 1, attributes: [] }]);
  });

  it('a stored cart is read defensively', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const good = item({ key: 'k' });
    expect(parseStoredCart(JSON.stringify([good, { id: 'x' }, { ...good, quantity: 0 }]))).toEqual([good]);
  });

  it('attribute pairs and text of a stored line, and postal codes as written', () => {
    const stored = [
      { id: 1, attribute: 'サイズ', value: 'M' },
      { attribute: 3 },
      null,
      { attribute: 'カラー', value: '白' },
    ];
    expect(attributePairs(stored)).toEqual([
      { attribute: 'サイズ', value: 'M' },
      { attribute: 'カラー', value: '白' },
    ]);
    expect(attributeText(stored)).toBe('サイズ: M / カラー: 白');
    expect(attributeText('nonsense')).toBe('');
  });

  it('order numbers are ten digits', () => {
    expect(orderNumber(42)).toBe('0000000042');
  });
});
