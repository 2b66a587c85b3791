import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ASSOCIATION_NAME_JA,
  type CertificatePreview,
  certificateStatus,
  type CertificateVerify,
  STEP_STATUS,
  WORKFLOW_STEP,
  K,
} from '@mels/domain';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import { attendanceSecret, attendanceSecrets } from '../enrollments/index.ts';
import { learningContext, lockEnrollment, ownEnrollment } from '../learning/index.ts';
import { queueCertificateMail } from '../notifications/index.ts';
import { renderCertificate } from './certificate-pdf.ts';
import { presentPreview, presentVerify } from './certificates.presenter.ts';
import {
  audit,
  type CertificateRow,
  findByCode,
  findByEnrollment,
  findById,
  findCertificationPeriod,
  findPrintData,
  findSessionDate,
  insertCertificate,
  nextNumber,
  revoke,
} from './certificates.repository.ts';

const m = K.learning.api;

/** How long a preview link (for the <iframe>) stays valid. */
export const VIEW_LINK_SECONDS = 15 * 60;

/** 128 + 16 random bits, url-safe (24 characters): the public verification code. */
export function newVerificationCode(): string {
  return randomBytes(18).toString('base64url');
}

/** prefix + '-' + six-digit sequence: B-000012. */
export function certificateNumber(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}

/** The last day of validity: N years from the first day, minus one day (2026-11-22 + 5 → 2031-11-21). */
export function validUntil(startDate: string, years: number): string {
  const [y, mo, d] = startDate.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + years, mo - 1, d) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

type IssueInput = {
  enrollmentId: number;
  userId: number;
  trainingId: number;
  courseId: number;
  prefix: string | null;
  period: number | null;
  holderName: string;
  holderNameAlpha: string | null;
};

/**
 * Issues the certificate of a completed enrolment, once: the enrolment row is locked, an existing
 * certificate is returned as it is, otherwise the prefix's counter is advanced (one atomic upsert) and
 * the row written, all in the caller's transaction. A course without a prefix issues none (null).
 */
export async function issueCertificate(
  tx: Executor,
  input: IssueInput,
  now: Date,
): Promise<CertificateRow | null> {
  await lockEnrollment(tx, input.enrollmentId);
  const existing = await findByEnrollment(tx, input.enrollmentId);
  if (existing) return existing;
  if (!input.prefix) return null;
  const n = await nextNumber(tx, input.prefix);
  // Never before the session's day (the database refuses it: migration 0009): a survey finished within
  // the check-in margin before midnight still dates the certificate on the session's date.
  const today = tokyoDate(now);
  const sessionDate = await findSessionDate(tx, input.trainingId);
  const startDate = sessionDate && sessionDate > today ? sessionDate : today;
  const row = await insertCertificate(tx, {
    userId: input.userId,
    courseId: input.courseId,
    trainingId: input.trainingId,
    enrollmentId: input.enrollmentId,
    certificateType: 0,
    certificateNumber: certificateNumber(input.prefix, n),
    verificationCode: newVerificationCode(),
    holderName: input.holderName,
    holderNameAlpha: input.holderNameAlpha,
    startDate,
    endDate: input.period ? validUntil(startDate, input.period) : null,
    createdAt: now,
  });
  await audit(
    tx,
    {
      actorUserId: input.userId,
      action: 'certificate.issue',
      entity: 'certificate',
      entityId: row.id,
      data: { number: row.certificateNumber, enrollment_id: input.enrollmentId },
    },
    now,
  );
  await queueCertificateMail(tx, { certificateId: row.id, now });
  return row;
}

export function holderNames(user: {
  lastName: string;
  firstName: string;
  lastNameAlpha: string;
  firstNameAlpha: string;
}) {
  const alpha = `${user.firstNameAlpha} ${user.lastNameAlpha}`.trim();
  return { holderName: `${user.lastName} ${user.firstName}`.trim(), holderNameAlpha: alpha || null };
}

export type Caller = { trainingId: number; userTypeId: number; userId: number; now: Date };

/** The caller's certificate of this session: completion (12) required; issued on first use. */
async function ownCertificate(db: Database, c: Caller): Promise<CertificateRow> {
  const ctx = await learningContext(
    db,
    c.trainingId,
    c.userTypeId,
    c.userId,
    WORKFLOW_STEP.surveyAndCertificate,
    c.now,
  );
  const enrollment = ownEnrollment(ctx);
  if (enrollment.status !== STEP_STATUS.completed || ctx.cancelled)
    throw new ApiError(409, 'NG_CERTIFICATE_NOT_CREATED', m.certificateNotReady);
  const existing = await findByEnrollment(db, enrollment.id);
  if (existing) return existing;
  if (!ctx.r.certificatePrefix)
    throw new ApiError(400, 'NG_CERTIFICATE_NOT_CREATED', m.certificateCannotIssue);
  const period = await findCertificationPeriod(db, ctx.r.courseId);
  const row = await db.transaction((tx) =>
    issueCertificate(
      tx,
      {
        enrollmentId: enrollment.id,
        userId: c.userId,
        trainingId: c.trainingId,
        courseId: ctx.r.courseId,
        prefix: ctx.r.certificatePrefix,
        period,
        ...holderNames(ctx.user),
      },
      c.now,
    ),
  );
  if (!row) throw new ApiError(400, 'NG_CERTIFICATE_NOT_CREATED', m.certificateCannotIssue);
  return row;
}

