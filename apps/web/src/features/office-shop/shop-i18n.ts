import { officeEn, officeJa } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';

/** The portal's messages and the shop console's (`s`, office.shop.*) in the chosen language. */
export function useShopI18n() {
  const i18n = useI18n();
  return { ...i18n, s: (i18n.lang === 'en' ? officeEn : officeJa).shop };
}

export const SHOP_KEY = ['office-shop'] as const;
