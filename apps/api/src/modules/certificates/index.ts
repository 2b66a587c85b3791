/**
 * The certificates module's public functions, for the other modules (issue 14: a module uses another
 * only through its index): issuing one (the survey's last step), its holder's names, the signed view
 * link, the course's certification period, its mail, and the routes (registered with the learning steps).
 */
export { certificateIssuedMail } from './certificates.mails.ts';
// The renewed certificate of a basic-instructor certificate (decision 034): the member's renewal and the office's by hand.
export {
  extendCertificate,
  type ExtendCertificateInput,
  type ExtendCertificateResult,
  RENEWED_CERTIFICATE_TYPE,
} from './certificate-extension.ts';
// The certificate PDF's drawing helpers (Japanese font shared per process, QR code), for the performance certificate.
export { drawQr, fitSize, jaDay, NO_FEATURES, useJapaneseFont } from './certificate-pdf.ts';
export { findCertificationPeriod } from './certificates.repository.ts';
export { registerCertificates } from './certificates.routes.ts';
export {
  holderNames,
  issueCertificate,
  publicOrigin,
  renderPdf,
  verifyUrl,
  viewLink,
} from './certificates.service.ts';
export { issueRequestCertificate, type RequestCertificateInput } from './request-certificate.ts';
