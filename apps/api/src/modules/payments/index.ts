/**
 * The payments module's public functions, for the other modules (issue 14: a module uses another only
 * through its index): what a purchase costs and whether it is paid (payable.ts), free and offline
 * (transfer, on-site) orders.
 */
export { claimCode, courseRegistrationFee, findLegacyByCode, paidFor, requestFee } from './payable.ts';
export {
  createFreeOrder,
  createOfflineOrder,
  TRANSFER_DAYS,
  withdrawOfflineOrder,
} from './payments.service.ts';
