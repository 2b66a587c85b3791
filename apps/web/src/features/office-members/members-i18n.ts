import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages, the console's (`o`) and the members' (`x`, office.members.*) in the chosen
 * language. The office dictionaries come with the console's chunks only, never with the first visit.
 */
export function useMembersI18n() {
  const i18n = useI18n();
  const o = i18n.lang === 'en' ? officeEn : officeJa;
  return { ...i18n, o, x: o.members };
}

export const MEMBERS_KEY = ['office-members'] as const;

/** YYYY/MM/DD HH:MM in Japan time (the shared formatter, for the members' pages). */
export { formatDateTime } from '../../lib/format.ts';

/** YYYY-MM-DD → YYYY/MM/DD. */
export const formatDay = (day: string) => day.slice(0, 10).replaceAll('-', '/');

// Filled, dark shades: white text keeps 4.5:1.
export const MEMBER_STATUS_COLORS = {
  active: 'teal.9',
  deactivated: 'orange.9',
  erased: 'gray.8',
} as const;
