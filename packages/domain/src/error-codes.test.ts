import { describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES, ERROR_CODES, type ErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it('are a closed list: a misspelt code does not compile', () => {
    const known: ErrorCode = 'ALREADY_PAID';
    // @ts-expect-error a code the server does not throw is not an ErrorCode
    const misspelt: ErrorCode = 'ALREADY_PAYED';
    expect(ERROR_CODES).toContain(known);
    expect(ERROR_CODES).not.toContain(misspelt);
  });

  it('are listed once each, the card codes included', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of CARD_ERROR_CODES) expect(ERROR_CODES).toContain(code);
  });
});
