import { renewalEn, renewalJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/** The portal's messages and those of the certificate renewal (`r`) in the chosen language. */
export function useRenewalI18n() {
  const i18n = useI18n();
  return { ...i18n, r: i18n.lang === 'en' ? renewalEn : renewalJa };
}
