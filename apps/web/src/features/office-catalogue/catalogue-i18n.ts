import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and the catalogue console's (`c`, office.catalogue.*) in the chosen language. The
 * office dictionaries come with the console's chunks only, never with the first visit.
 */
export function useCatalogueI18n() {
  const i18n = useI18n();
  return { ...i18n, c: (i18n.lang === 'en' ? officeEn : officeJa).catalogue };
}

export const CATALOGUE_KEY = ['office-catalogue'] as const;
