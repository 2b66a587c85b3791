/**
 * The qualified invoice (適格請求書) rules of a receipt: the portal's prices include consumption tax,
 * all at the standard rate, and the tax is stated once per rate per invoice, rounded down
 * (消費税法施行令 §70-10: one rounding per rate and invoice).
 */

/** The standard consumption tax rate, in percent. Every fee and shop item of the portal is at this rate. */
export const STANDARD_TAX_RATE = 10;

/** An issuer's registration number: 'T' and 13 digits (T + 法人番号). */
export const INVOICE_REGISTRATION_NUMBER = /^T\d{13}$/;

export type TaxLine = {
  /** The rate in percent (10). */
  rate: number;
  /** The tax-inclusive total of the lines at that rate, in yen. */
  amount: number;
  /** The consumption tax included in that total: floor(amount × rate / (100 + rate)). */
  tax: number;
};

/**
 * The consumption tax included in a tax-inclusive amount at a rate (in percent), rounded down once.
 * Integer arithmetic only, so 3,300 yen at 10% is exactly 300.
 */
export function includedTax(amount: number, rate: number = STANDARD_TAX_RATE): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`invalid amount: ${amount}`);
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`invalid rate: ${rate}`);
  return Math.floor((amount * rate) / (100 + rate));
}

/**
 * The per-rate summary of an invoice from its tax-inclusive lines: the lines of one rate are added
 * first and the tax is computed once on that total (never per line), highest rate first.
 */
export function taxSummary(lines: readonly { amount: number; rate?: number }[]): TaxLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = line.rate ?? STANDARD_TAX_RATE;
    byRate.set(rate, (byRate.get(rate) ?? 0) + line.amount);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => ({ rate, amount, tax: includedTax(amount, rate) }));
}
