/** The certificate renewal module's public functions (through the index only): its routes and the renewed certificate's PDF. */
export { registerRenewals } from './renewals.routes.ts';
export { renewalCertificatePdf } from './renewals.service.ts';
