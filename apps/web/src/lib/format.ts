import { postalCodeText, TIME_ZONE } from '@mels/domain';

const dateParts = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function parts(value: string | Date) {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+09:00`)
      : new Date(value);
  const p = Object.fromEntries(dateParts.formatToParts(date).map((x) => [x.type, x.value]));
  return { y: p.year ?? '', m: p.month ?? '', d: p.day ?? '' };
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

const yen = new Intl.NumberFormat('ja-JP');
let moneyStyle: 'ja' | 'en' = 'ja';

/** The interface language of amounts, set by the i18n provider when the language changes. */
export function setMoneyLanguage(lang: 'ja' | 'en') {
  moneyStyle = lang;
}

/** 12,345円 in Japanese, ¥12,345 in English. */
export function formatYen(amount: number): string {
  if (moneyStyle === 'en') return amount < 0 ? `-¥${yen.format(-amount)}` : `¥${yen.format(amount)}`;
  return `${yen.format(amount)}円`;
}

/** 〒 style postal code: 5300001 → 530-0001 (anything else is shown as it is). */
export const formatPostalCode = postalCodeText;

/** Today in Japan as YYYY-MM-DD. */
export function todayInJapan(now: Date = new Date()): string {
  return formatDate(now).replaceAll('/', '-');
}
