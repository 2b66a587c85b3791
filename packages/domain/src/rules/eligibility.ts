/**
 * Who may take a course (spec 000 §3 is_not_pass_occupation / is_not_pass_course_condition): the
 * occupations it accepts, and its course conditions in groups of alternatives. Pure: the server reads
 * the rows and the member's records, these decide.
 */

/** One alternative of a course condition: a course, passed as a given user type (null: any). */
export type CourseConditionRow = {
  groupNo: number;
  courseId: number;
  courseName: string;
  userTypeId: number | null;
};

/** What the member has passed: completed enrolments (course × user type) and valid certificates. */
export type PassedCourses = {
  completed: readonly { courseId: number; userTypeId: number }[];
  certs: readonly { courseId: number }[];
};

/** A course accepts every occupation when it lists none. */
export function occupationAccepted(accepted: readonly number[], occupation: number): boolean {
  return accepted.length === 0 || accepted.includes(occupation);
}

/** An alternative is passed by a certificate of its course, or a completed enrolment in it as its user type. */
function alternativePassed(c: CourseConditionRow, passed: PassedCourses): boolean {
  return (
    passed.certs.some((x) => x.courseId === c.courseId) ||
    passed.completed.some(
      (x) => x.courseId === c.courseId && (c.userTypeId === null || x.userTypeId === c.userTypeId),
    )
  );
}

/**
 * The groups of alternatives none of which the member has passed (every group needs one), in
 * group order; empty when the conditions are met.
 */
export function unmetConditionGroups<C extends CourseConditionRow>(
  conditions: readonly C[],
  passed: PassedCourses,
): C[][] {
  const groups = new Map<number, C[]>();
  for (const c of conditions) groups.set(c.groupNo, [...(groups.get(c.groupNo) ?? []), c]);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, alternatives]) => alternatives)
    .filter((alternatives) => !alternatives.some((c) => alternativePassed(c, passed)));
}

/**
 * A group as the spec names it: its alternatives by course, each with the user types ('roles') that
 * pass it; an empty `roles` means any user type.
 */
export function conditionAlternatives(
  group: readonly CourseConditionRow[],
): { course_id: number; course_name: string; roles: number[] }[] {
  const byCourse = new Map<
    number,
    { course_id: number; course_name: string; roles: number[]; any: boolean }
  >();
  for (const c of group) {
    const entry = byCourse.get(c.courseId) ?? {
      course_id: c.courseId,
      course_name: c.courseName,
      roles: [],
      any: false,
    };
    if (c.userTypeId === null) entry.any = true;
    else if (!entry.roles.includes(c.userTypeId)) entry.roles.push(c.userTypeId);
    byCourse.set(c.courseId, entry);
  }
  return [...byCourse.values()].map(({ any, ...alt }) => ({
    ...alt,
    roles: any ? [] : alt.roles.sort((a, b) => a - b),
  }));
}
