import { japanDateTime, officeEn, officeJa } from '@mels/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and the page editor's (`p`, office.pages.*) in the chosen language. The office
 * dictionaries come with the console's chunks only, never with the first visit.
 */
export function usePagesI18n() {
  const i18n = useI18n();
  const o = i18n.lang === 'en' ? officeEn : officeJa;
  return { ...i18n, o, p: o.pages };
}

export const PAGES_KEY = ['office-pages'] as const;

/** The kinds of content edited in a form of their own. */
export const KINDS = ['news', 'faqs', 'abouts', 'flows', 'documents'] as const;
export type Kind = (typeof KINDS)[number];

/** The server's field messages, empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiRequestError ? error.errors : {};
}

/** The failure's message (the server's, in the interface's language), or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** An instant as Japan time 'YYYY-MM-DDTHH:MM' (a datetime-local input's value). */
export function japanLocal(iso: string | Date): string {
  return japanDateTime(new Date(iso)).replace(' ', 'T');
}

/** An instant as 'YYYY/MM/DD HH:MM' in Japan time. */
export function formatJapan(iso: string): string {
  return japanLocal(iso).replace('T', ' ').replace(/-/g, '/');
}
