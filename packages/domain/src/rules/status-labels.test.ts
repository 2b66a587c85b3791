import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD, USER_TYPE } from '../constants.ts';
import { en } from '../i18n/en.ts';
import { ja } from '../i18n/ja.ts';
import {
  activityBadge,
  activityList,
  type BadgeInput,
  type CancelState,
  cancelStateOf,
  officeStatusLabel,
  participationStatus,
  statusBadge,
} from './status-labels.ts';
import type { Selection } from '../schemas/trainings.ts';
import type { StepStatus } from './steps.ts';

const TODAY = '2026-12-15';
const DATES = { past: '2026-12-14', today: TODAY, future: '2027-02-15' } as const;
const SELECTIONS: Selection[] = ['lottery', 'first_come'];
const USER_TYPES = [USER_TYPE.instructor, USER_TYPE.assistant, 3, USER_TYPE.attendee];
const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const CANCELS: CancelState[] = ['none', 'pending', 'approved', 'rejected'];

const base: BadgeInput = {
  selection: 'lottery',
  status: null,
  userTypeId: USER_TYPE.attendee,
  paymentMethodIds: [PAYMENT_METHOD.card],
  hasAssistantApproval: false,
  wonOtherSessionSameCourse: false,
  sessionActive: true,
  cancel: 'none',
};
const input = (o: Partial<BadgeInput>): BadgeInput => ({ ...base, ...o });

/** The Japanese word of a key, as the API sends it and the web shows it. */
const jaWord = (key: string | null) =>
  key === null
    ? null
    : ((ja.activity.statuses as Record<string, string>)[key] ??
      (ja.badges as Record<string, string>)[key] ??
      `<${key}>`);

/**
 * Every status × selection × (attendee, approved assistant, unapproved assistant) with no cancel
 * request, on an active session: [card, member, office] in Japanese. The spec's labels (000 §4,
 * 001 §4) where it gives them; 当選 only after a draw, 承認済み / 申込確定 for a first-come place.
 */
type Row = readonly [
  Selection,
  'attendee' | 'assistant' | 'assistantUnapproved',
  StepStatus,
  string | null,
  string | null,
  string,
];
const WORDS: readonly Row[] = [
  ['lottery', 'attendee', 0, null, null, '未申込'],
  ['lottery', 'attendee', 1, null, 'コース登録済み', 'コース登録済み'],
  ['lottery', 'attendee', 2, null, '事前動画視聴済み', '事前動画視聴済み'],
  ['lottery', 'attendee', 3, null, '事前テスト受験済み', '事前テスト受験済み'],
  ['lottery', 'attendee', 4, '申込中', '申込中', '申込中'],
  ['lottery', 'attendee', 5, '抽選待ち', '抽選待ち', '抽選待ち'],
  ['lottery', 'attendee', 6, '当選', '当選', '当選'],
  ['lottery', 'attendee', 7, '落選', '落選', '落選'],
  ['lottery', 'attendee', 8, '支払い待ち', '支払い待ち', '支払い待ち'],
  ['lottery', 'attendee', 9, '受講予定', '受講予定', '受講予定'],
  ['lottery', 'attendee', 10, '事後テスト未受験', '事後テスト未受験', '事後テスト未受験'],
  ['lottery', 'attendee', 11, 'アンケート未回答', 'アンケート未回答', 'アンケート未回答'],
  ['lottery', 'attendee', 12, '受講完了', '受講完了', '受講完了'],
  ['first_come', 'attendee', 0, null, null, '未申込'],
  ['first_come', 'attendee', 3, null, '事前テスト受験済み', '事前テスト受験済み'],
  ['first_come', 'attendee', 4, '申込中', '申込中', '申込中'],
  ['first_come', 'attendee', 6, '申込確定', '申込確定', '申込確定'],
  // A first-come booking reaches 7 only by an approved cancellation: never 落選.
  ['first_come', 'attendee', 7, 'キャンセル済み', 'キャンセル済み', 'キャンセル済み'],
  ['first_come', 'attendee', 8, '支払い待ち', '支払い待ち', '支払い待ち'],
  ['first_come', 'attendee', 9, '受講予定', '受講予定', '受講予定'],
  ['first_come', 'attendee', 12, '受講完了', '受講完了', '受講完了'],
  ['lottery', 'assistantUnapproved', 4, '申込中', '申込中', '承認待ち'],
  ['lottery', 'assistant', 5, '抽選待ち', '抽選待ち', '抽選待ち'],
  ['lottery', 'assistant', 6, '当選', '当選', '当選'],
  ['lottery', 'assistant', 7, '落選', '落選', '落選'],
  ['lottery', 'assistant', 12, '受講完了', '受講完了', '受講完了'],
  ['lottery', 'assistantUnapproved', 12, '承認待ち', '承認待ち', '承認待ち'],
  ['first_come', 'assistantUnapproved', 4, '申込中', '申込中', '承認待ち'],
  // The office's approval of a first-come assistant: 承認済み, not 当選.
  ['first_come', 'assistant', 6, '承認済み', '承認済み', '承認済み'],
  ['first_come', 'assistant', 7, 'キャンセル済み', 'キャンセル済み', 'キャンセル済み'],
  ['first_come', 'assistant', 9, '受講予定', '受講予定', '受講予定'],
  ['first_come', 'assistant', 12, '受講完了', '受講完了', '受講完了'],
  ['first_come', 'assistantUnapproved', 12, '承認待ち', '承認待ち', '承認待ち'],
  // The office declined the application (7 without an approval): neither 落選 nor キャンセル済み.
  [
    'first_come',
    'assistantUnapproved',
    7,
    '承認されませんでした',
    '承認されませんでした',
    '承認されませんでした',
  ],
  [
    'lottery',
    'assistantUnapproved',
    7,
    '承認されませんでした',
    '承認されませんでした',
    '承認されませんでした',
  ],
];

