import type { StepStatus, WorkflowStep } from '@mels/domain';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { courseOccupations, courses, enrollments, enrollmentSteps, users } from '../schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { PREFECTURES } from './areas.ts';
import { insertInBatches, reserveIds } from './batch.ts';
import type { CourseIds, CourseSlug } from './courses.ts';
import { addDays, jst, today as tokyoToday } from './dates.ts';
import { makeMember } from './people.ts';
import { createRng, deriveSeed, type Rng } from './random.ts';
import {
  allocateByPopulation,
  insertTrainingPlans,
  pickCourse,
  planSession,
  spreadDates,
  type PlanContext,
  type SessionSlot,
  type TrainingPlan,
} from './trainings.ts';

export const SCALE_USERS_PER_UNIT = 1000;
export const SCALE_SESSIONS_PER_UNIT = 200;
/** The password of every scale member (hashed once per run). */
export const SCALE_PASSWORD = 'Member1234';

const PREFIX_TO_SLUG: Readonly<Record<string, CourseSlug>> = {
  B: 'basic',
  BI: 'basic-instructor',
  I: 'instructor',
  A: 'advance',
  R: 'renewal',
};

/** Statuses that hold a place (won, awaiting payment, attending and after). */
const PLACE_TAKING = new Set([6, 8, 9, 10, 11, 12]);

/** The workflow step a status is recorded at (4 application … 7 survey and certificate). */
export function stepOfStatus(status: number): WorkflowStep {
  if (status <= 3) return Math.max(1, status) as WorkflowStep;
  if (status <= 7) return 4;
  if (status <= 9) return 5;
  if (status === 10) return 6;
  return 7;
}

async function loadCourses(db: Executor): Promise<{ ids: CourseIds; occupations: Map<number, Set<number>> }> {
  const rows = await db.select({ id: courses.id, prefix: courses.certificatePrefix }).from(courses);
  const ids: Partial<Record<CourseSlug, number>> = {};
  for (const row of rows) {
    const slug = row.prefix ? PREFIX_TO_SLUG[row.prefix] : undefined;
    if (slug && ids[slug] === undefined) ids[slug] = row.id;
  }
  const missing = Object.values(PREFIX_TO_SLUG).filter((slug) => ids[slug] === undefined);
  if (missing.length > 0)
    throw new Error(`seedScale needs the demo courses first (missing: ${missing.join(', ')})`);
  const occupationRows = await db
    .select()
    .from(courseOccupations)
    .where(inArray(courseOccupations.courseId, Object.values(ids)));
  const occupations = new Map<number, Set<number>>();
  for (const row of occupationRows) {
    occupations.set(row.courseId, (occupations.get(row.courseId) ?? new Set()).add(row.occupation));
  }
  return { ids: ids as CourseIds, occupations };
}

function scaleSlots(rng: Rng, day: string, total: number): SessionSlot[] {
  const counts = allocateByPopulation(total, 2);
  const slots: SessionSlot[] = [];
  for (const pref of PREFECTURES) {
    for (const eventDate of spreadDates(rng, day, counts.get(pref.id) ?? 2)) {
      const slug = pickCourse(rng, pref);
      slots.push({ pref, slug, eventDate, seriesNo: slug === 'basic' ? rng.int(5, 90) : rng.int(1, 20) });
    }
  }
  return slots.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.pref.id - b.pref.id);
}

type EnrollmentRow = typeof enrollments.$inferInsert & { id: number };
type StepRow = typeof enrollmentSteps.$inferInsert;

type Candidate = { trainingId: number; plan: TrainingPlan };

/**
 * Decides what an application to one recruitment looks like at `now`: its status, and when it was made,
 * or undefined when no one could have applied (window not open, session cancelled, no place left).
 */
function applicationFor(
  rng: Rng,
  plan: TrainingPlan,
  typeIndex: number,
  now: Date,
  day: string,
): { status: StepStatus; appliedAt: Date; changedAt: Date } | undefined {
  const recruit = plan.userTypes[typeIndex];
  if (!recruit || !plan.training.isActive) return undefined;
  const start = recruit.applyStartDate.getTime();
  const end = recruit.applyEndDate.getTime();
  if (start > now.getTime()) return undefined;
  const appliedAt = new Date(start + rng.next() * (Math.min(end, now.getTime()) - start));
  const eventDate = plan.training.eventDate;
  const hasRoom = (recruit.participant ?? 0) < recruit.capacity;
  const isAttendee = recruit.userTypeId === 4;
  const lottery = recruit.selection === 'lottery';
  const closedAt = new Date(end + 86_400_000 * rng.int(1, 7));

  let status: StepStatus;
  let changedAt = appliedAt;
  if (eventDate < day) {
    if (!hasRoom) {
      if (!lottery) return undefined;
      status = 7;
      changedAt = closedAt;
    } else {
      status = isAttendee
        ? rng.weighted([
            [12, 80],
            [11, 8],
            [10, 7],
            [9, 5],
          ] as const)
        : rng.weighted([
            [12, 85],
            [9, 15],
          ] as const);
      changedAt = jst(addDays(eventDate, status === 9 ? 0 : rng.int(0, 10)), '20:00');
    }
  } else if (end >= now.getTime()) {
    if (lottery) status = 5;
    else if (!hasRoom) return undefined;
    else status = isAttendee && rng.chance(0.2) ? 8 : 9;
  } else if (!hasRoom) {
    if (!lottery) return undefined;
    status = 7;
    changedAt = closedAt;
  } else {
    status = lottery
      ? rng.weighted([
          [9, 75],
          [8, 15],
          [6, 10],
        ] as const)
      : 9;
    changedAt = lottery ? closedAt : appliedAt;
  }
  if (changedAt > now) changedAt = now;
  if (PLACE_TAKING.has(status)) recruit.participant = (recruit.participant ?? 0) + 1;
  return { status, appliedAt, changedAt };
}

