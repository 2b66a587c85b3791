/**
 * The office's member search (issue 18): what a typed name becomes before it is compared. A name is
 * typed as the office hears it on the phone: kanji or kana, full or half width, hiragana or katakana,
 * with or without the space between family and given name. Stored names are compared without spaces;
 * kana names are stored in katakana (normalizeKana at registration).
 */
import { hiraganaToKatakana, toHalfWidth } from './normalize.ts';

export type MemberNameQuery = {
  /** Compared with the kanji and the alphabet name: NFKC (half-width letters and digits, full-width kana), no spaces. */
  text: string;
  /** Compared with the kana name: the same, hiragana as katakana. */
  kana: string;
};

/** The name a member search looks for; null when nothing searchable is left. */
export function memberNameQuery(raw: string): MemberNameQuery | null {
  const text = toHalfWidth(raw.normalize('NFKC')).replace(/\s+/g, '');
  if (!text) return null;
  return { text, kana: hiraganaToKatakana(text) };
}

/** Digits of a phone number as typed ('０３ー1234' → '031234'): phone numbers are compared digit by digit. */
export function phoneDigits(raw: string): string {
  return toHalfWidth(raw.normalize('NFKC')).replace(/\D/g, '');
}
