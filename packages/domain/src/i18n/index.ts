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
export { biRequestJa, type BiRequestMessages } from './bi-request-ja.ts';
export { biRequestEn } from './bi-request-en.ts';
export { renewalJa, type RenewalMessages } from './renewal-ja.ts';
export { renewalEn } from './renewal-en.ts';
export { instructorJa, type InstructorMessages } from './instructor-ja.ts';
export { instructorEn } from './instructor-en.ts';
export { paymentMailsJa, type PaymentMailMessages } from './payment-mails-ja.ts';
export { paymentMailsEn } from './payment-mails-en.ts';
export { renewalMailsJa, type RenewalMailMessages } from './renewal-mails-ja.ts';
export { renewalMailsEn } from './renewal-mails-en.ts';
export { duplicateChargesJa, type DuplicateChargesMessages } from './duplicate-charges-ja.ts';
export { duplicateChargesEn } from './duplicate-charges-en.ts';
export { officeJa, type OfficeMessages } from './office-ja.ts';
export { officeEn } from './office-en.ts';
export { calendarJa, type CalendarMessages } from './calendar-ja.ts';
export { calendarEn } from './calendar-en.ts';
// Messages of the shared schemas and the server's refusals, and the whole catalog the server resolves keys in.
export { formsJa, type FormsMessages } from './forms-ja.ts';
export { formsEn } from './forms-en.ts';
export { catalogs, translate, K, type Catalog } from './catalog.ts';
import { type Language } from './languages.ts';
export { LANGUAGES, DEFAULT_LANGUAGE, type Language } from './languages.ts';

export const dictionaries: Record<Language, Messages> = { ja, en };

export { format } from './format.ts';
export * from './message.ts';
