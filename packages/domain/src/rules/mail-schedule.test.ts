import { describe, expect, it } from 'vitest';
import { dayBeforeReminderAt, transferReminderAt } from './mail-schedule.ts';

const at = (iso: string) => new Date(iso);

describe('dayBeforeReminderAt', () => {
  const cases: { name: string; eventDate: string; now: string; expected: string | null }[] = [
    {
      name: 'weeks before: 10:00 JST the day before',
      eventDate: '2026-07-10',
      now: '2026-06-01T00:00:00Z',
      expected: '2026-07-09T01:00:00.000Z',
    },
    {
      name: 'one minute before that moment: still then',
      eventDate: '2026-07-10',
      now: '2026-07-09T00:59:00Z',
      expected: '2026-07-09T01:00:00.000Z',
    },
    {
      name: 'the day before, afternoon: at once',
      eventDate: '2026-07-10',
      now: '2026-07-09T06:00:00Z',
      expected: '2026-07-09T06:00:00.000Z',
    },
    {
      name: 'the day before, 23:59 JST: at once',
      eventDate: '2026-07-10',
      now: '2026-07-09T14:59:00Z',
      expected: '2026-07-09T14:59:00.000Z',
    },
    {
      name: 'the day itself (00:00 JST): none',
      eventDate: '2026-07-10',
      now: '2026-07-09T15:00:00Z',
      expected: null,
    },
    { name: 'after the session: none', eventDate: '2026-07-10', now: '2026-07-12T00:00:00Z', expected: null },
    { name: 'a bad date: none', eventDate: 'not-a-date', now: '2026-07-01T00:00:00Z', expected: null },
  ];
  it.each(cases)('$name', ({ eventDate, now, expected }) => {
    const result = dayBeforeReminderAt(eventDate, at(now));
    expect(result ? result.toISOString() : null).toBe(expected);
  });
});

describe('transferReminderAt', () => {
  const cases: { name: string; due: string; now: string; expected: string | null }[] = [
    {
      name: 'seven days to pay: two days before the deadline',
      due: '2026-07-10T14:59:59Z',
      now: '2026-07-03T02:00:00Z',
      expected: '2026-07-08T14:59:59.000Z',
    },
    {
      name: 'exactly two days left: none',
      due: '2026-07-10T00:00:00Z',
      now: '2026-07-08T00:00:00Z',
      expected: null,
    },
    { name: 'one day left: none', due: '2026-07-10T00:00:00Z', now: '2026-07-09T00:00:00Z', expected: null },
    {
      name: 'two days and a second left: then',
      due: '2026-07-10T00:00:01Z',
      now: '2026-07-08T00:00:00Z',
      expected: '2026-07-08T00:00:01.000Z',
    },
  ];
  it.each(cases)('$name', ({ due, now, expected }) => {
    const result = transferReminderAt(at(due), at(now));
    expect(result ? result.toISOString() : null).toBe(expected);
  });
});
