import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD, USER_TYPE } from '../constants.ts';
import {
  activityBadge,
  type BadgeInput,
  DISPLAY_STEP_BY_STATUS,
  displayStep,
  recruitingPhase,
  STEP_STATUS,
  type StepStatus,
  statusBadge,
} from './steps.ts';

describe('DISPLAY_STEP_BY_STATUS', () => {
  // The spec's table (000 §4): the status names the step last finished, the next one is shown.
  const expected: ReadonlyArray<readonly [StepStatus, number]> = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 4],
    [5, 4],
    [6, 4],
    [7, 4],
    [8, 5],
    [9, 5],
    [10, 6],
    [11, 7],
    [12, 8],
  ];

  it.each(expected)('status %i shows step %i', (status, step) => {
    expect(DISPLAY_STEP_BY_STATUS[status]).toBe(step);
    // A recorded status wins over the default for no entries.
    expect(displayStep(status, 1)).toBe(step);
    expect(displayStep(status, 4)).toBe(step);
  });

  it('has one row for every step status and no other', () => {
    const statuses = Object.values(STEP_STATUS).sort((a, b) => a - b);
    const keys = Object.keys(DISPLAY_STEP_BY_STATUS)
      .map(Number)
      .sort((a, b) => a - b);
    expect(keys).toEqual(statuses);
    expect(expected.map(([status]) => status)).toEqual(statuses);
  });
});

describe('displayStep without a recorded status', () => {
  it.each([
    [null, 4],
    [undefined, 4],
    [null, 1],
    [undefined, 1],
  ] as const)('status %s with the workflow default %i', (status, step) => {
    expect(displayStep(status, step)).toBe(step);
  });
});

describe('statusBadge', () => {
  const base: BadgeInput = {
    status: null,
    userTypeId: USER_TYPE.attendee,
    paymentMethodIds: [PAYMENT_METHOD.card],
    hasAssistantApproval: false,
    wonOtherSessionSameCourse: false,
    sessionActive: true,
    hasCancelRequest: false,
  };
  const badge = (overrides: Partial<BadgeInput>) => statusBadge({ ...base, ...overrides });

  describe('cancelled session', () => {
    it('an inactive session with a cancel request shows sessionCancelled, whatever the status', () => {
      expect(badge({ sessionActive: false, hasCancelRequest: true, status: 6 })).toBe('sessionCancelled');
      expect(badge({ sessionActive: false, hasCancelRequest: true, status: null })).toBe('sessionCancelled');
      expect(
        badge({ sessionActive: false, hasCancelRequest: true, status: 12, wonOtherSessionSameCourse: true }),
      ).toBe('sessionCancelled');
    });

    it('an inactive session without a cancel request falls through to the status', () => {
      expect(badge({ sessionActive: false, hasCancelRequest: false, status: 6 })).toBe('won');
    });

    it('a cancel request on an active session falls through to the status', () => {
      expect(badge({ sessionActive: true, hasCancelRequest: true, status: 5 })).toBe('awaitingLottery');
    });
  });

  it('no status shows no badge', () => {
    expect(badge({ status: null })).toBeNull();
  });

  it.each([0, 1, 2, 3] as const)('status %i (before applying) shows no badge', (status) => {
    expect(badge({ status })).toBeNull();
  });

  it.each([
    [4, 'applying'],
    [5, 'awaitingLottery'],
    [6, 'won'],
    [7, 'lost'],
    [9, 'attending'],
    [10, 'postTestNotTaken'],
    [11, 'surveyNotTaken'],
    [12, 'completed'],
  ] as const)('status %i shows %s', (status, key) => {
    expect(badge({ status })).toBe(key);
  });

  describe('awaiting payment (status 8)', () => {
    it('with card among the methods shows awaitingPayment', () => {
      expect(badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.card] })).toBe('awaitingPayment');
      expect(badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.bankTransfer, PAYMENT_METHOD.card] })).toBe(
        'awaitingPayment',
      );
    });

    it('with no payment method shows awaitingPayment', () => {
      expect(badge({ status: 8, paymentMethodIds: [] })).toBe('awaitingPayment');
    });

    it('without card (bank transfer or on site only) shows won', () => {
      expect(badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.bankTransfer] })).toBe('won');
      expect(badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.onSite] })).toBe('won');
      expect(
        badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.bankTransfer, PAYMENT_METHOD.onSite] }),
      ).toBe('won');
    });
  });

  describe('completed (status 12)', () => {
    it('an assistant without approval shows awaitingApproval', () => {
      expect(badge({ status: 12, userTypeId: USER_TYPE.assistant, hasAssistantApproval: false })).toBe(
        'awaitingApproval',
      );
    });

    it('an approved assistant shows completed', () => {
      expect(badge({ status: 12, userTypeId: USER_TYPE.assistant, hasAssistantApproval: true })).toBe(
        'completed',
      );
    });

    it.each([USER_TYPE.instructor, USER_TYPE.observer, USER_TYPE.attendee])(
      'user type %i needs no approval',
      (userTypeId) => {
        expect(badge({ status: 12, userTypeId, hasAssistantApproval: false })).toBe('completed');
      },
    );
  });

  describe('won another session of the same course', () => {
    it.each([4, 5, 7] as const)('status %i shows wonElsewhere', (status) => {
      expect(badge({ status, wonOtherSessionSameCourse: true })).toBe('wonElsewhere');
    });

    it('status 6 (won here) keeps won', () => {
      expect(badge({ status: 6, wonOtherSessionSameCourse: true })).toBe('won');
    });

    it.each([0, 1, 2, 3] as const)('status %i (before applying) keeps no badge', (status) => {
      expect(badge({ status, wonOtherSessionSameCourse: true })).toBeNull();
    });

    it.each([
      [8, 'awaitingPayment'],
      [9, 'attending'],
      [12, 'completed'],
    ] as const)('status %i (past the lottery) keeps %s', (status, key) => {
      expect(badge({ status, wonOtherSessionSameCourse: true })).toBe(key);
    });
  });

  it('an unknown status shows no badge', () => {
    expect(badge({ status: 13 as StepStatus })).toBeNull();
  });
});

