import { describe, expect, it } from 'vitest';
import {
  hiraganaToKatakana,
  normalizeAlpha,
  normalizeDateDigits,
  normalizeEmail,
  normalizeKana,
  normalizePhone,
  normalizePhonePart,
  normalizePostalCode,
  toHalfWidth,
  trimText,
  unifyHyphens,
} from './normalize.ts';

describe('toHalfWidth', () => {
  it.each([
    ['０１２３４５６７８９', '0123456789'],
    ['ＡＢＣｘｙｚ', 'ABCxyz'],
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ', 'taro@example.jp'],
    ['ａ＿ｂ－ｃ', 'a_b-c'],
    ['a\u3000b', 'a b'],
    ['山田 太郎', '山田 太郎'],
    ['やまだ', 'やまだ'],
  ])('%s → %s', (input, output) => {
    expect(toHalfWidth(input)).toBe(output);
  });
});

describe('unifyHyphens', () => {
  it.each(['ー', '－', '−', '‐', '‑', '–', '—', '―', 'ｰ'])('turns %s into -', (dash) => {
    expect(unifyHyphens(`03${dash}1234`)).toBe('03-1234');
  });
});

describe('trimText', () => {
  it('trims ASCII and ideographic spaces at both ends, keeps inner ones', () => {
    expect(trimText('\u3000 山田 太郎 \u3000\n')).toBe('山田 太郎');
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ', 'taro@example.jp'],
    ['  Taro.Yamada@Example.jp ', 'Taro.Yamada@Example.jp'],
    ['taro @example.jp', 'taro@example.jp'],
    ['ｔａｒｏ＿１＠ｅｘａｍｐｌｅ．ｊｐ\u3000', 'taro_1@example.jp'],
  ])('%j → %s', (input, output) => {
    expect(normalizeEmail(input)).toBe(output);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['０３ー１２３４ー５６７８', '03-1234-5678'],
    ['090－1234－5678', '090-1234-5678'],
    [' 03 - 1234 - 5678 ', '03-1234-5678'],
    ['03-1234-5678', '03-1234-5678'],
  ])('%j → %s', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });

  it('reads a phone part as digits only', () => {
    expect(normalizePhonePart(' ０９０ ')).toBe('090');
    expect(normalizePhonePart('１２３４ー')).toBe('1234');
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['１００－０００１', '1000001'],
    ['〒100-0001', '1000001'],
    ['100ー0001', '1000001'],
    [' 060 0000 ', '0600000'],
    ['1000001', '1000001'],
  ])('%j → %s', (input, output) => {
    expect(normalizePostalCode(input)).toBe(output);
  });
});

describe('normalizeDateDigits', () => {
  it.each([
    ['1990/01/31', '19900131'],
    ['1990-01-31', '19900131'],
    ['１９９０年'.slice(0, 4) + '０１３１', '19900131'],
    ['19900131', '19900131'],
  ])('%j → %s', (input, output) => {
    expect(normalizeDateDigits(input)).toBe(output);
  });
});

describe('normalizeAlpha', () => {
  it('makes full-width letters half-width and trims, keeping the case', () => {
    expect(normalizeAlpha(' ＹＡＭＡＤＡ ')).toBe('YAMADA');
    expect(normalizeAlpha('ｙａｍａｄａ')).toBe('yamada');
  });
});

describe('kana', () => {
  it('turns hiragana into katakana and keeps the rest', () => {
    expect(hiraganaToKatakana('やまだ たろう')).toBe('ヤマダ タロウ');
    expect(hiraganaToKatakana('ゔぁ ゝゞ')).toBe('ヴァ ヽヾ');
    expect(hiraganaToKatakana('ヤマダ山田A')).toBe('ヤマダ山田A');
  });

  it.each([
    ['やまだ', 'ヤマダ'],
    ['ﾔﾏﾀﾞ', 'ヤマダ'],
    ['ｼﾞｮｰｼﾞ', 'ジョージ'],
    ['　さとう　', 'サトウ'],
    ['ヤマダ', 'ヤマダ'],
  ])('normalizeKana(%j) → %s', (input, output) => {
    expect(normalizeKana(input)).toBe(output);
  });
});
