import { biRequestEn, biRequestJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of the BI certification request (`b`) in the chosen language; they come
 * with these pages' own chunks, not the first visit's dictionaries.
 */
export function useBiI18n() {
  const i18n = useI18n();
  return { ...i18n, b: i18n.lang === 'en' ? biRequestEn : biRequestJa };
}
