/**
 * The notifications module's public functions, for the other modules (issue 14: a module uses another
 * only through its index): queue a member's mail in the transaction of the change, or mail a member now.
 */
export {
  applicationMailJobs,
  queueApplicationMail,
  queueAssistantApprovedMail,
  queueAssistantRejectedMail,
  queueCertificateMail,
  queueTicketMails,
  queueTransferMails,
} from './notifications.queue.ts';
export { mailMember } from './notifications.service.ts';
