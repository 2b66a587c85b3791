/**
 * The certificate of an approved instructor certification request (certificate_type 2, decision 029):
 * no session, numbered on the course's prefix, valid from the day of approval for the course's
 * certification period, with its public verification code. Run inside the approval's transaction.
 */
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { audit, type CertificateRow, insertCertificate, nextNumber } from './certificates.repository.ts';
import { certificateNumber, newVerificationCode, validUntil } from './certificates.service.ts';

export const INSTRUCTOR_CERTIFICATE_TYPE = 2;

export type RequestCertificateInput = {
  requestId: number;
  userId: number;
  courseId: number;
  prefix: string;
  /** The course's certification period in years; null: no end date. */
  period: number | null;
  holderName: string;
  holderNameAlpha: string | null;
  /** The office member who approved (the audit row's actor). */
  actorUserId: number;
  now: Date;
};

export async function issueRequestCertificate(
  tx: Executor,
  input: RequestCertificateInput,
): Promise<CertificateRow> {
  const n = await nextNumber(tx, input.prefix);
  const startDate = tokyoDate(input.now);
  const row = await insertCertificate(tx, {
    userId: input.userId,
    courseId: input.courseId,
    trainingId: null,
    enrollmentId: null,
    certificateType: INSTRUCTOR_CERTIFICATE_TYPE,
    certificateNumber: certificateNumber(input.prefix, n),
    verificationCode: newVerificationCode(),
    holderName: input.holderName,
    holderNameAlpha: input.holderNameAlpha,
    startDate,
    endDate: input.period ? validUntil(startDate, input.period) : null,
    createdAt: input.now,
  });
  await audit(
    tx,
    {
      actorUserId: input.actorUserId,
      action: 'certificate.issue',
      entity: 'certificate',
      entityId: row.id,
      data: { number: row.certificateNumber, request_id: input.requestId },
    },
    input.now,
  );
  return row;
}
