import {
  canTakeStep,
  enrollmentMessages,
  type StepState,
  workflowSteps,
  type WorkflowStep,
  STEP_STATUS,
} from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enrollments } from '../../db/schema.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { loadContext, type PageContext, type EnrollmentRow } from '../enrollments/index.ts';

/**
 * The gate of the learning steps, shared by the pre-video, test, survey and certificate calls: the
 * caller's own enrolment on the session (never another user's: the lookup is by caller) and the state
 * of the workflow step the call belongs to, from the same rule table the session page draws
 * (packages/domain rules/workflow.ts).
 */
export type LearningContext = PageContext & { stepState: StepState };

export async function learningContext(
  db: Executor,
  trainingId: number,
  userTypeId: number,
  userId: number,
  step: WorkflowStep,
  now: Date,
): Promise<LearningContext> {
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  const view = workflowSteps(ctx.workflow).find((v) => v.step === step);
  return { ...ctx, stepState: view?.state ?? 'disabled' };
}

/** Refuses with 409 unless the step is active now (or, with `orFinished`, already finished). */
export function assertStepOpen(
  ctx: LearningContext,
  step: WorkflowStep,
  message: string,
  orFinished = false,
): void {
  if (canTakeStep(step, ctx.workflow)) return;
  if (orFinished && (ctx.stepState === 'finished' || ctx.stepState === 'bi_finished')) return;
  throw new ApiError(409, 'STEP_OUT_OF_ORDER', message);
}

/** The caller's enrolment, or 404 (the same answer as for someone else's). */
export function ownEnrollment(ctx: PageContext): EnrollmentRow {
  if (!ctx.enrollment) throw notFound(enrollmentMessages.notApplied);
  return ctx.enrollment;
}

/** Locks the enrolment row for the rest of the transaction and returns its current status. */
export async function lockEnrollment(tx: Executor, enrollmentId: number): Promise<number | null> {
  const [row] = await tx
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .for('update');
  return row ? row.status : null;
}

/** The enrolment of the caller, created (status 0) when the first learning step starts it. */
export async function ensureEnrollment(
  tx: Executor,
  input: { trainingId: number; userId: number; userTypeId: number },
  now: Date,
): Promise<EnrollmentRow> {
  await tx
    .insert(enrollments)
    .values({ ...input, status: STEP_STATUS.initial, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, input.trainingId),
        eq(enrollments.userId, input.userId),
        eq(enrollments.userTypeId, input.userTypeId),
      ),
    );
  if (!row) throw new Error('enrolment not created');
  return row;
}