describe('status words by selection, user type and status', () => {
  it.each(WORDS)(
    '%s %s status %i: card %s, member %s, office %s',
    (selection, who, status, card, member, office) => {
      const i = input({
        selection,
        status,
        userTypeId: who === 'attendee' ? USER_TYPE.attendee : USER_TYPE.assistant,
        hasAssistantApproval: who === 'assistant',
      });
      expect(jaWord(statusBadge(i))).toBe(card);
      expect(jaWord(activityBadge(i))).toBe(member);
      expect(jaWord(officeStatusLabel(i))).toBe(office);
    },
  );

  it.each([
    // status 8: awaiting payment when card is offered or no method is named; otherwise the place's word
    ['lottery', [PAYMENT_METHOD.card], '支払い待ち'],
    ['lottery', [], '支払い待ち'],
    ['lottery', [PAYMENT_METHOD.bankTransfer], '当選'],
    ['first_come', [PAYMENT_METHOD.onSite], '申込確定'],
  ] as const)('%s status 8 with methods %j reads %s (the office: 支払い待ち)', (selection, methods, word) => {
    const i = input({ selection, status: 8, paymentMethodIds: methods });
    expect(jaWord(statusBadge(i))).toBe(word);
    expect(jaWord(activityBadge(i))).toBe(word);
    expect(jaWord(officeStatusLabel(i))).toBe('支払い待ち');
  });
});

describe('cancellations', () => {
  it.each([
    // [selection, status, cancel, card, member, office]
    ['first_come', 7, 'approved', 'キャンセル済み', 'キャンセル済み', 'キャンセル済み'],
    ['lottery', 7, 'approved', 'キャンセル済み', 'キャンセル済み', 'キャンセル済み'],
    ['first_come', 9, 'pending', 'キャンセル承認待ち', 'キャンセル承認待ち', '受講予定'],
    ['lottery', 8, 'pending', 'キャンセル承認待ち', 'キャンセル承認待ち', '支払い待ち'],
    ['first_come', 6, 'rejected', '申込確定', '申込確定', '申込確定'],
    ['lottery', 9, 'rejected', '受講予定', '受講予定', '受講予定'],
    ['lottery', 7, 'none', '落選', '落選', '落選'],
  ] as const)(
    '%s status %i, cancel %s: card %s, member %s, office %s',
    (selection, status, cancel, card, member, office) => {
      const i = input({ selection, status, cancel });
      expect(jaWord(statusBadge(i))).toBe(card);
      expect(jaWord(activityBadge(i))).toBe(member);
      expect(jaWord(officeStatusLabel(i))).toBe(office);
    },
  );

  it('reads the latest cancel request status', () => {
    expect([null, undefined, 0, 1, 2].map(cancelStateOf)).toEqual([
      'none',
      'none',
      'pending',
      'approved',
      'rejected',
    ]);
  });
});

describe('won elsewhere and cancelled sessions', () => {
  it.each([
    [4, '落選（他の講習会で当選）'],
    [5, '落選（他の講習会で当選）'],
    [7, '落選（他の講習会で当選）'],
    [6, '当選'],
    [9, '受講予定'],
  ] as const)('lottery status %i with a place in another session of the course: %s', (status, word) => {
    const i = input({ status, wonOtherSessionSameCourse: true });
    expect(jaWord(statusBadge(i))).toBe(word);
    expect(jaWord(activityBadge(i))).toBe(word);
  });

  it('a cancelled booking stays cancelled even with a place elsewhere', () => {
    const i = input({
      selection: 'first_come',
      status: 7,
      cancel: 'approved',
      wonOtherSessionSameCourse: true,
    });
    expect(statusBadge(i)).toBe('cancelled');
  });

  it('a cancelled session: the card says so only with a cancel request, the member always, the office never', () => {
    const i = input({ status: 6, sessionActive: false });
    expect(statusBadge(i)).toBe('won');
    expect(statusBadge({ ...i, cancel: 'pending' })).toBe('sessionCancelled');
    expect(activityBadge(i)).toBe('sessionCancelled');
    expect(officeStatusLabel(i)).toBe('won');
  });
});

