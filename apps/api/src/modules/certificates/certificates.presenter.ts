import type { CertificatePreview, CertificateVerify } from '@mels/domain';
import type { CertificateRow } from './certificates.repository.ts';

/** POST …/certificates/preview: the member's certificate with its signed view link and public check URL. */
export function presentPreview(
  cert: CertificateRow,
  links: { link: string; verifyUrl: string },
): CertificatePreview {
  return {
    id: cert.id,
    name: cert.certificateNumber,
    link: links.link,
    certificate_number: cert.certificateNumber,
    start_date: cert.startDate,
    end_date: cert.endDate,
    verify_url: links.verifyUrl,
  };
}

/** GET /certificates/verify/{code}: public; the holder's name, the course and the dates, nothing else. */
export function presentVerify(
  row: { certificate: CertificateRow; courseName: string },
  status: CertificateVerify['status'],
): CertificateVerify {
  const c = row.certificate;
  return {
    status,
    holder_name: c.holderName,
    holder_name_alpha: c.holderNameAlpha,
    course_name: row.courseName,
    certificate_number: c.certificateNumber,
    issued_on: c.startDate,
    valid_until: c.endDate,
    revoked_at: c.revokedAt ? c.revokedAt.toISOString() : null,
  };
}
