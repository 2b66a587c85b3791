import { describe, expect, it } from 'vitest';
import {
  certificateRenewalState,
  certificateYears,
  daysUntil,
  dueRenewalReminder,
  RENEWAL_REMINDERS,
  renewalPath,
  renewalProgress,
  renewalSweepAt,
  renewalReminderDay,
  renewalEligibility,
  renewalSteps,
  renewalWindow,
  renewedValidity,
  requiredActivities,
  type RenewalCertificate,
} from './renewal.ts';

/** The clock, pinned: today in Japan. */
const TODAY = '2026-11-24';
const ME = 7;

/** A 5-year BI certificate of the member ending in 4 months (2027-03-23), started 2022-03-24. */
function cert(overrides: Partial<RenewalCertificate> = {}): RenewalCertificate {
  return {
    holderUserId: ME,
    prefix: 'BI',
    startDate: '2022-03-24',
    endDate: '2027-03-23',
    revoked: false,
    extended: false,
    ...overrides,
  };
}

describe('certificateYears and requiredActivities', () => {
  it.each([
    ['2022-03-24', '2027-03-23', 5, 3],
    ['2024-01-25', '2027-01-24', 3, 2],
    ['2020-04-01', '2025-03-31', 5, 3],
    ['2024-02-29', '2027-02-28', 3, 2],
    ['2021-06-01', '2027-05-31', 6, 3],
    ['2025-06-01', '2026-05-31', 1, 2],
  ])('%s – %s is %i years and needs %i activities', (start, end, years, required) => {
    expect(certificateYears(start, end)).toBe(years);
    expect(requiredActivities(years)).toBe(required);
  });
});

describe('renewalWindow', () => {
  it.each([
    ['2027-03-23', '2026-09-23', '2027-06-23'],
    ['2027-08-31', '2027-02-28', '2027-11-30'],
  ])('end %s: opens %s, closes %s', (end, opensOn, closesOn) => {
    expect(renewalWindow(end)).toEqual({ opensOn, closesOn });
  });
});

describe('renewalEligibility', () => {
  const three = ['2023-05-10', '2024-06-15', '2025-07-20'];
  it.each([
    {
      label: "another member's certificate",
      c: cert({ holderUserId: 8 }),
      days: three,
      kind: 'refused',
      reason: 'notFound',
    },
    {
      label: 'an unclaimed certificate',
      c: cert({ holderUserId: null }),
      days: three,
      kind: 'refused',
      reason: 'notFound',
    },
    {
      label: 'a course certificate (prefix B)',
      c: cert({ prefix: 'B' }),
      days: three,
      kind: 'refused',
      reason: 'notBasicInstructor',
    },
    {
      label: 'a BI certificate without an end date',
      c: cert({ endDate: null }),
      days: three,
      kind: 'refused',
      reason: 'notBasicInstructor',
    },
    {
      label: 'an extended certificate',
      c: cert({ extended: true }),
      days: three,
      kind: 'refused',
      reason: 'alreadyExtended',
    },
    {
      label: 'a revoked certificate',
      c: cert({ revoked: true }),
      days: three,
      kind: 'refused',
      reason: 'revoked',
    },
    {
      label: 'ending in 6 months and a day',
      c: cert({ startDate: '2022-05-25', endDate: '2027-05-25' }),
      days: three,
      kind: 'refused',
      reason: 'tooEarly',
    },
    {
      label: 'ending in exactly 6 months',
      c: cert({ startDate: '2022-05-25', endDate: '2027-05-24' }),
      days: three,
      kind: 'eligible',
    },
    {
      label: 'ending today',
      c: cert({ startDate: '2021-11-25', endDate: '2026-11-24' }),
      days: three,
      kind: 'eligible',
    },
    {
      label: 'ended 3 months ago to the day (grace)',
      c: cert({ startDate: '2021-08-25', endDate: '2026-08-24' }),
      days: three,
      kind: 'eligible',
    },
    {
      label: 'ended 3 months and a day ago',
      c: cert({ startDate: '2021-08-24', endDate: '2026-08-23' }),
      days: three,
      kind: 'refused',
      reason: 'tooLate',
    },
    { label: '5 years, three activities', c: cert(), days: three, kind: 'eligible', counted: three },
    { label: '5 years, two activities', c: cert(), days: three.slice(1), kind: 'unmet', missing: 1 },
    {
      label: '5 years, activities before the start or in the future do not count',
      c: cert(),
      days: ['2022-03-23', '2027-01-10', ...three.slice(1)],
      kind: 'unmet',
      counted: three.slice(1),
      missing: 1,
    },
    {
      label: '5 years, the start day counts',
      c: cert(),
      days: ['2022-03-24', ...three.slice(1)],
      kind: 'eligible',
    },
    {
      label: '3 years, two activities',
      c: cert({ startDate: '2024-01-25', endDate: '2027-01-24' }),
      days: ['2024-03-01', '2025-03-01'],
      kind: 'eligible',
      required: 2,
    },
    {
      label: '3 years, one activity',
      c: cert({ startDate: '2024-01-25', endDate: '2027-01-24' }),
      days: ['2025-03-01'],
      kind: 'unmet',
      required: 2,
      missing: 1,
    },
    {
      label: '3 years, none',
      c: cert({ startDate: '2024-01-25', endDate: '2027-01-24' }),
      days: [],
      kind: 'unmet',
      required: 2,
      missing: 2,
    },
  ])('$label → $kind', ({ c, days, kind, reason, counted, missing, required }) => {
    const result = renewalEligibility({ userId: ME, certificate: c, activityDays: days, today: TODAY });
    expect(result.kind).toBe(kind);
    if (result.kind === 'refused') expect(result.reason).toBe(reason);
    else {
      if (counted) expect(result.counted).toEqual(counted);
      expect(result.missing).toBe(missing ?? 0);
      if (required) expect(result.required).toBe(required);
    }
  });

  it('the activities after the end date but within the grace do not count', () => {
    const c = cert({ startDate: '2021-09-25', endDate: '2026-09-24' });
    const result = renewalEligibility({
      userId: ME,
      certificate: c,
      activityDays: ['2022-01-01', '2023-01-01', '2026-10-01'],
      today: TODAY,
    });
    expect(result).toMatchObject({ kind: 'unmet', counted: ['2022-01-01', '2023-01-01'], missing: 1 });
  });
});

