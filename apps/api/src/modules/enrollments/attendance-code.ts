import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';

/**
 * Attendance codes: 128 random bits stored on the enrolment (enrollments.attendance_code), shown as
 * a ticket token `<enrolment id>.<code>.<signature>` where the signature is an HMAC-SHA256 (first
 * 128 bits) over the id and the code with a server secret. A forged or altered token fails the
 * signature before any lookup; a copied one still needs the stored code to match.
 */

/**
 * The key that signs now: APP_SECRET's or the database's current one (lib/app-secrets.ts, decision
 * 026; key ids let a rotated key keep verifying for a grace period).
 */
export function attendanceSecret(config: Config): Buffer {
  const first = config.signing.keys[0];
  if (!first) throw new Error('no signing key loaded');
  return first.key;
}

/** Every key that still verifies: the signing one first, then the rotated ones within their grace. */
export function attendanceSecrets(config: Config): Buffer[] {
  return config.signing.keys.map((k) => k.key);
}

export function newAttendanceCode(): string {
  return randomBytes(16).toString('base64url');
}

function sign(secret: Buffer, enrollmentId: number, code: string): string {
  return createHmac('sha256', secret)
    .update(`${enrollmentId}.${code}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function ticketToken(secret: Buffer, enrollmentId: number, code: string): string {
  return `${enrollmentId}.${code}.${sign(secret, enrollmentId, code)}`;
}

export function checkInUrl(config: Config, token: string): string {
  return `${config.publicUrl}/check-in/${token}`;
}

/**
 * Reads what the office scanned or typed: the token itself or the check-in URL holding it. Returns
 * the enrolment id and code when the signature is right, otherwise null.
 */
export function verifyTicketToken(
  secrets: Buffer | Buffer[],
  scanned: string,
): { enrollmentId: number; code: string } | null {
  const token = scanned.trim().split('/').pop() ?? '';
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, idText = '', code = '', signature = ''] = match;
  const enrollmentId = Number(idText);
  const given = Buffer.from(signature);
  const valid = (Array.isArray(secrets) ? secrets : [secrets]).some((secret) => {
    const expected = Buffer.from(sign(secret, enrollmentId, code));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? { enrollmentId, code } : null;
}

/**
 * The reception code (受付コード): the ticket's short form for typing at reception when the QR code
 * cannot be scanned. `<enrolment id in base32>-<6 HMAC characters>`, at most 12 characters
 * (ids below 32⁵ ≈ 33.5 million), e.g. 'C7-K3M9QX'. Crockford's base32 (no I, L, O, U). The HMAC
 * covers the id and the stored attendance code with its own key label, so the code is derived from
 * the signed attendance code, changes with it, and cannot be made without the server's secret (30
 * bits to guess, on an office-only endpoint). The id part makes the lookup one primary-key read.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECEPTION_MAC_LENGTH = 6;

function base32(bytes: Buffer, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= length) break;
  }
  return out;
}

function receptionMac(secret: Buffer, enrollmentId: number, code: string): string {
  const mac = createHmac('sha256', secret).update(`reception.${enrollmentId}.${code}`).digest();
  return base32(mac, RECEPTION_MAC_LENGTH);
}

function idBase32(id: number): string {
  let out = '';
  for (let n = id; n > 0; n = Math.floor(n / 32)) out = `${CROCKFORD[n % 32]}${out}`;
  return out || '0';
}

export function receptionCode(secret: Buffer, enrollmentId: number, code: string): string {
  return `${idBase32(enrollmentId)}-${receptionMac(secret, enrollmentId, code)}`;
}

/**
 * Reads a typed reception code: case, spaces and the hyphen do not matter, and O/I/L read as 0/1/1
 * (Crockford). Returns the enrolment id and the code's MAC part, or null when it cannot be one.
 */
export function parseReceptionCode(typed: string): { enrollmentId: number; mac: string } | null {
  const text = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐-―ー]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{7,11}$/.test(text)) return null;
  const idPart = text.slice(0, -RECEPTION_MAC_LENGTH);
  let enrollmentId = 0;
  for (const c of idPart) enrollmentId = enrollmentId * 32 + CROCKFORD.indexOf(c);
  if (!Number.isSafeInteger(enrollmentId) || enrollmentId < 1) return null;
  return { enrollmentId, mac: text.slice(-RECEPTION_MAC_LENGTH) };
}

/** Whether a parsed reception code belongs to the enrolment's stored attendance code (timing-safe). */
export function receptionCodeMatches(
  secrets: Buffer | Buffer[],
  parsed: { enrollmentId: number; mac: string },
  storedCode: string,
): boolean {
  const given = Buffer.from(parsed.mac);
  return (Array.isArray(secrets) ? secrets : [secrets]).some((secret) => {
    const expected = Buffer.from(receptionMac(secret, parsed.enrollmentId, storedCode));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
