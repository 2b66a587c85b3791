/**
 * The renewal (extension) of a basic-instructor certificate (decision 034): the renewed certificate, a new
 * number on the old one's prefix (certificate_type 3, extended_from_id the old one), valid from the day
 * after the old end date for the renewal course's certification period; the old one is marked is_extended
 * and reads 'renewed' on /verify. Issued once: the old row is locked and only a conditional update marks it
 * (is_extended false, not revoked), and the unique index on extended_from_id (migration 0023) holds the rest.
 * Used by the member's renewal (the test passed) and by the office's extension by hand.
 */
import { BI_PREFIX, certificateYears, renewedValidity } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import {
  audit,
  type CertificateRow,
  findExtensionOf,
  findRenewalPeriod,
  insertCertificate,
  lockCertificateWithPrefix,
  markExtended,
  nextNumber,
} from './certificates.repository.ts';
import { certificateNumber, newVerificationCode } from './certificates.service.ts';

/** certificates.certificate_type of a renewed certificate (spec 001 §9). */
export const RENEWED_CERTIFICATE_TYPE = 3;

const KEY = 'instructor.renewal.api';

export type ExtendCertificateInput = {
  /** The certificate renewed (the old one). */
  certificateId: number;
  /** Who extends it: the member whose renewal is complete, or the office member (the audit row's actor). */
  actorId?: number | null;
  /** The office's reason of an extension by hand (kept in the audit row). */
  reason?: string | null;
  /** The renewal request that issued it, when there is one. */
  requestId?: number | null;
  /**
   * Years of validity; by default the active renewal course's certification period (else the old
   * certificate's own length).
   */
  periodYears?: number | null;
  now: Date;
};

export type ExtendCertificateResult = { certificate: CertificateRow; created: boolean };

/**
 * Issues the renewed certificate of a basic-instructor certificate, in the caller's transaction; when it is
 * already renewed, answers the existing renewed certificate (created false). Refuses a certificate that is
 * missing (404), not basic-instructor or without an end date (422 RENEWAL_NOT_BASIC_INSTRUCTOR) or revoked
 * (409 CERTIFICATE_REVOKED).
 */
export async function extendCertificate(
  tx: Executor,
  input: ExtendCertificateInput,
): Promise<ExtendCertificateResult> {
  const old = await lockCertificateWithPrefix(tx, input.certificateId);
  if (!old) throw notFound();
  if (old.isExtended) {
    const existing = await findExtensionOf(tx, old.id);
    if (existing) return { certificate: existing, created: false };
  }
  if (old.prefix !== BI_PREFIX || old.endDate === null)
    throw new ApiError(422, 'RENEWAL_NOT_BASIC_INSTRUCTOR', `${KEY}.notBasicInstructor`);
  if (old.revokedAt) throw conflict(`${KEY}.revoked`, 'CERTIFICATE_REVOKED');
  if (!(await markExtended(tx, old.id))) throw conflict(`${KEY}.alreadyExtended`, 'ALREADY_EXTENDED');
  const period =
    input.periodYears ?? (await findRenewalPeriod(tx)) ?? certificateYears(old.startDate, old.endDate);
  const validity = renewedValidity(old.endDate, period);
  const n = await nextNumber(tx, old.prefix);
  const row = await insertCertificate(tx, {
    userId: old.userId,
    courseId: old.courseId,
    trainingId: null,
    enrollmentId: null,
    certificateType: RENEWED_CERTIFICATE_TYPE,
    certificateNumber: certificateNumber(old.prefix, n),
    verificationCode: newVerificationCode(),
    holderName: old.holderName,
    holderNameAlpha: old.holderNameAlpha,
    startDate: validity.startDate,
    endDate: validity.endDate,
    extendedFromId: old.id,
    createdAt: input.now,
  });
  await audit(
    tx,
    {
      actorUserId: input.actorId ?? null,
      action: 'certificate.extend',
      entity: 'certificate',
      entityId: row.id,
      data: {
        number: row.certificateNumber,
        extended_from: old.certificateNumber,
        request_id: input.requestId ?? null,
        reason: input.reason ?? null,
      },
    },
    input.now,
  );
  return { certificate: row, created: true };
}
