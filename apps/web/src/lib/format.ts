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

/**
 * YYYY/MM/DD HH:mm (with `seconds`, HH:mm:ss) in Japan time, by the same arithmetic (no Intl formatter
 * to make); '' for no value or one that is not a date.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return japanDateTime(at, options).replaceAll('-', '/');
}

/** HH:mm in Japan time ('' as formatDateTime). */
export function formatTime(value: string | Date | null | undefined): string {
  return formatDateTime(value).slice(11);
}

/** YYYY.MM.DD (news and documents). */
export function formatNewsDate(value: string | Date): string {
  const { y, m, d } = parts(value);
  return `${y}.${m}.${d}`;
}

/**
 * A whole number with a comma every three digits, as ja-JP's number format writes it (12,345; -1,234), without
 * an Intl formatter: the first one made for ja-JP loads the locale's data, about 12 ms on a phone (46–51 ms at
 * Lighthouse's 4× CPU, in the home page's task that draws the course cards; decision 057). Amounts are integer
 * yen; anything else goes to the formatter, made on first use.
 */
let numberFormat: Intl.NumberFormat | undefined;
export const formatCount = (value: number): string =>
  Number.isSafeInteger(value)
    ? String(value).replace(/\B(?=(\d{3})+$)/g, ',')
    : (numberFormat ??= new Intl.NumberFormat('ja-JP')).format(value);
const yen = formatCount;
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
