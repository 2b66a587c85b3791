import { describe, expect, it } from 'vitest';
import {
  agreementGuard,
  agreementOpen,
  applicationWindow,
  canChoosePaymentMethod,
  canTakeStep,
  courseProgress,
  currentStep,
  effectiveStatus,
  holdsPlace,
  isLiveApplication,
  paymentGuard,
  paymentMethodOf,
  registrationSkipped,
  routeAfterWin,
  statusAfterWin,
  statusOnApply,
  stepOfStatus,
  stepPageGuard,
  ticketGuard,
  visibleSteps,
  workflowSteps,
  type StepState,
  type WorkflowInput,
} from './workflow.ts';

const NOW = new Date('2026-11-22T03:00:00Z');

function input(overrides: Partial<WorkflowInput> = {}): WorkflowInput {
  return {
    userTypeId: 4,
    status: null,
    cancelled: false,
    coursePrice: 0,
    certificatePrefix: 'B',
    hasPreVideo: false,
    hasPreTest: false,
    applyStart: '2026-11-01T00:00:00Z',
    applyEnd: '2026-12-01T00:00:00Z',
    sessionActive: true,
    sameTimeConflict: false,
    occupationPassed: true,
    courseConditionPassed: true,
    basicUpdatedCoursePassed: true,
    assistantApproved: false,
    now: NOW,
    ...overrides,
  };
}

const states = (i: WorkflowInput) =>
  workflowSteps(i)
    .map((v) => `${v.step}:${v.state}`)
    .join(' ');

describe('visibleSteps', () => {
  it.each([
    [4, [1, 2, 3, 4, 5, 6, 7]],
    [1, [4, 5]],
    [2, [4, 5]],
    [3, [4, 5]],
  ])('user type %i sees %j', (type, steps) => expect(visibleSteps(type)).toEqual(steps));
});

describe('registrationSkipped', () => {
  it.each([
    [0, 'B', true],
    [3000, 'BI', true],
    [3000, 'bi', true],
    [3000, 'B', false],
    [30, null, false],
  ] as const)('price %i prefix %s → %s', (price, prefix, skipped) =>
    expect(registrationSkipped(price, prefix)).toBe(skipped),
  );
});

describe('applicationWindow', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z', 'upcoming'],
    ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 'open'],
    ['2026-11-22T03:00:00Z', '2026-11-22T03:00:00Z', 'open'],
    ['2026-11-01T00:00:00Z', '2026-11-22T02:59:59Z', 'closed'],
  ] as const)('%s – %s is %s', (start, end, phase) => expect(applicationWindow(start, end, NOW)).toBe(phase));
});

