import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and the inboxes' (`x`, office.inbox.*) in the chosen language. The office
 * dictionaries come with the console's chunks only, never with the first visit.
 */
export function useInboxI18n() {
  const i18n = useI18n();
  return { ...i18n, x: (i18n.lang === 'en' ? officeEn : officeJa).inbox };
}

export const INBOX_KEY = ['office-inbox'] as const;

/** YYYY/MM/DD HH:MM in Japan time (the shared formatter, for the inboxes' pages). */
export { formatDateTime } from '../../lib/format.ts';

// Filled, dark shades: white text keeps 4.5:1.
export const CONTACT_STATUS_COLORS = {
  new: 'red.9',
  in_progress: 'blue.9',
  answered: 'teal.9',
  closed: 'gray.8',
} as const;

export const OUTBOX_STATUS_COLORS = {
  queued: 'blue.9',
  kept: 'gray.8',
  sent: 'teal.9',
  failed: 'red.9',
} as const;
