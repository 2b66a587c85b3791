import { describe, expect, it } from 'vitest';
import { FontMissingError, japaneseFont } from './japanese-font.ts';
import { jaDate, yen } from './receipt.ts';

describe('receipt helpers', () => {
  it('writes yen with separators and a closing dash', () => {
    expect(yen(12345)).toBe('¥12,345-');
    expect(yen(0)).toBe('¥0-');
  });
  it('dates in Tokyo', () => {
    expect(jaDate(new Date('2026-11-22T15:30:00Z'))).toBe('2026年11月23日');
    expect(jaDate(new Date('2026-01-05T03:00:00Z'))).toBe('2026年01月05日');
  });
  it('a missing font stops with a clear message', () => {
    expect(() => japaneseFont({ RECEIPT_FONT_PATH: '/nonexistent/font.ttf' })).toThrow(FontMissingError);
    expect(() => japaneseFont({ RECEIPT_FONT_PATH: '/nonexistent/font.ttf' })).toThrow(/fonts-noto-cjk/);
  });
});
