import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The portal's messages and the host view's (`h`, office.people.host.*) in the chosen language. The office
 * dictionaries come with the host view's chunks only, never with the first visit.
 */
export function useHostI18n() {
  const i18n = useI18n();
  return { ...i18n, h: (i18n.lang === 'en' ? officeEn : officeJa).people.host };
}

export const HOST_KEY = ['host'] as const;