describe('renewalSteps (status → steps)', () => {
  it.each([
    [0, 'disabled', 'disabled', false],
    [3, 'active', 'disabled', false],
    [8, 'finished', 'active', false],
    [4, 'finished', 'finished', true],
  ] as const)('status %i: videos %s, test %s, certificate %s', (status, videos, postTest, certificate) => {
    expect(renewalSteps(status)).toEqual({ videos, postTest, certificate });
  });
});

describe('renewedValidity', () => {
  it.each([
    ['2027-03-23', 5, '2027-03-24', '2032-03-23'],
    ['2027-01-24', 3, '2027-01-25', '2030-01-24'],
    ['2027-02-28', 5, '2027-03-01', '2032-02-29'],
    ['2026-12-31', 5, '2027-01-01', '2031-12-31'],
  ])('old end %s, %i years → %s – %s', (oldEnd, years, startDate, endDate) => {
    expect(renewedValidity(oldEnd, years)).toEqual({ startDate, endDate });
  });
});

describe('certificateRenewalState (my-page: the renewal link, already renewed)', () => {
  const base = { prefix: 'BI', endDate: '2027-03-23', extended: false, revoked: false };
  it.each([
    ['in the window, 4 months before', base, '2026-11-24', 'available'],
    ['the day the window opens', base, '2026-09-23', 'available'],
    ['the day before it opens', base, '2026-09-22', 'none'],
    ['the end date', base, '2027-03-23', 'available'],
    ['expired, within the grace', base, '2027-06-23', 'available'],
    ['past the grace', base, '2027-06-24', 'none'],
    ['extended', { ...base, extended: true }, '2026-11-24', 'renewed'],
    ['extended, long after', { ...base, extended: true }, '2030-01-01', 'renewed'],
    ['revoked', { ...base, revoked: true }, '2026-11-24', 'none'],
    ['not basic-instructor', { ...base, prefix: 'B' }, '2026-11-24', 'none'],
    ['no end date', { ...base, endDate: null }, '2026-11-24', 'none'],
  ] as const)('%s → %s', (_label, c, today, state) => {
    expect(certificateRenewalState(c, today)).toBe(state);
  });
  it('links to the intro page of spec 001 §2', () => {
    expect(renewalPath({ courseId: 4, certificateId: 12 })).toBe(
      '/certificate/4/extend-certificate/basic-instructor/extend/12',
    );
  });
});

describe('dueRenewalReminder (clock pinned)', () => {
  const END = '2027-03-23';
  it.each([
    ['2026-09-22', null],
    ['2026-09-23', 'sixMonths'],
    ['2027-02-22', 'sixMonths'],
    ['2027-02-23', 'oneMonth'],
    ['2027-03-21', 'oneMonth'],
    ['2027-03-22', 'oneDay'],
    ['2027-03-23', 'oneDay'],
    ['2027-03-24', 'expired'],
    ['2027-06-23', 'expired'],
    ['2027-06-24', null],
  ] as const)('on %s: %s', (today, due) => {
    expect(dueRenewalReminder(END, today)).toBe(due);
  });
  it('the reminder days, a month-end end date included', () => {
    expect(RENEWAL_REMINDERS.map((r) => renewalReminderDay('2027-03-31', r))).toEqual([
      '2026-09-30',
      '2027-02-28',
      '2027-03-30',
      '2027-04-01',
    ]);
  });
  it.each([
    ['2027-03-23', '2026-11-24', 119],
    ['2027-03-23', '2027-03-23', 0],
    ['2027-03-23', '2027-03-25', -2],
  ])('daysUntil %s from %s is %i', (end, today, days) => {
    expect(daysUntil(end, today)).toBe(days);
  });
});

describe('renewalProgress (the office list)', () => {
  it.each([
    [false, null, 'notStarted'],
    [false, 0, 'awaitingPayment'],
    [false, 1, 'awaitingPayment'],
    [false, 3, 'inProgress'],
    [false, 8, 'postTest'],
    [false, 4, 'complete'],
    [true, 4, 'renewed'],
    [true, null, 'renewed'],
  ] as const)('extended %s, request %s → %s', (extended, requestStatus, progress) => {
    expect(renewalProgress({ extended, requestStatus })).toBe(progress);
  });
});

describe('renewalSweepAt', () => {
  it('is 09:00 in Japan (00:00 UTC)', () => {
    expect(renewalSweepAt('2027-03-23').toISOString()).toBe('2027-03-23T00:00:00.000Z');
  });
});
