import { describe, expect, it } from 'vitest';
import { includedTax, INVOICE_REGISTRATION_NUMBER, taxSummary } from './invoice.ts';

describe('includedTax (tax-inclusive amount, rounded down once)', () => {
  it.each([
    [3300, 10, 300],
    [11000, 10, 1000],
    [3800, 10, 345], // 345.45… → 345
    [1, 10, 0],
    [109, 10, 9], // 9.909… → 9
    [110, 10, 10],
    [0, 10, 0],
    [1080, 8, 80],
    [5000, 0, 0],
  ])('%i yen at %i%% includes %i yen of tax', (amount, rate, tax) => {
    expect(includedTax(amount, rate)).toBe(tax);
  });

  it('defaults to the standard rate (10%)', () => {
    expect(includedTax(22000)).toBe(2000);
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses an amount of %s', (amount) => {
    expect(() => includedTax(amount)).toThrow(RangeError);
  });
});

describe('taxSummary (one rounding per rate and invoice)', () => {
  it('adds the lines of a rate before rounding, not line by line', () => {
    // Line by line: floor(109×10/110) × 3 = 27; on the total 327: floor(29.72…) = 29.
    expect(taxSummary([{ amount: 109 }, { amount: 109 }, { amount: 109 }])).toEqual([
      { rate: 10, amount: 327, tax: 29 },
    ]);
  });

  it('keeps one line per rate, highest rate first', () => {
    expect(
      taxSummary([
        { amount: 1080, rate: 8 },
        { amount: 3300, rate: 10 },
      ]),
    ).toEqual([
      { rate: 10, amount: 3300, tax: 300 },
      { rate: 8, amount: 1080, tax: 80 },
    ]);
  });

  it('is empty without lines', () => {
    expect(taxSummary([])).toEqual([]);
  });
});

describe('INVOICE_REGISTRATION_NUMBER', () => {
  it.each([
    ['T1010405010325', true],
    ['T123', false],
    ['1010405010325', false],
    ['T10104050103250', false],
    ['t1010405010325', false],
  ])('%s → %s', (value, ok) => {
    expect(INVOICE_REGISTRATION_NUMBER.test(value)).toBe(ok);
  });
});
