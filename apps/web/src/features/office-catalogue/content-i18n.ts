import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/** The portal's messages and the course content tabs' (`cc`, office.courseContent.*) in the chosen language. */
export function useContentI18n() {
  const i18n = useI18n();
  return { ...i18n, cc: (i18n.lang === 'en' ? officeEn : officeJa).courseContent };
}

export const CONTENT_KEY = ['office-course-content'] as const;

/** Moves the item at `from` to `to` (a drag and drop, or one step by the buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}
