/**
 * The certificate expiries module's public functions (through the index only): its routes and jobs, and
 * the dashboard's count of certificates ending within 6 months.
 */
export { registerExpiries } from './expiries.routes.ts';
export { countExpiringCertificates } from './expiries.service.ts';
