import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';

/**
 * Attendance codes: 128 random bits stored on the enrolment (enrollments.attendance_code), shown as
 * a ticket token `<enrolment id>.<code>.<signature>` where the signature is an HMAC-SHA256 (first
 * 128 bits) over the id and the code with a server secret. A forged or altered token fails the
 * signature before any lookup; a copied one still needs the stored code to match.
 */

/**
 * The signing key: from APP_SECRET or the random secret server.ts keeps in DATA_DIR/app-secret; only
 * a configuration without either (tests) falls back to a key derived from the configuration.
 */
export function attendanceSecret(config: Config): Buffer {
  if (config.appSecret)
    return createHash('sha256').update(`mels-attendance-v1\u0000${config.appSecret}`).digest();
  return createHash('sha256')
    .update(
      [
        'mels-attendance-v1',
        config.stripe?.secretKey ?? '',
        config.databaseUrl ?? '',
        config.dataDir,
        config.publicUrl,
      ].join('\u0000'),
    )
    .digest();
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
  secret: Buffer,
  scanned: string,
): { enrollmentId: number; code: string } | null {
  const token = scanned.trim().split('/').pop() ?? '';
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, idText = '', code = '', signature = ''] = match;
  const enrollmentId = Number(idText);
  const expected = Buffer.from(sign(secret, enrollmentId, code));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { enrollmentId, code };
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
