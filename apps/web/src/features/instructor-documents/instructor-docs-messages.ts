import { instructorDocsEn, instructorDocsJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of インストラクター資料 (`d`) in the chosen language. The
 * document messages come with these pages' own chunks, so the first visit's JavaScript stays within
 * its budget.
 */
export function useInstructorDocsI18n() {
  const i18n = useI18n();
  return { ...i18n, d: i18n.lang === 'en' ? instructorDocsEn : instructorDocsJa };
}
