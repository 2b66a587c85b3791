import type { DuplicateChargesMessages } from './duplicate-charges-ja.ts';

/** The office's list of duplicate charges, in English (decision 017). */
export const duplicateChargesEn: DuplicateChargesMessages = {
  lead: 'When an application is paid by card a second time, the second charge is refunded automatically through the payment service and the member is told by mail. Check any refund that is not complete in the payment service’s dashboard.',
  caption: 'Duplicate charges',
  empty: 'No duplicate charges.',
  chargedAt: 'Charged at',
  person: 'Member',
  amount: 'Refunded',
  kept: 'Order kept',
  refund: 'Refund',
  refundId: 'Refund {0}',
  mailed: '(member mailed)',
  status: {
    waiting: 'Waiting',
    pending: 'In progress',
    requires_action: 'In progress',
    succeeded: 'Refunded',
    failed: 'Failed (check)',
    canceled: 'Not charged',
  },
};
