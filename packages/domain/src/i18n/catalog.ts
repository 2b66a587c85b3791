import { accountSecurityEn } from './account-security-en.ts';
import { accountSecurityJa } from './account-security-ja.ts';
import { claimEn } from './claim-en.ts';
import { claimJa } from './claim-ja.ts';
import { duplicateChargesEn } from './duplicate-charges-en.ts';
import { duplicateChargesJa } from './duplicate-charges-ja.ts';
import { en } from './en.ts';
import { formsEn } from './forms-en.ts';
import { formsJa } from './forms-ja.ts';
import { instructorDocsEn } from './instructor-docs-en.ts';
import { instructorDocsJa } from './instructor-docs-ja.ts';
import { instructorEn } from './instructor-en.ts';
import { instructorJa } from './instructor-ja.ts';
import { ja } from './ja.ts';
import { resolveMessage } from './message.ts';
import { officeEn } from './office-en.ts';
import { officeJa } from './office-ja.ts';
import { paymentMailsEn } from './payment-mails-en.ts';
import { paymentMailsJa } from './payment-mails-ja.ts';
import { renewalMailsEn } from './renewal-mails-en.ts';
import { renewalMailsJa } from './renewal-mails-ja.ts';
import { sessionPaymentEn } from './session-payment-en.ts';
import { sessionPaymentJa } from './session-payment-ja.ts';

/**
 * Every dictionary under one root per language: the tree a message key is a path of ('forms.users.emailTaken',
 * 'office.trail.system', 'validation.required'). The server resolves keys in it; the browser resolves in the
 * part it has loaded (the first visit's dictionary plus the page's own), so the web's entry never imports this.
 */
const catalogJa = {
  ...ja,
  forms: formsJa,
  claim: claimJa,
  accountSecurity: accountSecurityJa,
  sessionPayment: sessionPaymentJa,
  instructorDocs: instructorDocsJa,
  instructor: instructorJa,
  paymentMails: paymentMailsJa,
  renewalMails: renewalMailsJa,
  duplicateCharges: duplicateChargesJa,
  office: officeJa,
};
export type Catalog = typeof catalogJa;

export const catalogs: Readonly<Record<'ja' | 'en', Catalog>> = {
  ja: catalogJa,
  en: {
    ...en,
    forms: formsEn,
    claim: claimEn,
    accountSecurity: accountSecurityEn,
    sessionPayment: sessionPaymentEn,
    instructorDocs: instructorDocsEn,
    instructor: instructorEn,
    paymentMails: paymentMailsEn,
    renewalMails: renewalMailsEn,
    duplicateCharges: duplicateChargesEn,
    office: officeEn,
  } as Catalog,
};

/** A message (key with parameters, or a plain text) in the given language. */
export function translate(text: string, lang: 'ja' | 'en'): string {
  return resolveMessage(text, catalogs[lang]);
}

type KeyTree<T> = { readonly [K in keyof T]: T[K] extends string ? string : KeyTree<T[K]> };

function keyTree<T>(node: T, prefix: string): KeyTree<T> {
  if (typeof node === 'string') return prefix as KeyTree<T>;
  return Object.fromEntries(
    Object.entries(node as object).map(([k, v]) => [k, keyTree(v, prefix ? `${prefix}.${k}` : k)]),
  ) as KeyTree<T>;
}

/**
 * The catalog's shape with every text replaced by its key: the server's services throw `K.learning.api.x`
 * (a key), and the error handler answers it in the request's language.
 */
export const K: KeyTree<Catalog> = keyTree(catalogJa, '');
