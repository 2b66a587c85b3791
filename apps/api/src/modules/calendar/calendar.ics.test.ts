import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './calendar.ics.ts';

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['crlf\r\nline', 'crlf\\nline'],
  ])('%j → %j', (input, output) => {
    expect(escapeText(input)).toBe(output);
  });
});

describe('foldLine (RFC 5545 §3.1)', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');
  it.each([
    ['short ASCII', 'SUMMARY:short'],
    ['long ASCII', `DESCRIPTION:${'x'.repeat(200)}`],
    ['long Japanese (3 octets a character)', `SUMMARY:${'講習会'.repeat(40)}`],
    ['mixed', `LOCATION:${'会場 Tokyo, '.repeat(20)}`],
  ])('%s: lines of at most 75 octets, unfolding gives the line back', (_, line) => {
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.every((part) => octets(part) <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replaceAll('\r\n ', '')).toBe(line);
  });
});
