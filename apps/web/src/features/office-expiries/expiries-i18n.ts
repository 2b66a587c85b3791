import { officeEn, officeJa } from '@mels/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** The portal's messages and the expiry console's (`x`), in the chosen language (decision 038). */
export function useExpiriesI18n() {
  const i18n = useI18n();
  return { ...i18n, x: (i18n.lang === 'en' ? officeEn : officeJa).expiries };
}

export const EXPIRIES_KEY = ['office-expiries'] as const;

export const fieldError = (error: unknown, field: string) =>
  error instanceof ApiRequestError ? error.errors[field]?.[0] : undefined;
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;
