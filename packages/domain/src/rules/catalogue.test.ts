import { describe, expect, it } from 'vitest';
import {
  effectiveApplyEnd,
  issuesConflict,
  japanDateTime,
  japanInstant,
  sessionIssues,
  type RecruitmentDraft,
  type RecruitmentFacts,
  type SessionDraft,
  type SessionRuleContext,
} from './catalogue.ts';

const NOW = new Date('2026-11-22T03:00:00Z'); // 12:00 in Japan

function recruitment(overrides: Partial<RecruitmentDraft> = {}): RecruitmentDraft {
  return {
    type_id: 4,
    selection: 'first_come',
    capacity: 30,
    price: 0,
    apply_start_date: '2026-12-01 10:00',
    apply_end_date: '2026-12-20 17:00',
    register_start_date: null,
    register_end_date: null,
    ...overrides,
  };
}

function session(
  overrides: Partial<SessionDraft> = {},
  rs: RecruitmentDraft[] = [recruitment()],
): SessionDraft {
  return {
    event_date: '2027-01-10',
    event_start_time: '10:00',
    event_end_time: '16:00',
    start_time_morning: null,
    end_time_morning: null,
    start_time_afternoon: null,
    end_time_afternoon: null,
    payment_method_ids: [],
    users_types: rs,
    ...overrides,
  };
}

function facts(overrides: Partial<RecruitmentFacts> = {}): RecruitmentFacts {
  return {
    type_id: 4,
    selection: 'first_come',
    price: 0,
    taken: 0,
    applicants: 0,
    paid_orders: 0,
    ...overrides,
  };
}

const context = (overrides: Partial<SessionRuleContext> = {}): SessionRuleContext => ({
  existing: [],
  published: true,
  publishing: false,
  now: NOW,
  ...overrides,
});

const codes = (draft: SessionDraft, ctx: SessionRuleContext = context()) =>
  sessionIssues(draft, ctx).map((i) => `${i.field}:${i.code}`);

describe('japan time', () => {
  it.each([
    ['2026-12-01 10:00', '2026-12-01T01:00:00.000Z'],
    ['2026-12-01 00:30', '2026-11-30T15:30:00.000Z'],
  ])('%s is %s', (jst, iso) => {
    expect(japanInstant(jst).toISOString()).toBe(iso);
    expect(japanDateTime(new Date(iso))).toBe(jst);
  });
  it.each([
    ['2026-07-10T14:59:30.500Z', '2026-07-10 23:59:30'],
    ['2026-12-31T15:00:00Z', '2027-01-01 00:00:00'],
  ])('%s with seconds is %s', (iso, jst) => {
    expect(japanDateTime(new Date(iso), { seconds: true })).toBe(jst);
  });
  it('takes a date and a time apart (seconds ignored)', () => {
    expect(japanInstant('2027-01-10', '10:00:00').toISOString()).toBe('2027-01-10T01:00:00.000Z');
  });
  it('a first-come recruitment without an end stays open until the event starts', () => {
    expect(effectiveApplyEnd(session(), recruitment({ apply_end_date: null }))).toBe('2027-01-10 10:00');
  });
});

