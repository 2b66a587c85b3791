import { describe, expect, it } from 'vitest';
import { newsState, reorderPositions } from './content.ts';

const now = new Date('2026-11-24T03:00:00Z');
const at = (iso: string) => new Date(iso);

describe('newsState', () => {
  it.each([
    [false, '2026-11-01T00:00:00Z', 'draft'],
    [false, '2026-12-01T00:00:00Z', 'draft'],
    [true, '2026-11-24T03:00:00Z', 'public'],
    [true, '2026-11-24T02:59:59Z', 'public'],
    [true, '2026-11-24T03:00:01Z', 'scheduled'],
    [true, '2027-01-01T00:00:00Z', 'scheduled'],
  ] as const)('published %s, public_date %s → %s', (isPublished, date, state) => {
    expect(newsState({ isPublished, publicDate: at(date) }, now)).toBe(state);
  });
});

describe('reorderPositions', () => {
  it.each([
    [
      [1, 2, 3],
      [3, 1, 2],
      [
        [3, 1],
        [1, 2],
        [2, 3],
      ],
    ],
    [[5], [5], [[5, 1]]],
    [[], [], []],
  ])('%j arranged as %j', (current, arranged, positions) => {
    expect([...reorderPositions(current, arranged)!.entries()]).toEqual(positions);
  });
  it.each([
    [
      [1, 2, 3],
      [1, 2],
    ],
    [
      [1, 2, 3],
      [1, 2, 2],
    ],
    [
      [1, 2, 3],
      [1, 2, 4],
    ],
    [
      [1, 2],
      [1, 2, 3],
    ],
  ])('%j refuses %j', (current, arranged) => {
    expect(reorderPositions(current, arranged)).toBeNull();
  });
});
