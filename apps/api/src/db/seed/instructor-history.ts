import { STEP_STATUS, type StepStatus, USER_TYPE, WORKFLOW_STEP } from '@mels/domain';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { courses, enrollments, enrollmentSteps, trainings, trainingUserTypes } from '../schema.ts';
import { addDays, jst } from './dates.ts';

/**
 * The demo instructor's teaching history (issue 15, decision 030): six sessions taught as instructor
 * over the last two years (after the インストラクター rank, granted 780 days ago) and one as assistant,
 * all attended, so the instructor tab lists them, the performance certificate can be
 * downloaded, and the rank-up to ディレクター can be requested (2 years and 5 sessions); plus one
 * upcoming session applied to as instructor, the evaluation candidate.
 */
export async function seedInstructorHistory(db: Executor, input: { userId: number; today: string }) {
  const recruiting = (userTypeId: number) =>
    sql`exists (select 1 from ${trainingUserTypes} u where u.training_id = ${trainings.id} and u.user_type_id = ${userTypeId})`;
  const past = await db
    .select({ id: trainings.id, eventDate: trainings.eventDate })
    .from(trainings)
    .where(
      and(
        eq(trainings.isActive, true),
        lt(trainings.eventDate, addDays(input.today, -14)),
        gte(trainings.eventDate, addDays(input.today, -700)),
        recruiting(USER_TYPE.instructor),
      ),
    )
    .orderBy(desc(trainings.eventDate), asc(trainings.id));
  // Spread over the period: six sessions evenly apart, the most recent first.
  const step = Math.max(1, Math.floor(past.length / 6));
  const taught = past.filter((_, i) => i % step === 0).slice(0, 6);
  const taughtIds = new Set(taught.map((t) => t.id));
  // One session assisted at: the earliest past one recruiting assistants that was not taught.
  const assistable = await db
    .select({ id: trainings.id, eventDate: trainings.eventDate })
    .from(trainings)
    .where(
      and(
        eq(trainings.isActive, true),
        lt(trainings.eventDate, addDays(input.today, -14)),
        recruiting(USER_TYPE.assistant),
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.id));
  const assisted = assistable.find((t) => !taughtIds.has(t.id));
  const [upcoming] = await db
    .select({ id: trainings.id, eventDate: trainings.eventDate })
    .from(trainings)
    .where(
      and(
        eq(trainings.isActive, true),
        gte(trainings.eventDate, addDays(input.today, 30)),
        recruiting(USER_TYPE.instructor),
        // A course session, not a renewal course: where an instructor is evaluated.
        sql`not exists (select 1 from ${courses} c where c.id = ${trainings.courseId} and c.is_renewal)`,
      ),
    )
    .orderBy(asc(trainings.eventDate), asc(trainings.id))
    .limit(1);

  const rows: Array<{ trainingId: number; userTypeId: number; status: StepStatus; day: string }> = [
    ...taught.map((t) => ({
      trainingId: t.id,
      userTypeId: USER_TYPE.instructor,
      status: STEP_STATUS.completed as StepStatus,
      day: t.eventDate,
    })),
    ...(assisted
      ? [
          {
            trainingId: assisted.id,
            userTypeId: USER_TYPE.assistant,
            status: STEP_STATUS.completed as StepStatus,
            day: assisted.eventDate,
          },
        ]
      : []),
    ...(upcoming
      ? [
          {
            trainingId: upcoming.id,
            userTypeId: USER_TYPE.instructor,
            status: STEP_STATUS.applying as StepStatus,
            day: addDays(input.today, -3),
          },
        ]
      : []),
  ];
  if (rows.length === 0) return;
  const inserted = await db
    .insert(enrollments)
    .values(
      rows.map((r) => ({
        trainingId: r.trainingId,
        userId: input.userId,
        userTypeId: r.userTypeId,
        status: r.status,
        assistantApprovedAt: r.userTypeId === USER_TYPE.assistant ? jst(addDays(r.day, -30), '10:00') : null,
        checkedInAt: r.status === STEP_STATUS.completed ? jst(r.day, '08:45') : null,
        createdAt: jst(addDays(r.day, -40), '20:00'),
        updatedAt: jst(r.day, '18:00'),
      })),
    )
    .returning({ id: enrollments.id });
  await db.insert(enrollmentSteps).values(
    inserted.map((e, i) => {
      const r = rows[i]!;
      const done = r.status === STEP_STATUS.completed;
      return {
        enrollmentId: e.id,
        step: done ? WORKFLOW_STEP.ticket : WORKFLOW_STEP.application,
        status: r.status,
        createdAt: done ? jst(r.day, '18:00') : jst(r.day, '20:00'),
      };
    }),
  );
}