describe('workflowSteps', () => {
  const rows: ReadonlyArray<readonly [string, Partial<WorkflowInput>, string]> = [
    [
      'attendee, free course, nothing done: application active',
      {},
      '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee, paid course: step 1 active',
      { coursePrice: 3000 },
      '1:active 2:disabled 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee, paid course, window closed: step 1 disabled',
      { coursePrice: 3000, applyEnd: '2026-11-20T00:00:00Z' },
      '1:disabled 2:disabled 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee, paid course, basic-updated not passed: step 1 disabled',
      { coursePrice: 3000, basicUpdatedCoursePassed: false },
      '1:disabled 2:disabled 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee, BI course: step 1 skipped',
      { coursePrice: 3000, certificatePrefix: 'BI' },
      '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee registered, pre-video exists: step 2 active',
      { coursePrice: 3000, status: 1, hasPreVideo: true, hasPreTest: true },
      '1:finished 2:active 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee pre-video watched: pre-test active',
      { status: 2, hasPreVideo: true, hasPreTest: true },
      '1:finished 2:finished 3:active 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'attendee pre-test done: application active',
      { status: 3, hasPreVideo: true, hasPreTest: true },
      '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
    ],
    [
      'window not open: application disabled',
      { applyStart: '2026-11-23T00:00:00Z' },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'window closed: application disabled',
      { applyEnd: '2026-11-21T00:00:00Z' },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'session cancelled: everything open disabled',
      { sessionActive: false },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'same-time conflict',
      { sameTimeConflict: true },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'occupation not matched',
      { occupationPassed: false },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'course condition unmet',
      { courseConditionPassed: false },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
    [
      'applying (4): ticket disabled',
      { status: 4 },
      '1:finished 2:finished 3:finished 4:finished 5:disabled 6:disabled 7:disabled',
    ],
    [
      'awaiting lottery (5): ticket disabled',
      { status: 5 },
      '1:finished 2:finished 3:finished 4:finished 5:disabled 6:disabled 7:disabled',
    ],
    [
      'won (6): ticket active',
      { status: 6 },
      '1:finished 2:finished 3:finished 4:finished 5:active 6:disabled 7:disabled',
    ],
    [
      'lost (7): ticket disabled',
      { status: 7 },
      '1:finished 2:finished 3:finished 4:finished 5:disabled 6:disabled 7:disabled',
    ],
    [
      'cancelled enrolment: ticket disabled',
      { status: 7, cancelled: true },
      '1:finished 2:finished 3:finished 4:finished 5:disabled 6:disabled 7:disabled',
    ],
    [
      'awaiting payment (8): ticket active',
      { status: 8 },
      '1:finished 2:finished 3:finished 4:finished 5:active 6:disabled 7:disabled',
    ],
    [
      'attending (9): ticket active even after the window',
      { status: 9, applyEnd: '2026-11-21T00:00:00Z' },
      '1:finished 2:finished 3:finished 4:finished 5:active 6:disabled 7:disabled',
    ],
    [
      'attended (10): post-test active',
      { status: 10 },
      '1:finished 2:finished 3:finished 4:finished 5:finished 6:active 7:disabled',
    ],
    [
      'post-test done (11): survey active',
      { status: 11 },
      '1:finished 2:finished 3:finished 4:finished 5:finished 6:finished 7:active',
    ],
    [
      'completed (12)',
      { status: 12 },
      '1:finished 2:finished 3:finished 4:finished 5:finished 6:finished 7:finished',
    ],
    [
      'completed BI course: step 7 bi_finished',
      { status: 12, certificatePrefix: 'BI' },
      '1:finished 2:finished 3:finished 4:finished 5:finished 6:finished 7:bi_finished',
    ],
    ['instructor, nothing done', { userTypeId: 1 }, '4:active 5:disabled'],
    ['observer won', { userTypeId: 3, status: 6 }, '4:finished 5:active'],
    ['assistant applying, not approved', { userTypeId: 2, status: 4 }, '4:finished 5:disabled'],
    ['assistant won, not approved', { userTypeId: 2, status: 6 }, '4:finished 5:disabled'],
    [
      'assistant won and approved',
      { userTypeId: 2, status: 6, assistantApproved: true },
      '4:finished 5:active',
    ],
    [
      'instructor, paid course: no step 1 gate',
      { userTypeId: 1, coursePrice: 3000, basicUpdatedCoursePassed: false },
      '4:active 5:disabled',
    ],
    [
      'attendee, basic-updated not passed: application disabled',
      { basicUpdatedCoursePassed: false },
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    ],
  ];
  it.each(rows)('%s', (_name, overrides, expected) => expect(states(input(overrides))).toBe(expected));

  it('canTakeStep follows the active step', () => {
    expect(canTakeStep(4, input())).toBe(true);
    expect(canTakeStep(5, input())).toBe(false);
    expect(canTakeStep(5, input({ status: 6 }))).toBe(true);
    expect(canTakeStep(4, input({ status: 6 }))).toBe(false);
  });

  it('uses only the states of the spec', () => {
    const allowed: StepState[] = ['disabled', 'active', 'finished', 'bi_finished'];
    for (const [, overrides] of rows)
      for (const v of workflowSteps(input(overrides))) expect(allowed).toContain(v.state);
  });
});

describe('a full first-come recruitment', () => {
  it('disables the application step until a place is freed; applied users are unaffected', () => {
    expect(states(input({ full: true }))).toBe(
      '1:finished 2:finished 3:finished 4:disabled 5:disabled 6:disabled 7:disabled',
    );
    expect(canTakeStep(4, input({ full: true }))).toBe(false);
    expect(canTakeStep(4, input({ full: false }))).toBe(true);
    expect(states(input({ full: true, status: 6 }))).toContain('5:active');
  });
});

describe("currentStep (the detail's step; decision 004)", () => {
  it.each([
    ["attendee, free course without pre-material: the spec's step 4", input(), 4],
    ['attendee owing the registration fee', input({ coursePrice: 3300 }), 1],
    [
      'attendee, fee paid, pre-videos to watch',
      input({ coursePrice: 3300, status: 0, hasPreVideo: true }),
      1,
    ],
    ['attendee, free course with pre-videos, nothing recorded', input({ hasPreVideo: true }), 2],
    [
      'attendee, BI course (registration skipped), pre-test only',
      input({ certificatePrefix: 'BI', coursePrice: 5000, hasPreTest: true }),
      3,
    ],
    ['instructor (sees only 4 and 5)', input({ userTypeId: 1, coursePrice: 3300, hasPreVideo: true }), 4],
    ['observer', input({ userTypeId: 3 }), 4],
    ['a recorded status wins: attended', input({ status: 10 }), 6],
    ['a recorded status wins: completed', input({ status: 12 }), 8],
  ] as const)('%s → step %i', (_label, i, step) => {
    expect(currentStep(i)).toBe(step);
  });
});

describe('routeAfterWin / statusAfterWin', () => {
  it.each([
    [4, 5000, [1], null, 'payment', 8],
    [4, 5000, [], null, 'payment', 8],
    [4, 5000, [2], null, 'waiting', 8],
    [4, 5000, [3], null, 'agreement', 6],
    // Several methods: the member chooses (decision 021), then the choice decides the route.
    [4, 5000, [1, 2], null, 'choose', 8],
    [4, 5000, [2, 3], null, 'choose', 8],
    [4, 5000, [1, 2, 3], null, 'choose', 8],
    [4, 5000, [1, 2], 1, 'payment', 8],
    [4, 5000, [1, 2], 2, 'waiting', 8],
    [4, 5000, [1, 2, 3], 3, 'agreement', 6],
    [4, 5000, [1, 2], 3, 'choose', 8],
    [4, 5000, [2], 1, 'waiting', 8],
    [4, 0, [1, 2], null, 'agreement', 6],
    [4, 49, [1], null, 'agreement', 6],
    [1, 5000, [1, 2], null, 'agreement', 6],
    [2, 5000, [1], null, 'agreement', 6],
    [3, 5000, [2], null, 'agreement', 6],
  ] as const)(
    'type %i fee %i methods %j chosen %s → %s (%i)',
    (type, fee, methods, chosen, route, status) => {
      expect(routeAfterWin(type, fee, methods, chosen)).toBe(route);
      expect(statusAfterWin(routeAfterWin(type, fee, methods, chosen))).toBe(status);
    },
  );

  it.each([
    [[], null, 1],
    [[2], null, 2],
    [[3], 1, 3],
    [[1, 2], null, null],
    [[1, 2], 2, 2],
    [[1, 3], 2, null],
  ] as const)('methods %j chosen %s → method %s', (methods, chosen, method) =>
    expect(paymentMethodOf(methods, chosen)).toBe(method),
  );
});

describe('canChoosePaymentMethod', () => {
  const base = {
    userTypeId: 4,
    sessionFee: 5000,
    paymentMethodIds: [1, 2, 3],
    status: 8,
    cancelled: false,
    order: null,
  };
  it.each([
    ['several methods, awaiting payment, nothing paid', {}, true],
    ['one method only (confirming it)', { paymentMethodIds: [2] }, true],
    ['free session', { sessionFee: 0 }, false],
    ['instructor', { userTypeId: 1 }, false],
    ['won (6), not awaiting payment', { status: 6 }, false],
    ['attending (9)', { status: 9 }, false],
    ['cancelled', { cancelled: true }, false],
    ['a transfer awaited may be changed', { order: { status: 0, paymentMethodId: 2 } }, true],
    ['an on-site order may be changed', { order: { status: 0, paymentMethodId: 3 } }, true],
    ['a card payment under way may not', { order: { status: 0, paymentMethodId: 1 } }, false],
    ['paid', { order: { status: 3, paymentMethodId: 2 } }, false],
    ['a cancelled transfer leaves the choice open', { order: { status: 6, paymentMethodId: 2 } }, true],
  ] as const)('%s → %s', (_name, overrides, expected) =>
    expect(canChoosePaymentMethod({ ...base, ...overrides })).toBe(expected),
  );

  it.each([
    [6, 'agreement', true],
    [6, 'payment', true],
    [8, 'agreement', true],
    [8, 'payment', false],
    [8, 'waiting', false],
    [8, 'choose', false],
    [9, 'agreement', false],
    [null, 'agreement', false],
  ] as const)('agreement at %s by route %s → %s', (status, route, open) =>
    expect(agreementOpen(status, route)).toBe(open),
  );
});

describe('the course registration and pre-learning carried to another session (decision 021)', () => {
  it.each([
    ['nothing anywhere', false, [], 0],
    ['registration paid', true, [], 1],
    ['another enrolment registered', false, [1], 1],
    ['pre-video watched elsewhere', false, [2], 2],
    ['pre-test done elsewhere', true, [3], 3],
    ['lost a lottery (7) elsewhere: everything before applying was done', true, [7], 3],
    ['cancelled (7) and awaiting lottery (5) elsewhere', false, [7, 5], 3],
    ['completed the course: the registration stands, the pre-learning is done again', true, [12], 1],
    ['completed once, free course: the registration was the course (status 12 ≥ 1)', false, [12], 1],
    ['an enrolment that has nothing yet', false, [0], 0],
  ] as const)('%s → %i', (_name, paid, statuses, level) =>
    expect(courseProgress({ registrationPaid: paid, otherStatuses: statuses })).toBe(level),
  );

  it.each([
    [null, 0, null],
    [null, 1, 1],
    [0, 3, 3],
    [2, 1, 2],
    [4, 3, 4],
    [7, 3, 7],
    [null, undefined, null],
  ] as const)('own %s carried %s → %s', (status, carried, expected) =>
    expect(effectiveStatus({ status, courseProgress: carried })).toBe(expected),
  );

  const paid = { coursePrice: 3300, hasPreVideo: true, hasPreTest: true };
  it.each([
    [
      'second session, registration paid elsewhere: step 1 finished, pre-video active',
      { ...paid, courseProgress: 1 },
      '1:finished 2:active 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
      2,
    ],
    [
      'second session after a lost lottery: straight to the application',
      { ...paid, courseProgress: 3 },
      '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
      4,
    ],
    [
      'second session, an enrolment row at 0 (a pre-test started): the carried progress still counts',
      { ...paid, status: 0, courseProgress: 2 },
      '1:finished 2:finished 3:active 4:disabled 5:disabled 6:disabled 7:disabled',
      3,
    ],
    [
      'paid course without pre-material, registered elsewhere: application active, step 4',
      { coursePrice: 3300, courseProgress: 1 },
      '1:finished 2:finished 3:finished 4:active 5:disabled 6:disabled 7:disabled',
      4,
    ],
    [
      'nothing carried: step 1 as before',
      { ...paid, courseProgress: 0 },
      '1:active 2:disabled 3:disabled 4:disabled 5:disabled 6:disabled 7:disabled',
      1,
    ],
    [
      'applied here: the own status rules',
      { ...paid, status: 6, courseProgress: 1 },
      '1:finished 2:finished 3:finished 4:finished 5:active 6:disabled 7:disabled',
      4,
    ],
  ] as const)('%s', (_name, overrides, expected, step) => {
    expect(states(input(overrides))).toBe(expected);
    expect(currentStep(input(overrides))).toBe(step);
  });
});

describe('statusOnApply', () => {
  it.each([
    [4, 'first_come', 6],
    [1, 'first_come', 6],
    [3, 'first_come', 6],
    [2, 'first_come', 4],
    [4, 'lottery', 5],
    [1, 'lottery', 5],
    [2, 'lottery', 4],
  ] as const)('type %i %s → %i', (type, selection, status) =>
    expect(statusOnApply(type, selection)).toBe(status),
  );
});

describe('guards of §2', () => {
  it.each([
    [null, 'agreement'],
    [6, 'agreement'],
    [8, 'agreement'],
    [9, null],
    [10, null],
  ] as const)('ticket at %s → %s', (status, target) => expect(ticketGuard(status)).toBe(target));
  it.each([
    [6, null],
    [8, null],
    [9, null],
    [10, 'detail'],
    [12, 'detail'],
  ] as const)('agreement at %s → %s', (status, target) => expect(agreementGuard(status)).toBe(target));
  it.each([
    [null, false, null],
    [0, false, null],
    [1, false, 'detail'],
    [1, true, null],
    [8, false, 'detail'],
    [8, true, null],
  ] as const)('payment at %s retry %s → %s', (status, retry, target) =>
    expect(paymentGuard(status, retry)).toBe(target),
  );
  it.each([
    [5, 4, true, 'detail'],
    [5, 5, true, null],
    [5, 6, true, null],
    [5, 5, false, 'detail'],
  ] as const)('step page %i at display step %i, conditions %s → %s', (required, displayed, ok, target) =>
    expect(stepPageGuard(required, displayed, ok)).toBe(target),
  );
});

describe('place and application predicates', () => {
  it.each([
    [null, false, false],
    [0, false, false],
    [3, false, false],
    [4, false, true],
    [5, false, true],
    [6, true, true],
    [7, false, false],
    [8, true, true],
    [9, true, true],
    [10, true, true],
    [11, true, true],
    [12, true, true],
  ] as const)('status %s: holds a place %s, live application %s', (status, place, live) => {
    expect(holdsPlace(status)).toBe(place);
    expect(isLiveApplication(status)).toBe(live);
  });
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 4],
    [6, 4],
    [7, 4],
    [8, 5],
    [9, 5],
    [10, 5],
    [11, 6],
    [12, 7],
  ] as const)('status %i is recorded under step %i', (status, step) =>
    expect(stepOfStatus(status)).toBe(step),
  );
});
