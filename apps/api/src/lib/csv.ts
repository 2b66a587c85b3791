/**
 * CSV for Excel (the office's downloads): one cell quoted when it holds a comma, quote or line break,
 * and defused when it starts like a formula (= + - @ tab CR: a leading quote makes Excel read text).
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: UTF-8 with a BOM (so Excel reads Japanese), CRLF line ends and a final CRLF. */
export function csvFile(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
