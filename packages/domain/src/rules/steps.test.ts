import { describe, expect, it } from 'vitest';
import {
  DISPLAY_STEP_BY_STATUS,
  displayStep,
  recruitingPhase,
  STEP_STATUS,
  type StepStatus,
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

describe('recruitingPhase', () => {
  const start = '2026-11-01T00:00:00+09:00';
  const end = '2026-11-30T23:59:59+09:00';
  it.each([
    ['before the start', start, end, undefined, '2026-10-31T23:59:59+09:00', 'upcoming'],
    ['at the start', start, end, undefined, start, 'open'],
    ['between start and end', start, end, undefined, '2026-11-22T12:00:00+09:00', 'open'],
    ['at the end (still open)', start, end, undefined, end, 'open'],
    ['after the end', start, end, undefined, '2026-12-01T00:00:00+09:00', 'closed'],
    [
      'Date values after the end',
      new Date(start),
      new Date(end),
      undefined,
      '2026-12-01T00:00:00+09:00',
      'closed',
    ],
    [
      'Date values before the start',
      new Date(start),
      new Date(end),
      undefined,
      '2026-10-01T00:00:00+09:00',
      'upcoming',
    ],
    ['no start, before the end', null, end, undefined, '2000-01-01T00:00:00Z', 'open'],
    ['no start, after the end', null, end, undefined, '2026-12-01T00:00:00+09:00', 'closed'],
    ['no end, after the start', start, null, undefined, '2099-01-01T00:00:00Z', 'open'],
    ['no end, before the start', start, null, undefined, '2026-10-01T00:00:00+09:00', 'upcoming'],
    ['neither date', null, null, undefined, '2026-11-22T12:00:00+09:00', 'open'],
    ['an active session in its window', start, end, true, '2026-11-22T12:00:00+09:00', 'open'],
    ['a cancelled session in its window', start, end, false, '2026-11-22T12:00:00+09:00', 'closed'],
    ['a cancelled session before its window', start, end, false, '2026-10-01T00:00:00+09:00', 'closed'],
    ['a cancelled session after its window', start, end, false, '2026-12-01T00:00:00+09:00', 'closed'],
  ] as const)('%s', (_, applyStart, applyEnd, active, now, phase) => {
    expect(recruitingPhase({ applyStart, applyEnd, active }, new Date(now))).toBe(phase);
  });
});