/**
 * Adds n×1,000 members, n×200 sessions over every prefecture and course within ±12 months, and
 * enrolments (with their step entry) for about 60 % of the new members. Ids are reserved from the
 * sequences, so emails (member{id}@scale.mels.example.jp) never repeat across runs.
 */
export async function seedScale(db: Executor, n: number): Promise<Record<string, number>> {
  if (!Number.isInteger(n) || n < 1) throw new Error('seedScale: n must be a whole number of 1 or more');
  const now = new Date();
  const day = tokyoToday(now);
  const passwordHash = await hashPassword(SCALE_PASSWORD);

  return db.transaction(async (tx) => {
    const { ids: courseIds, occupations } = await loadCourses(tx);
    const userCount = n * SCALE_USERS_PER_UNIT;
    const firstUserId = await reserveIds(tx, 'users', userCount);
    const rng = createRng(deriveSeed(20261122, `scale:${firstUserId}`));

    // Sessions (inserted after the enrolments are decided, so that `participant` is right).
    const ctx: PlanContext = { now, today: day, courseIds, localHoldings: [] };
    const plans = scaleSlots(rng, day, n * SCALE_SESSIONS_PER_UNIT).map((slot) =>
      planSession(rng, ctx, slot),
    );
    const firstTrainingId = await reserveIds(tx, 'trainings', plans.length);
    const candidates: Candidate[] = plans.map((plan, i) => ({ trainingId: firstTrainingId + i, plan }));
    const basicCandidates = candidates.filter((c) => c.plan.training.courseId === courseIds.basic);

    // Members.
    const members = Array.from({ length: userCount }, (_, i) => {
      const id = firstUserId + i;
      return makeMember(rng, id, `member${id}@scale.mels.example.jp`, passwordHash, day);
    });

    // Enrolments: ~60 % of members apply once, some of them twice.
    const enrollmentRows: Omit<EnrollmentRow, 'id'>[] = [];
    const stepRows: Omit<StepRow, 'enrollmentId'>[] = [];
    for (const member of members) {
      if (!rng.chance(0.6)) continue;
      const wanted = rng.chance(0.25) ? 2 : 1;
      const taken = new Set<number>();
      for (let attempt = 0; attempt < 6 && taken.size < wanted; attempt++) {
        const pool = rng.chance(0.7) ? basicCandidates : candidates;
        const candidate = rng.pick(pool.length > 0 ? pool : candidates);
        if (taken.has(candidate.trainingId)) continue;
        const allowed = occupations.get(candidate.plan.training.courseId);
        if (allowed && !allowed.has(member.occupation)) continue;
        const types = candidate.plan.userTypes;
        const staff = member.occupation === 1 || member.occupation === 2 || member.occupation === 5;
        let index = types.findIndex((t) => t.userTypeId === 4);
        if (staff && rng.chance(0.15)) {
          const staffIndex = types.findIndex((t) => t.userTypeId === 1 || t.userTypeId === 2);
          if (staffIndex >= 0) index = staffIndex;
        }
        if (index < 0) continue;
        const application = applicationFor(rng, candidate.plan, index, now, day);
        if (!application) continue;
        taken.add(candidate.trainingId);
        const userTypeId = types[index]?.userTypeId ?? 4;
        enrollmentRows.push({
          trainingId: candidate.trainingId,
          userId: member.id ?? 0,
          userTypeId,
          status: application.status,
          createdAt: application.appliedAt,
          updatedAt: application.changedAt,
        });
        stepRows.push({
          step: stepOfStatus(application.status),
          status: application.status,
          actorUserId: member.id ?? null,
          createdAt: application.changedAt,
        });
      }
    }

    await insertTrainingPlans(tx, plans, firstTrainingId);
    await insertInBatches(tx, users, members);
    const firstEnrollmentId = await reserveIds(tx, 'enrollments', enrollmentRows.length);
    await insertInBatches(
      tx,
      enrollments,
      enrollmentRows.map((row, i) => ({ id: firstEnrollmentId + i, ...row })),
    );
    await insertInBatches(
      tx,
      enrollmentSteps,
      stepRows.map((row, i) => ({ enrollmentId: firstEnrollmentId + i, ...row })),
    );

    return {
      users: members.length,
      trainings: plans.length,
      trainingUserTypes: plans.reduce((sum, p) => sum + p.userTypes.length, 0),
      trainingPaymentMethods: plans.reduce((sum, p) => sum + p.paymentMethods.length, 0),
      enrollments: enrollmentRows.length,
      enrollmentSteps: stepRows.length,
    };
  });
}
