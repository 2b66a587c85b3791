import { instructorEn, instructorJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and those of the instructor tab, the performance certificate and rank-up
 * requests (`m`) in the chosen language; they come with these pages' own chunks.
 */
export function useInstructorI18n() {
  const i18n = useI18n();
  return { ...i18n, m: i18n.lang === 'en' ? instructorEn : instructorJa };
}
