/** The certificates module's public functions, for the other modules (issue 14: through the index only). */
export { viewLink } from './certificates.service.ts';
