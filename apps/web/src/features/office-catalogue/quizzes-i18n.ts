import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/** The test and survey editors' words (office.quizzes.*) in the chosen language, with the portal's. */
export function useQuizzesI18n() {
  const i18n = useI18n();
  return { ...i18n, q: (i18n.lang === 'en' ? officeEn : officeJa).quizzes };
}

export const QUIZZES_KEY = ['office-quizzes'] as const;

/** Moves an item of a list from one place to another (a drop, or one step up/down). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

let serial = 0;
/** A key for a row the browser made (React's list key; never sent). */
export const rowKey = () => `row-${(serial += 1)}`;
