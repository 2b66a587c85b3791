import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, dictionaries, en, format, ja, LANGUAGES } from './index.ts';

describe('format', () => {
  it('replaces {0}, {1}… with the given values', () => {
    expect(format('{0}は{1}以上で指定してください', 'ページ', 1)).toBe('ページは1以上で指定してください');
  });

  it('replaces a placeholder every time it appears', () => {
    expect(format('{0}/{0}/{1}', 'a', 'b')).toBe('a/a/b');
  });

  it('takes values in any order of the placeholders', () => {
    expect(format('{1} {0}', 'world', 'hello')).toBe('hello world');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(format('{0} and {1} and {2}', 'x')).toBe('x and {1} and {2}');
  });

  it('writes numbers, including 0, as text', () => {
    expect(format('{0}件', 0)).toBe('0件');
    expect(format('{0}円', 12000)).toBe('12000円');
  });

  it('leaves a template without placeholders unchanged', () => {
    expect(format('お知らせ')).toBe('お知らせ');
    expect(format('{name} {}', 'x')).toBe('{name} {}');
  });

  it('uses the values as plain text (no $-pattern expansion)', () => {
    expect(format('{0}', '$&$1')).toBe('$&$1');
  });

  it('fills the messages of both languages', () => {
    expect(format(ja.validation.max, '件数', 999)).toBe('件数は999以下で指定してください');
    expect(format(en.validation.max, 'Limit', 999)).toBe('Limit must be 999 or less');
  });
});

describe('dictionaries', () => {
  it('Japanese is the default language and both languages are there', () => {
    expect(DEFAULT_LANGUAGE).toBe('ja');
    expect(LANGUAGES).toEqual(['ja', 'en']);
    expect(dictionaries.ja).toBe(ja);
    expect(dictionaries.en).toBe(en);
  });

  it('English has exactly the keys of Japanese, none of them empty', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    expect(keys(en).sort()).toEqual(keys(ja).sort());
    const empty = (dict: object) =>
      keys(dict).filter((path) => {
        const leaf = path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], dict);
        return typeof leaf === 'string' && leaf.trim() === '';
      });
    expect(empty(ja)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});
