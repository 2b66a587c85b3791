import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of the office console (`o`) in the chosen language. The office
 * messages come with the office pages' chunks, so the first visit's JavaScript stays within its budget.
 */
export function useOfficeI18n() {
  const i18n = useI18n();
  return { ...i18n, o: i18n.lang === 'en' ? officeEn : officeJa };
}
