/**
 * The orders module's public functions and events, for the other modules (issue 14: a module uses
 * another only through its index). The order record is this module's: its view (presenter), its
 * completion and the completed-order event, the transfer deadline job.
 */
export {
  emitOrderCompleted,
  onOrderCompleted,
  onOrderRefunded,
  type CompletedOrder,
  type OrderCompletedListener,
  type OrderRefundedListener,
  type RefundedOrder,
} from './order-events.ts';
export type { OrderExtras, OrderRow } from './orders.presenter.ts';
export { findRequestPurchase } from './orders.repository.ts';
export { assertRefundAllowed } from './refund-limit.ts';
export {
  CANCEL_TRANSFER_JOB,
  completePendingOrder,
  orderView,
  orderViews,
  refund,
} from './orders.service.ts';
export {
  orderWhat,
  paymentReceivedMail,
  shopOrderConfirmedMail,
  transferInstructionsMail,
  transferReminderMail,
  type MailBankAccount,
} from './orders.mails.ts';
