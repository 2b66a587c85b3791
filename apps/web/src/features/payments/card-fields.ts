import { cardBrand, cardNumberLengths, PAYMENT_MESSAGES, sandboxConfirmSchema } from '@mels/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type CardValues = { number: string; expiry: string; cvc: string; email: string };

/** Card number digits grouped as printed on the card: Amex 4-6-5, Diners 4-6-4, others 4-4-4-4. */
export function formatCardNumber(input: string): string {
  const brand = cardBrand(input);
  const max = Math.max(...cardNumberLengths(brand));
  const digits = input.replace(/\D/g, '').slice(0, max);
  const groups = brand === 'amex' || brand === 'diners' ? [4, 6, 5] : [4, 4, 4, 4];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** MM/YY as typed: the slash comes by itself once the year starts. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function parseExpiry(expiry: string): { month: number | null; year: number | null } {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return { month: null, year: null };
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** The body the sandbox's confirm call takes, without the client secret. */
export function confirmBody(values: CardValues) {
  const { month, year } = parseExpiry(values.expiry);
  return {
    number: values.number.replace(/\s/g, ''),
    exp_month: month,
    exp_year: year,
    cvc: values.cvc.trim(),
    email: values.email.trim(),
  };
}

const fieldOf: Record<string, keyof CardValues> = {
  number: 'number',
  exp: 'expiry',
  cvc: 'cvc',
  email: 'email',
};

/** The card form's checks: the server's own rules (packages/domain) plus an expiry in the past. */
export const cardResolver: Resolver<CardValues> = (values) => {
  const body = confirmBody(values);
  const parsed = sandboxConfirmSchema.safeParse({ ...body, client_secret: 'check' });
  const errors: FieldErrors<CardValues> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
    }
  }
  if (!errors.expiry && body.exp_month && body.exp_year) {
    const now = new Date();
    const current = now.getFullYear() * 12 + now.getMonth() + 1;
    if (body.exp_year * 12 + body.exp_month < current)
      errors.expiry = { type: 'validate', message: PAYMENT_MESSAGES.expiryPast };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
