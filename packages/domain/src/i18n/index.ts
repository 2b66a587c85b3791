import { en } from './en.ts';
import { ja, type Messages } from './ja.ts';

export { ja, en, type Messages };
// Messages of pages that are loaded when first visited, kept out of the first visit's dictionaries.
export { claimJa, type ClaimMessages } from './claim-ja.ts';
export { claimEn } from './claim-en.ts';
export { accountSecurityJa, type AccountSecurityMessages } from './account-security-ja.ts';
export { accountSecurityEn } from './account-security-en.ts';
export { sessionPaymentJa, type SessionPaymentMessages } from './session-payment-ja.ts';
export { sessionPaymentEn } from './session-payment-en.ts';
export { instructorDocsJa, type InstructorDocsMessages } from './instructor-docs-ja.ts';
export { instructorDocsEn } from './instructor-docs-en.ts';
export { instructorJa, type InstructorMessages } from './instructor-ja.ts';
export { instructorEn } from './instructor-en.ts';
export { paymentMailsJa, type PaymentMailMessages } from './payment-mails-ja.ts';
export { paymentMailsEn } from './payment-mails-en.ts';
export { duplicateChargesJa, type DuplicateChargesMessages } from './duplicate-charges-ja.ts';
export { duplicateChargesEn } from './duplicate-charges-en.ts';
export { officeJa, type OfficeMessages } from './office-ja.ts';
export { officeEn } from './office-en.ts';
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

export const dictionaries: Record<Language, Messages> = { ja, en };

/** Replaces {0}, {1}… in a template with the given values. */
export function format(template: string, ...params: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = params[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** Japanese message lookup for the server, where Japanese is always the response language. */
export const msg = ja;
