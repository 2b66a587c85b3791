import type { PaymentMailMessages } from './payment-mails-ja.ts';

/** The member's mails about money, in English (decision 017). */
export const paymentMailsEn: PaymentMailMessages = {
  duplicateRefunded: {
    subject: 'Your second payment has been refunded',
    body: [
      'Dear {0},',
      '',
      'Thank you for using MELS.',
      'We noticed a second card payment for the same application.',
      'The second payment ({2}) has been refunded automatically through your card company.',
      'Only one application stands, order number {1}, and you pay for it once.',
      '',
      'Refund number: {3}',
      'Depending on your card company, the refund may take from a few days to a month to appear on your statement.',
      'There is nothing you need to do. If you have any questions, please contact the office.',
    ].join('\n'),
  },
  unavailableRefunded: {
    subject: 'We could not provide your order and have refunded it',
    body: [
      'Dear {0},',
      '',
      'Thank you for using MELS.',
      'While your payment was being processed, a product you ordered sold out (or was withdrawn from sale), so we could not accept the order.',
      'Your payment ({2}) has been refunded automatically through your card company.',
      '',
      'Refund number: {3}',
      'Depending on your card company, the refund may take from a few days to a month to appear on your statement.',
      'We apologise for the inconvenience. If you have any questions, please contact the office.',
    ].join('\n'),
  },
};
