import { japanDateTime, postalCodeText } from '@mels/domain';

/**
 * Year, month and day in Japan time, written as digits. Japan's offset has been +09:00 all year since 1951, so
 * this is arithmetic (the domain's japanDateTime) rather than an Intl formatter: making one for Asia/Tokyo
 * costs about 13 ms on a phone's first page (50 ms at Lighthouse's 4× CPU), in the entry's first task
 * (issue 20). A calendar date (YYYY-MM-DD) is that day.
 */
function parts(value: string | Date) {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+09:00`)
      : new Date(value);
  const [y = '', m = '', d = ''] = japanDateTime(date).slice(0, 10).split('-');
  return { y, m, d };
}

/** YYYY/MM/DD in Japan time. */
export function formatDate(value: string | Date): string {
  const { y, m, d } = parts(value);
  return `${y}/${m}/${d}`;
}

/** YYYY.MM.DD (news and documents). */
export function formatNewsDate(value: string | Date): string {
  const { y, m, d } = parts(value);
  return `${y}.${m}.${d}`;
}

/** Its formatter is made on first use (one costs milliseconds to make; most first pages show no amount). */
let yenFormat: Intl.NumberFormat | undefined;
const yen = (amount: number) => (yenFormat ??= new Intl.NumberFormat('ja-JP')).format(amount);
let moneyStyle: 'ja' | 'en' = 'ja';

/** The interface language of amounts, set by the i18n provider when the language changes. */
export function setMoneyLanguage(lang: 'ja' | 'en') {
  moneyStyle = lang;
}

/** 12,345円 in Japanese, ¥12,345 in English. */
export function formatYen(amount: number): string {
  if (moneyStyle === 'en') return amount < 0 ? `-¥${yen(-amount)}` : `¥${yen(amount)}`;
  return `${yen(amount)}円`;
}

/** 〒 style postal code: 5300001 → 530-0001 (anything else is shown as it is). */
export const formatPostalCode = postalCodeText;

/** Today in Japan as YYYY-MM-DD. */
export function todayInJapan(now: Date = new Date()): string {
  return formatDate(now).replaceAll('/', '-');
}