// ───────────────────────────── signed view links ─────────────────────────────

function viewKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('mels-certificate-view-v1').digest();
}

function signView(secret: Buffer, id: number, expires: number): string {
  return createHmac('sha256', viewKey(secret))
    .update(`${id}.${expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function viewLink(config: Config, id: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + VIEW_LINK_SECONDS;
  const signature = signView(attendanceSecret(config), id, expires);
  // The fragment asks the browser's PDF viewer to hide its toolbar (spec: a frame without the toolbar).
  return `/api/v1/certificates/${id}/view?expires=${expires}&signature=${signature}#toolbar=0&navpanes=0`;
}

/** Any key that still verifies (a rotated one within its grace period) makes the link valid. */
export function checkViewLink(
  config: Config,
  id: number,
  expires: number,
  signature: string,
  now: Date,
): void {
  const given = Buffer.from(signature);
  const valid = attendanceSecrets(config).some((secret) => {
    const expected = Buffer.from(signView(secret, id, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) throw notFound(m.certificateNotFound);
  if (expires * 1000 < now.getTime()) throw new ApiError(410, 'LINK_EXPIRED', m.certificateLinkExpired);
}

/**
 * The origin printed in the QR code and shown as the verification URL: PUBLIC_URL when it is set, else
 * (the default http://localhost:PORT) the origin the request came to, so a server reached under another
 * name or port still prints a link that works.
 */
export function publicOrigin(config: Config, request?: { protocol: string; host: string }): string {
  const isDefault = config.publicUrl === `http://localhost:${config.port}`;
  return isDefault && request?.host ? `${request.protocol}://${request.host}` : config.publicUrl;
}

export const verifyUrl = (origin: string, code: string) => `${origin}/verify/${code}`;

// ───────────────────────────── calls ─────────────────────────────

/** POST …/certificates/preview */
export async function preview(
  db: Database,
  config: Config,
  c: Caller,
  origin: string,
): Promise<CertificatePreview> {
  const cert = await ownCertificate(db, c);
  return presentPreview(cert, {
    link: viewLink(config, cert.id, c.now),
    verifyUrl: verifyUrl(origin, cert.verificationCode),
  });
}

export async function renderPdf(db: Executor, origin: string, id: number, now: Date) {
  const row = await findPrintData(db, id);
  if (!row) throw notFound(m.certificateNotFound);
  const c = row.certificate;
  // A revoked certificate is not printed again (the spec's 'cannot issue now' answer, a 400).
  if (c.revokedAt) throw new ApiError(400, 'CERTIFICATE_REVOKED', m.certificateCannotIssue);
  const venue = row.venueName ? `${row.venueName}（${row.venue ?? ''}）` : '';
  const pdf = await renderCertificate({
    number: c.certificateNumber,
    holderName: c.holderName,
    holderNameAlpha: c.holderNameAlpha,
    courseName: row.courseName,
    sessionName: row.sessionName ?? '',
    sessionDate: row.eventDate ?? c.startDate,
    venue,
    startDate: c.startDate,
    endDate: c.endDate,
    issuedOn: c.createdAt ? tokyoDate(c.createdAt) : tokyoDate(now),
    association: ASSOCIATION_NAME_JA,
    verifyUrl: verifyUrl(origin, c.verificationCode),
    // An approved instructor certification request (certificate_type 2, decision 029) is a 認定証.
    // A renewed one (type 3, decision 034) too.
    kind: c.certificateType === 2 || c.certificateType === 3 ? 'certification' : 'completion',
  });
  return { pdf, fileName: `certificate_${c.certificateNumber}.pdf` };
}

/** POST …/certificates/download: the caller's certificate of this session (an id of someone else's → 404). */
export async function download(db: Database, origin: string, c: Caller, id: number | undefined) {
  const cert = await ownCertificate(db, c);
  if (id !== undefined && id !== cert.id) throw notFound(m.certificateNotFound);
  return renderPdf(db, origin, cert.id, c.now);
}

/** GET /certificates/verify/{code}: public; the holder's name, the course and the dates, nothing else. */
export async function verify(db: Executor, code: string, now: Date): Promise<CertificateVerify> {
  const row = await findByCode(db, code);
  if (!row) throw notFound(m.verifyNotFound);
  return presentVerify(row, certificateStatus(row.certificate, tokyoDate(now)));
}

/** POST /office/certificates/{id}/revoke */
export async function revokeCertificate(
  db: Database,
  id: number,
  actorUserId: number,
  reason: string | undefined,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const existing = await findById(tx, id);
    if (!existing) throw notFound(m.certificateNotFound);
    const row = await revoke(tx, id, now);
    if (!row) throw conflict(m.alreadyRevoked, 'ALREADY_REVOKED');
    await audit(
      tx,
      {
        actorUserId,
        action: 'certificate.revoke',
        entity: 'certificate',
        entityId: id,
        data: { reason: reason ?? null },
      },
      now,
    );
    return { id, revoked_at: (row.revokedAt ?? now).toISOString() };
  });
}
