/**
 * The users module's public functions, for the other modules (through the index only): the office's
 * reset link and registration-mail resend (issue 18).
 */
export { officeResetLink, resendRegistrationMail, type UsersDeps } from './users.service.ts';
export type { UserRow } from './users.repository.ts';
