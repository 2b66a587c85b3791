import { describe, expect, it } from 'vitest';
import { memberNameQuery, phoneDigits } from './member-search.ts';

describe('memberNameQuery', () => {
  it.each([
    ['山田 花子', { text: '山田花子', kana: '山田花子' }],
    ['やまだ', { text: 'やまだ', kana: 'ヤマダ' }],
    ['ﾔﾏﾀﾞ ﾊﾅｺ', { text: 'ヤマダハナコ', kana: 'ヤマダハナコ' }],
    ['ヤマダ\u3000ハナコ', { text: 'ヤマダハナコ', kana: 'ヤマダハナコ' }],
    ['ＹＡＭＡＤＡ', { text: 'YAMADA', kana: 'YAMADA' }],
    ['  ', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(memberNameQuery(raw)).toEqual(expected);
  });
});

describe('phoneDigits', () => {
  it.each([
    ['03-1234-5678', '0312345678'],
    ['０３ー１２３４', '031234'],
    ['(090) 1111 2222', '09011112222'],
    ['abc', ''],
  ])('%j → %j', (raw, expected) => {
    expect(phoneDigits(raw)).toBe(expected);
  });
});
