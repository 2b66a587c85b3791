import { claimEn, claimJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of データ移行 (`c`) in the chosen language. The claim messages
 * come with these pages' own chunks, so the first visit's JavaScript stays within its budget.
 */
export function useClaimI18n() {
  const i18n = useI18n();
  return { ...i18n, c: i18n.lang === 'en' ? claimEn : claimJa };
}
