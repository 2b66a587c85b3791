/** The office module's public functions, for the other modules (issue 14: through the index only): its mails. */
export { assistantApprovedMail, assistantRejectedMail } from './office.mails.ts';
/** The session workflow's check-in and roster, reused by a host's view with its scope (decision 041). */
export { checkIn, roster, type SessionScope } from './office.service.ts';
