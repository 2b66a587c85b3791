import { officeEn, officeJa, TIME_ZONE } from '@mels/domain';
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

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** YYYY/MM/DD HH:MM in Japan time. */
export function formatDateTime(value: string): string {
  const p = Object.fromEntries(dateTime.formatToParts(new Date(value)).map((x) => [x.type, x.value]));
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

/** YYYY-MM-DD → YYYY/MM/DD. */
export const formatDay = (day: string) => day.slice(0, 10).replaceAll('-', '/');

// Filled, dark shades: white text keeps 4.5:1.
export const MEMBER_STATUS_COLORS = {
  active: 'teal.9',
  deactivated: 'orange.9',
  erased: 'gray.8',
} as const;
