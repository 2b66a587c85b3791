import { describe, expect, it } from 'vitest';
import {
  conditionAlternatives,
  occupationAccepted,
  unmetConditionGroups,
  type CourseConditionRow,
  type PassedCourses,
} from './eligibility.ts';

const row = (groupNo: number, courseId: number, userTypeId: number | null): CourseConditionRow => ({
  groupNo,
  courseId,
  courseName: `course ${courseId}`,
  userTypeId,
});
const none: PassedCourses = { completed: [], certs: [] };

describe('occupationAccepted', () => {
  it.each([
    [[], 3, true],
    [[1, 2], 1, true],
    [[1, 2], 3, false],
  ] as const)('accepted %j, occupation %i → %s', (accepted, occupation, expected) => {
    expect(occupationAccepted(accepted, occupation)).toBe(expected);
  });
});

describe('unmetConditionGroups', () => {
  const conditions = [row(2, 20, null), row(1, 10, 4), row(1, 11, null)];
  it.each([
    ['nothing passed: both groups, in group order', none, [[10, 11], [20]]],
    [
      'a certificate of one alternative passes its group',
      { completed: [], certs: [{ courseId: 11 }] },
      [[20]],
    ],
    [
      'a completion as the wrong user type does not pass',
      { completed: [{ courseId: 10, userTypeId: 1 }], certs: [{ courseId: 20 }] },
      [[10, 11]],
    ],
    [
      'a completion as the named user type passes',
      { completed: [{ courseId: 10, userTypeId: 4 }], certs: [{ courseId: 20 }] },
      [],
    ],
    [
      'an alternative of any user type passes with any completion',
      {
        completed: [
          { courseId: 11, userTypeId: 2 },
          { courseId: 20, userTypeId: 3 },
        ],
        certs: [],
      },
      [],
    ],
  ] as const)('%s', (_label, passed, expected) => {
    expect(unmetConditionGroups(conditions, passed).map((g) => g.map((c) => c.courseId))).toEqual(expected);
  });

  it('is empty without conditions', () => {
    expect(unmetConditionGroups([], none)).toEqual([]);
  });
});

describe('conditionAlternatives', () => {
  it.each([
    ['one course, two roles', [row(1, 10, 4), row(1, 10, 2)], [{ course_id: 10, roles: [2, 4] }]],
    ['any role wins over named ones', [row(1, 10, 4), row(1, 10, null)], [{ course_id: 10, roles: [] }]],
    [
      'two courses keep their order',
      [row(1, 12, 1), row(1, 10, null)],
      [
        { course_id: 12, roles: [1] },
        { course_id: 10, roles: [] },
      ],
    ],
  ] as const)('%s', (_label, group, expected) => {
    expect(conditionAlternatives(group).map(({ course_id, roles }) => ({ course_id, roles }))).toEqual(
      expected,
    );
  });
});
