import { describe, expect, it } from 'vitest';
import { formsJa } from './forms-ja.ts';
import { format, ja, officeJa } from './index.ts';
import { paymentMailsJa } from './payment-mails-ja.ts';

/** Every string of a dictionary, with its path (shop.cart.shippingNote). */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => strings(v, path ? `${path}.${key}` : key));
  return [];
}

const JAPANESE = '\\u3040-\\u30ff\\u4e00-\\u9fff\\uff01-\\uff5e';
/** A half-width colon next to Japanese text ('受講料: {0}'); URLs and ratios (3:4) are not text. */
const HALF_WIDTH_COLON = new RegExp(`[${JAPANESE}}]\\s?:(?!//)|:\\s?[${JAPANESE}]`);

const all = [
  ...strings(ja),
  ...strings(officeJa, 'office'),
  ...strings(paymentMailsJa, 'paymentMails'),
  ...strings(formsJa.enrollment, 'forms.enrollment'),
];

describe('Japanese wording', () => {
  it('uses the full-width colon （：） in Japanese text', () => {
    expect(all.filter(([, text]) => HALF_WIDTH_COLON.test(text))).toEqual([]);
  });

  it('keeps 受講コード for the older system’s code: the ticket’s code is the 受付コード', () => {
    expect(all.filter(([, text]) => text.includes('受講コード'))).toEqual([]);
    expect(ja.session.ticket.code).toBe('受付コード');
    expect(officeJa.checkIn.code).toBe('受付コード');
  });

  it('promises no transfer confirmation where the shop takes no transfer', () => {
    expect(strings(ja.shop).filter(([, text]) => /ご?入金(の)?確認後/.test(text))).toEqual([]);
  });

  it('names what a select box asks for: サイズを選択してください', () => {
    expect(format(ja.shop.choose, 'サイズ')).toBe('サイズを選択してください');
  });
});