describe('activityList: お申し込み中 (pending) or 受講履歴 (history)', () => {
  it.each([
    // [status, date, active, list]
    [4, 'future', true, 'pending'],
    [5, 'future', true, 'pending'],
    [6, 'future', true, 'pending'],
    [8, 'future', true, 'pending'],
    [9, 'future', true, 'pending'], // paid and upcoming: still in progress
    [9, 'today', true, 'pending'],
    [10, 'today', true, 'pending'], // checked in today, post-test to take
    [11, 'today', true, 'pending'],
    [12, 'today', true, 'history'], // finished
    [7, 'future', true, 'history'], // lost or cancelled
    [9, 'past', true, 'history'], // the session is over
    [10, 'past', true, 'history'],
    [9, 'future', false, 'history'], // the session was cancelled
    [3, 'future', true, 'history'], // not applied
    [0, 'future', true, 'history'],
  ] as const)('status %i, session %s, active %s: %s', (status, date, active, list) => {
    expect(activityList({ status, sessionActive: active, eventDate: DATES[date], today: TODAY })).toBe(list);
  });
});

describe('every case', () => {
  const cases = SELECTIONS.flatMap((selection) =>
    USER_TYPES.flatMap((userTypeId) =>
      STATUSES.flatMap((status) =>
        CANCELS.flatMap((cancel) =>
          (Object.keys(DATES) as Array<keyof typeof DATES>).flatMap((date) =>
            [true, false].map((approved) => ({ selection, userTypeId, status, cancel, date, approved })),
          ),
        ),
      ),
    ),
  );

  it('has a word in both languages, 落選 only for a lottery lost, 当選 only after a draw', () => {
    expect(cases.length).toBe(2 * 4 * 13 * 4 * 3 * 2);
    for (const c of cases) {
      const i = input({
        selection: c.selection,
        userTypeId: c.userTypeId,
        status: c.status,
        cancel: c.cancel,
        hasAssistantApproval: c.approved,
      });
      const keys = [statusBadge(i), activityBadge(i), officeStatusLabel(i)];
      for (const key of keys) {
        if (key === null) continue;
        expect(jaWord(key), JSON.stringify(c)).not.toMatch(/^</);
        expect(
          (en.badges as Record<string, string>)[key] ?? (en.activity.statuses as Record<string, string>)[key],
          JSON.stringify(c),
        ).toBeTruthy();
        if (key === 'lost') {
          expect(c.selection).toBe('lottery');
          expect(c.cancel).not.toBe('approved');
        }
        if (key === 'won') expect(c.selection).toBe('lottery');
        if (key === 'approved') expect(c.userTypeId).toBe(USER_TYPE.assistant);
      }
      if (c.cancel === 'approved' && c.status >= 4)
        expect(keys).toEqual(['cancelled', 'cancelled', 'cancelled']);
      const list = activityList({
        status: c.status,
        sessionActive: true,
        eventDate: DATES[c.date],
        today: TODAY,
      });
      if (c.date === 'past' || c.status === 12 || c.status === 7 || c.status < 4)
        expect(list).toBe('history');
      else expect(list).toBe('pending');
    }
  });
});

describe('participationStatus: the spec 001 §4 words (status_name)', () => {
  const word = (key: string | null) =>
    key === null ? null : ((ja.activity.participation as Record<string, string>)[key] ?? jaWord(key));
  it.each([
    [{ status: 4 }, '申込中'],
    [{ status: 5 }, '抽選待ち'],
    [{ status: 6 }, '参加証取得'],
    [{ status: 6, selection: 'first_come' as const }, '参加証取得'],
    [{ status: 7 }, '落選'],
    [{ status: 8 }, '支払い待ち'],
    [{ status: 8, paymentMethodIds: [PAYMENT_METHOD.onSite] }, '参加証取得'],
    [{ status: 8, paymentMethodIds: [] }, '支払い待ち'],
    [{ status: 9 }, '講習会受講'],
    [{ status: 10 }, '事後テスト未受験'],
    [{ status: 11 }, 'アンケート未回答'],
    [{ status: 12 }, '活動完了'],
    [{ status: 12, userTypeId: USER_TYPE.assistant }, '未承認'],
    [{ status: 12, userTypeId: USER_TYPE.assistant, hasAssistantApproval: true }, '活動完了'],
    [{ status: 7, userTypeId: USER_TYPE.assistant }, '未承認'],
    [{ status: 7, userTypeId: USER_TYPE.assistant, hasAssistantApproval: true }, '落選'],
    [{ status: 9, sessionActive: false }, '開催中止'],
    [{ status: 5, wonOtherSessionSameCourse: true }, '落選（他の講習会で当選）'],
    [{ status: 2 }, '事前動画視聴済み'],
    [{ status: 3 }, '事前テスト受験済み'],
    [{ status: 0 }, null],
    [{ status: 9, cancel: 'approved' as const }, 'キャンセル済み'],
  ] as const)('%j → %s', (o, expected) => {
    expect(word(participationStatus(input(o as Partial<BadgeInput>)))).toBe(expected);
  });

  it('has an English word for every key it adds', () => {
    expect(Object.keys(en.activity.participation).sort()).toEqual(
      Object.keys(ja.activity.participation).sort(),
    );
  });
});
