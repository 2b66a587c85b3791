import type { RenewalMailMessages } from './renewal-mails-ja.ts';

/** The renewal reminder mails, in English (decision 038). */
export const renewalMailsEn: RenewalMailMessages = {
  subject: {
    sixMonths: 'Your certification expires in 6 months',
    oneMonth: 'Your certification expires in 1 month',
    oneDay: 'Your certification expires tomorrow',
    expired: 'Your certification has expired',
  },
  lead: {
    sixMonths:
      'Your certification for the {1} (number {0}) is valid until {2}. You can renew it from 6 months before that date.',
    oneMonth: 'Your certification for the {1} (number {0}) is valid until {2}: one month from now.',
    oneDay: 'Your certification for the {1} (number {0}) is valid until tomorrow, {2}.',
    expired:
      'Your certification for the {1} (number {0}) expired after {2}. You can still renew it within 3 months of that date.',
  },
  action: [
    'To renew, you need instructor activities within the certification period (3 or more for a 5-year',
    'certification, 2 or more for a 3-year one), to watch the renewal course videos and pass its test, and to',
    'pay the renewal fee. Please start here:',
    '{0}',
  ].join('\n'),
  done: 'If you have already renewed, please disregard this mail.',
};
