import { japanDateTime, TIME_ZONE, type Language } from '@mels/domain';

/** Who a member's mail is for: the address, the names and the language of the mail. */
export type MailReader = {
  email: string;
  lastName: string;
  firstName: string;
  lastNameAlpha: string;
  firstNameAlpha: string;
  language: Language;
};

/** The reader as a member's mail addresses them: '山田 花子 様' / 'Dear Hanako Yamada,'. */
export function greeting(reader: MailReader): string {
  if (reader.language === 'en') {
    const alpha = `${reader.firstNameAlpha} ${reader.lastNameAlpha}`.trim();
    return `Dear ${alpha || `${reader.lastName} ${reader.firstName}`},`;
  }
  return `${reader.lastName} ${reader.firstName} 様`;
}

const grouped = new Intl.NumberFormat('ja-JP');

/** 3,800円 in Japanese, ¥3,800 in English (as the web shows amounts). */
export function mailYen(amount: number, language: Language): string {
  return language === 'en' ? `¥${grouped.format(amount)}` : `${grouped.format(amount)}円`;
}

// Formatters are built once: building one takes longer than formatting (about 5 % of the server's time
// while the application mails of a rush are sent, issue 20).
const dayEn = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const weekdayJa = new Intl.DateTimeFormat('ja-JP', { timeZone: TIME_ZONE, weekday: 'short' });
const instantDayEn = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A 'YYYY-MM-DD' date: 2026/07/10（金） or Fri, 10 July 2026. */
export function mailDate(date: string, language: Language): string {
  const d = new Date(`${date}T00:00:00+09:00`);
  if (Number.isNaN(d.getTime())) return date;
  return language === 'en' ? dayEn.format(d) : `${date.replaceAll('-', '/')}（${weekdayJa.format(d)}）`;
}

/** An instant in Japan time: 2026/07/10 23:59 or 10 July 2026, 23:59 (Japan time). */
export function mailDateTime(at: Date, language: Language): string {
  const japan = japanDateTime(at);
  if (language === 'en') return `${instantDayEn.format(at)}, ${japan.slice(11)} (Japan time)`;
  return japan.replaceAll('-', '/');
}

/** 'HH:MM:SS' → 'HH:MM'. */
export function mailTime(time: string): string {
  return time.slice(0, 5);
}
