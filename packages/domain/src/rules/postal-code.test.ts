import { describe, expect, it } from 'vitest';
import { postalCodeText } from './postal-code.ts';

describe('postalCodeText', () => {
  it.each([
    ['5300001', '530-0001'],
    ['530-0001', '530-0001'],
    ['530－0001', '530-0001'],
    [' 530 0001 ', '530-0001'],
    ['12345', '12345'],
    ['', ''],
    ['abcdefg', 'abcdefg'],
  ])('%j is written %j', (input, expected) => {
    expect(postalCodeText(input)).toBe(expected);
  });
});
