import { STEP_STATUS, USER_TYPE, WORKFLOW_STEP } from '@mels/domain';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { courses, enrollments, enrollmentSteps, trainings, trainingUserTypes } from '../schema.ts';
import type { CourseIds } from './courses.ts';
import { addDays, jst } from './dates.ts';
import { createTrainingPlans } from './trainings.ts';

/** The BI course's certification fee (認定申請料) of the demo: its registration is free, certification is not. */
export const BI_CERTIFICATION_FEE = 11000;

export type Finished = { trainingId: number; userTypeId: number; day: string };

/** The earliest active session of the course recruiting the user type on or after `from` (and up to `to`). */
export async function sessionBetween(
  db: Executor,
  input: { courseId: number; userTypeId: number; from: string; to: string },
): Promise<Finished | null> {
  const [row] = await db
    .select({ id: trainings.id, eventDate: trainings.eventDate })
    .from(trainings)
    .where(
      and(
        eq(trainings.courseId, input.courseId),
        eq(trainings.isActive, true),
        gt(trainings.eventDate, input.from),
        lte(trainings.eventDate, input.to),
        sql`exists (select 1 from ${trainingUserTypes} u where u.training_id = ${trainings.id} and u.user_type_id = ${input.userTypeId})`,
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.id))
    .limit(1);
  return row ? { trainingId: row.id, userTypeId: input.userTypeId, day: row.eventDate } : null;
}

/**
 * A past session of the course on `day` for the demo history: a copy of the course's first session (same
 * venue, times and recruitment) moved to that day, its windows before it. Used when the generated
 * sessions have none in the window the accounts need.
 */
export async function pastCopy(db: Executor, input: { courseId: number; userTypeId: number; day: string }) {
  const [model] = await db
    .select()
    .from(trainings)
    .where(eq(trainings.courseId, input.courseId))
    .orderBy(asc(trainings.id))
    .limit(1);
  if (!model) throw new Error(`no session of course ${input.courseId} to copy for the BI demo accounts`);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = model;
  // Created as the office would have made it, 90 days before the day (issue 16: through the catalogue).
  const [copy] = await createTrainingPlans(db, [
    {
      training: {
        ...fields,
        eventDate: input.day,
        isActive: true,
        cancelledReason: null,
        createdAt: jst(addDays(input.day, -90), '10:00'),
      },
      // The user type asked for is recruited too (an instructor's activity of the renewal demo).
      userTypes: [...new Set([USER_TYPE.attendee, USER_TYPE.assistant, input.userTypeId])].map(
        (userTypeId) => ({
          userTypeId,
          description: '',
          capacity: userTypeId === USER_TYPE.attendee ? 24 : 4,
          participant: 0,
          price: 0,
          selection: 'first_come',
          applyStartDate: jst(addDays(input.day, -60), '10:00'),
          applyEndDate: jst(addDays(input.day, -14), '23:59'),
        }),
      ),
      paymentMethods: [],
    },
  ]);
  return { trainingId: copy!.id, userTypeId: input.userTypeId, day: input.day };
}

export async function finish(db: Executor, userId: number, rows: Finished[]) {
  if (rows.length === 0) return;
  const inserted = await db
    .insert(enrollments)
    .values(
      rows.map((r) => ({
        trainingId: r.trainingId,
        userId,
        userTypeId: r.userTypeId,
        status: STEP_STATUS.completed,
        assistantApprovedAt: r.userTypeId === USER_TYPE.assistant ? jst(addDays(r.day, -20), '10:00') : null,
        checkedInAt: jst(r.day, '08:45'),
        createdAt: jst(addDays(r.day, -40), '20:00'),
        updatedAt: jst(r.day, '18:00'),
      })),
    )
    .returning({ id: enrollments.id });
  await db.insert(enrollmentSteps).values(
    inserted.map((e, i) => ({
      enrollmentId: e.id,
      step: WORKFLOW_STEP.ticket,
      status: STEP_STATUS.completed,
      createdAt: jst(rows[i]!.day, '18:00'),
    })),
  );
}

/**
 * The two demo accounts of the BI certification request (issue 15, decision 029):
 * bi-candidate (doctor, emergency, ICLS) finished the BI course about 14 months ago and assisted at three
 * basic-course sessions within the year after it: eligible, with the certification fee to pay;
 * bi-nurse finished it about 3 months ago and assisted once: the requirements-unmet page.
 */
export async function seedBiCandidates(
  db: Executor,
  input: { candidateId: number; nurseId: number; courseIds: CourseIds; today: string },
) {
  const { courseIds, today } = input;
  await db
    .update(courses)
    .set({ certificationFee: BI_CERTIFICATION_FEE })
    .where(eq(courses.id, courseIds['basic-instructor']));

  const plan = async (userId: number, window: { from: number; to: number }, assisted: number) => {
    const found = await sessionBetween(db, {
      courseId: courseIds['basic-instructor'],
      userTypeId: USER_TYPE.attendee,
      from: addDays(today, -window.from),
      to: addDays(today, -window.to),
    });
    const course =
      found ??
      (await pastCopy(db, {
        courseId: courseIds['basic-instructor'],
        userTypeId: USER_TYPE.attendee,
        day: addDays(today, -Math.round((window.from + window.to) / 2)),
      }));
    const rows: Finished[] = [course];
    let from = addDays(course.day, 10);
    for (let i = 0; i < assisted; i += 1) {
      const session = await sessionBetween(db, {
        courseId: courseIds.basic,
        userTypeId: USER_TYPE.assistant,
        from,
        // Within the year after the course (the sessions that count), and in the past.
        to: [addDays(course.day, 365), addDays(today, -7)].sort()[0]!,
      });
      const next =
        session ??
        (await pastCopy(db, {
          courseId: courseIds.basic,
          userTypeId: USER_TYPE.assistant,
          day: [addDays(from, 20), addDays(today, -10)].sort()[0]!,
        }));
      rows.push(next);
      from = addDays(next.day, 60);
    }
    await finish(db, userId, rows);
  };
  await plan(input.candidateId, { from: 480, to: 400 }, 3);
  await plan(input.nurseId, { from: 100, to: 80 }, 1);
}