describe('recruitingPhase', () => {
  const start = '2026-11-01T00:00:00+09:00';
  const end = '2026-11-30T23:59:59+09:00';

  it('before the start is upcoming', () => {
    expect(recruitingPhase(start, end, new Date('2026-10-31T23:59:59+09:00'))).toBe('upcoming');
  });

  it('at the start is open', () => {
    expect(recruitingPhase(start, end, new Date(start))).toBe('open');
  });

  it('between start and end is open', () => {
    expect(recruitingPhase(start, end, new Date('2026-11-22T12:00:00+09:00'))).toBe('open');
  });

  it('at the end is still open', () => {
    expect(recruitingPhase(start, end, new Date(end))).toBe('open');
  });

  it('after the end is closed', () => {
    expect(recruitingPhase(start, end, new Date('2026-12-01T00:00:00+09:00'))).toBe('closed');
  });

  it('accepts Date values as well as strings', () => {
    expect(recruitingPhase(new Date(start), new Date(end), new Date('2026-12-01T00:00:00+09:00'))).toBe(
      'closed',
    );
    expect(recruitingPhase(new Date(start), new Date(end), new Date('2026-10-01T00:00:00+09:00'))).toBe(
      'upcoming',
    );
  });

  it('without a start it is open until the end', () => {
    expect(recruitingPhase(null, end, new Date('2000-01-01T00:00:00Z'))).toBe('open');
    expect(recruitingPhase(null, end, new Date('2026-12-01T00:00:00+09:00'))).toBe('closed');
  });

  it('without an end it is open from the start on', () => {
    expect(recruitingPhase(start, null, new Date('2099-01-01T00:00:00Z'))).toBe('open');
    expect(recruitingPhase(start, null, new Date('2026-10-01T00:00:00+09:00'))).toBe('upcoming');
  });

  it('without either date it is open', () => {
    expect(recruitingPhase(null, null, new Date('2026-11-22T12:00:00+09:00'))).toBe('open');
  });
});

describe('activityBadge (my-page lists, spec 001 §4)', () => {
  const base: BadgeInput = {
    status: 4,
    userTypeId: USER_TYPE.attendee,
    paymentMethodIds: [],
    hasAssistantApproval: false,
    wonOtherSessionSameCourse: false,
    sessionActive: true,
    hasCancelRequest: false,
  };
  const badge = (overrides: Partial<BadgeInput>) => activityBadge({ ...base, ...overrides });

  it.each([
    [4, 'applying'],
    [5, 'awaitingLottery'],
    [6, 'won'],
    [7, 'lost'],
    [8, 'awaitingPayment'],
    [9, 'attending'],
    [10, 'postTestNotTaken'],
    [11, 'surveyNotTaken'],
    [12, 'completed'],
  ] as const)('status %i reads as the card badge %s', (status, key) => {
    expect(badge({ status })).toBe(key);
    expect(badge({ status })).toBe(statusBadge({ ...base, status }));
  });

  it('8 with bank transfer or on-site payment only reads as won', () => {
    expect(badge({ status: 8, paymentMethodIds: [PAYMENT_METHOD.bankTransfer] })).toBe('won');
  });

  it('12 of an assistant without approval reads as awaiting approval', () => {
    expect(badge({ status: 12, userTypeId: USER_TYPE.assistant })).toBe('awaitingApproval');
  });

  it('a place won in another session of the course reads as lost (won elsewhere)', () => {
    expect(badge({ status: 5, wonOtherSessionSameCourse: true })).toBe('wonElsewhere');
  });

  it('an inactive session reads as cancelled, with or without a cancel request (unlike the card)', () => {
    expect(badge({ status: 6, sessionActive: false })).toBe('sessionCancelled');
    expect(badge({ status: 6, sessionActive: false, hasCancelRequest: true })).toBe('sessionCancelled');
    expect(statusBadge({ ...base, status: 6, sessionActive: false })).toBe('won');
  });

  it('before the application it names the step last done; 0 has no label', () => {
    expect(badge({ status: 1 })).toBe('courseRegistered');
    expect(badge({ status: 2 })).toBe('preVideoWatched');
    expect(badge({ status: 3 })).toBe('preTestDone');
    expect(badge({ status: 0 })).toBeNull();
    expect(badge({ status: null })).toBeNull();
  });
});
