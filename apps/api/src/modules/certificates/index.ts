/** The certificates module's public functions, for the other modules (issue 14: through the index only). */
export { publicOrigin, viewLink } from './certificates.service.ts';
// The certificate PDF's drawing helpers (Japanese font shared per process, QR code), for the performance certificate.
export { drawQr, fitSize, jaDay, NO_FEATURES, useJapaneseFont } from './certificate-pdf.ts';
