import { sessionPaymentEn, sessionPaymentJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of the session fee's payment choice (`p`) in the chosen language;
 * they come with the session pages' chunks, so the first visit's JavaScript stays within its budget.
 */
export function useSessionPaymentI18n() {
  const i18n = useI18n();
  return { ...i18n, p: i18n.lang === 'en' ? sessionPaymentEn : sessionPaymentJa };
}
