/**
 * Input normalisation a Japanese user expects (issue 3): full-width digits, letters and the symbols of
 * an address or number typed with a Japanese IME become half-width; hiragana in kana fields becomes
 * katakana; text is trimmed (passwords never). The browser applies these on blur, the server again
 * before it validates, through the schemas of schemas/users.ts.
 */

/** Full-width ASCII (U+FF01–U+FF5E) and the ideographic space become their half-width forms. */
export function toHalfWidth(value: string): string {
  return value
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

/**
 * Dashes a Japanese keyboard produces in numbers (長音符 ー, マイナス −, ダッシュ ‐‑‒–—―, 半角長音 ｰ,
 * full-width hyphen) all become '-'.
 */
export function unifyHyphens(value: string): string {
  return value.replace(/[\u2010-\u2015\u2212\u30FC\uFF70\uFF0D\uFE63]/g, '-');
}

/** Trims both ends, the ideographic space included (String.prototype.trim treats U+3000 as space). */
export function trimText(value: string): string {
  return value.trim();
}

/** Email: half-width, trimmed, no inner spaces. Case is kept; accounts compare it case-insensitively. */
export function normalizeEmail(value: string): string {
  return toHalfWidth(value).replace(/\s+/g, '');
}

/** Phone: half-width digits, every dash a '-', no spaces: '０３ー１２３４ー５６７８' → '03-1234-5678'. */
export function normalizePhone(value: string): string {
  return unifyHyphens(toHalfWidth(value)).replace(/\s+/g, '');
}

/** Phone part (one of the three inputs): half-width digits, no spaces or dashes. */
export function normalizePhonePart(value: string): string {
  return normalizePhone(value).replace(/-/g, '');
}

/** Postal code: half-width digits without hyphen, '〒' or spaces: '〒１００－０００１' → '1000001'. */
export function normalizePostalCode(value: string): string {
  return unifyHyphens(toHalfWidth(value)).replace(/[\s\-〒]/g, '');
}

/** Digits of a date typed as YYYYMMDD, YYYY-MM-DD or YYYY/MM/DD (full-width allowed): '1990/01/31' → '19900131'. */
export function normalizeDateDigits(value: string): string {
  return unifyHyphens(toHalfWidth(value)).replace(/[\s\-/.]/g, '');
}

/** Alphabet names: half-width letters, trimmed ('ＹＡＭＡＤＡ' → 'YAMADA'); the case is the user's to fix. */
export function normalizeAlpha(value: string): string {
  return trimText(toHalfWidth(value));
}

/** Hiragana (ぁ–ゖ, ゝゞ) → katakana (ァ–ヶ, ヽヾ); everything else is kept. */
export function hiraganaToKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309D\u309E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/**
 * Kana names: half-width katakana → full-width (NFKC), hiragana → katakana, trimmed:
 * 'やまだ' → 'ヤマダ', 'ﾔﾏﾀﾞ' → 'ヤマダ'.
 */
export function normalizeKana(value: string): string {
  return trimText(hiraganaToKatakana(value.normalize('NFKC')));
}