describe('sessionIssues', () => {
  it.each<[string, SessionDraft, SessionRuleContext, string[]]>([
    ['a valid draft', session(), context(), []],
    [
      'event times reversed',
      session({ event_start_time: '16:00', event_end_time: '10:00' }),
      context(),
      ['event_end_time:eventTimeOrder'],
    ],
    [
      'morning reversed',
      session({ start_time_morning: '12:00', end_time_morning: '10:00' }),
      context(),
      ['end_time_morning:halfDayOrder'],
    ],
    [
      'application window reversed',
      session({}, [recruitment({ apply_start_date: '2026-12-21 10:00' })]),
      context(),
      ['users_types.0.apply_end_date:applyWindowOrder'],
    ],
    [
      'application ends after the event starts',
      session({}, [recruitment({ apply_end_date: '2027-01-10 10:30' })]),
      context(),
      ['users_types.0.apply_end_date:applyBeforeEvent'],
    ],
    [
      'application ending as the event starts is fine',
      session({}, [recruitment({ apply_end_date: '2027-01-10 10:00' })]),
      context(),
      [],
    ],
    [
      'lottery without an end',
      session({}, [recruitment({ selection: 'lottery', apply_end_date: null })]),
      context(),
      ['users_types.0.apply_end_date:lotteryNeedsEnd'],
    ],
    ['first-come without an end', session({}, [recruitment({ apply_end_date: null })]), context(), []],
    [
      'registration window half given',
      session({}, [recruitment({ register_start_date: '2026-12-21 10:00' })]),
      context(),
      ['users_types.0.register_end_date:registerWindowPair'],
    ],
    [
      'registration window reversed',
      session({}, [
        recruitment({ register_start_date: '2026-12-25 10:00', register_end_date: '2026-12-21 10:00' }),
      ]),
      context(),
      ['users_types.0.register_end_date:registerWindowOrder'],
    ],
    [
      'registration after the event',
      session({}, [
        recruitment({ register_start_date: '2026-12-25 10:00', register_end_date: '2027-01-11 10:00' }),
      ]),
      context(),
      ['users_types.0.register_end_date:registerBeforeEvent'],
    ],
    [
      'one user type twice',
      session({}, [recruitment(), recruitment({ capacity: 5 })]),
      context(),
      ['users_types.1.type_id:duplicateUserType'],
    ],
    [
      'a fee without a payment method',
      session({}, [recruitment({ price: 8000 })]),
      context(),
      ['payment_method_ids:paymentMethodsNeeded'],
    ],
    [
      'an attendee fee under ¥50 (completed without payment) needs no payment method',
      session({}, [recruitment({ price: 30 })]),
      context(),
      [],
    ],
    [
      "an observer's fee (not collected through the portal) needs no payment method",
      session({}, [recruitment({ type_id: 3, price: 3000 })]),
      context(),
      [],
    ],
    [
      'a fee with a payment method',
      session({ payment_method_ids: [1] }, [recruitment({ price: 8000 })]),
      context(),
      [],
    ],
    ['published without recruitment', session({}, []), context(), ['users_types:noRecruitment']],
    ['a draft without recruitment', session({}, []), context({ published: false }), []],
    [
      'publishing a session already held',
      session({ event_date: '2026-11-22', event_start_time: '11:00', event_end_time: '12:00' }, [
        recruitment({ apply_start_date: '2026-11-01 10:00', apply_end_date: '2026-11-10 10:00' }),
      ]),
      context({ publishing: true }),
      ['event_date:eventPassed'],
    ],
    [
      'editing a published session already held',
      session({ event_date: '2026-11-22', event_start_time: '11:00', event_end_time: '12:00' }, [
        recruitment({ apply_start_date: '2026-11-01 10:00', apply_end_date: '2026-11-10 10:00' }),
      ]),
      context(),
      [],
    ],
    [
      'capacity below the places taken',
      session({}, [recruitment({ capacity: 9 })]),
      context({ existing: [facts({ taken: 10, applicants: 10 })] }),
      ['users_types.0.capacity:capacityBelowTaken'],
    ],
    [
      'capacity equal to the places taken',
      session({}, [recruitment({ capacity: 10 })]),
      context({ existing: [facts({ taken: 10, applicants: 10 })] }),
      [],
    ],
    [
      'switching to lottery with applicants',
      session({}, [recruitment({ selection: 'lottery' })]),
      context({ existing: [facts({ applicants: 1 })] }),
      ['users_types.0.selection:selectionLocked'],
    ],
    [
      'switching to lottery without applicants',
      session({}, [recruitment({ selection: 'lottery' })]),
      context({ existing: [facts()] }),
      [],
    ],
    [
      'changing a price with paid orders',
      session({ payment_method_ids: [1] }, [recruitment({ price: 9000 })]),
      context({ existing: [facts({ price: 8000, paid_orders: 1, applicants: 1, taken: 1 })] }),
      ['users_types.0.price:priceLocked'],
    ],
    [
      'changing a price before anyone paid',
      session({ payment_method_ids: [1] }, [recruitment({ price: 9000 })]),
      context({ existing: [facts({ price: 8000, applicants: 1 })] }),
      [],
    ],
    [
      'removing a recruitment with applicants',
      session({}, [recruitment()]),
      context({ existing: [facts(), facts({ type_id: 2, applicants: 2 })] }),
      ['users_types:recruitmentHasApplicants'],
    ],
    [
      'removing a recruitment without applicants',
      session({}, [recruitment()]),
      context({ existing: [facts(), facts({ type_id: 2 })] }),
      [],
    ],
    [
      'unpublishing with applicants',
      session(),
      context({ published: false, existing: [facts({ applicants: 1 })] }),
      ['status:unpublishLocked'],
    ],
    [
      'keeping a published session with applicants',
      session(),
      context({ existing: [facts({ applicants: 1 })] }),
      [],
    ],
    [
      'moving a session with applicants to another course',
      session(),
      context({ courseChanged: true, existing: [facts({ applicants: 1 })] }),
      ['course_id:courseLocked'],
    ],
    [
      'moving a session without applicants',
      session(),
      context({ courseChanged: true, existing: [facts()] }),
      [],
    ],
    ['unpublishing without applicants', session(), context({ published: false, existing: [facts()] }), []],
  ])('%s', (_name, draft, ctx, expected) => {
    expect(codes(draft, ctx)).toEqual(expected);
  });

  it('tells a conflict with what members did from a typing mistake', () => {
    expect(issuesConflict([{ field: 'x', code: 'applyWindowOrder' }])).toBe(false);
    expect(
      issuesConflict([
        { field: 'x', code: 'applyWindowOrder' },
        { field: 'y', code: 'priceLocked' },
      ]),
    ).toBe(true);
  });
});
