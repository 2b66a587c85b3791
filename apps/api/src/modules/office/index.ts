/** The office module's public functions, for the other modules (issue 14: through the index only): its mails. */
export { assistantApprovedMail, assistantRejectedMail } from './office.mails.ts';
