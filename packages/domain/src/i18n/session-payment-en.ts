import type { SessionPaymentMessages } from './session-payment-ja.ts';

export const sessionPaymentEn: SessionPaymentMessages = {
  method: {
    title: 'How would you like to pay?',
    lead: 'This session accepts the following payment methods. You can change your choice until you have paid.',
    legend: 'Payment method',
    current: 'Chosen payment method: {0}',
    submit: 'Continue with this method',
    change: 'Change the payment method',
    keep: 'Keep it',
    required: 'Choose a payment method.',
    names: { 1: 'Credit card', 2: 'Bank transfer', 3: 'Pay on site' } as Record<number, string>,
    descriptions: {
      1: 'Pay by credit card on this page. Your ticket is issued as soon as the payment is complete.',
      2: "Transfer {1} to the association's account within {0} days. Your ticket is issued once the office has confirmed the payment.",
      3: 'Pay {0} at reception on the day of the session. Your ticket is issued when you accept the notes.',
    } as Record<number, string>,
  },
  transfer: {
    title: 'Transfer to',
    lead: 'Please transfer the amount to the account below. Your ticket is issued once the office has confirmed the payment.',
    amount: 'Amount',
    deadline: 'Deadline',
    deadlineNotSet: 'Within {0} days of applying',
    bank: 'Bank',
    branch: 'Branch',
    account: 'Account',
    holder: 'Account holder',
    notes: [
      'Please send the transfer in the name of the applicant.',
      'Bank charges are borne by the sender.',
      'If the payment has not arrived by the deadline, the booking is cancelled.',
    ],
    mailSent: 'We have also sent the account and the deadline by email.',
    confirm: 'Pay by bank transfer',
  },
  onSite: 'Please pay the session fee ({0}) at reception on the day.',
};
