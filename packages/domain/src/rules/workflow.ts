import { BI_PREFIX, ORDER_STATUS, PAYMENT_METHOD, USER_TYPE } from '../constants.ts';
import {
  DISPLAY_STEP_BY_STATUS,
  displayStep,
  STEP_STATUS,
  type StepStatus,
  WORKFLOW_STEP,
  type WorkflowStep,
} from './steps.ts';

/**
 * The session workflow of spec 000 §4 (seven steps, their gating, the route after winning and the
 * page guards of §2) as pure rules: no I/O, the clock is passed in. The server refuses what these
 * rules disable; the browser draws the same states.
 */

export type StepState = 'disabled' | 'active' | 'finished' | 'bi_finished';

/** Statuses that hold a place (the demo seeder's rule): won, awaiting payment, attending and after. */
export const PLACE_HOLDING_STATUSES: readonly StepStatus[] = [6, 8, 9, 10, 11, 12];

export function holdsPlace(status: number | null | undefined): boolean {
  return (
    status !== null && status !== undefined && (PLACE_HOLDING_STATUSES as readonly number[]).includes(status)
  );
}

/** Statuses that count as an application for the same-time conflict (check_training): applied and not lost. */
export function isLiveApplication(status: number | null | undefined): boolean {
  return (
    status !== null && status !== undefined && status >= STEP_STATUS.applying && status !== STEP_STATUS.lost
  );
}

/** Step 1 (course registration) is skipped when the course is free (price 0) or a BI course. */
export function registrationSkipped(
  coursePrice: number,
  certificatePrefix: string | null | undefined,
): boolean {
  return coursePrice === 0 || isBiCourse(certificatePrefix);
}

export function isBiCourse(certificatePrefix: string | null | undefined): boolean {
  return (certificatePrefix ?? '').toUpperCase() === BI_PREFIX;
}

/** Only attendees see all seven steps; the other user types see application (4) and ticket (5). */
export function visibleSteps(userTypeId: number): WorkflowStep[] {
  return userTypeId === USER_TYPE.attendee ? [1, 2, 3, 4, 5, 6, 7] : [4, 5];
}

export type WindowPhase = 'upcoming' | 'open' | 'closed';

/** Where `now` is against the user type's application window (both ends inclusive). */
export function applicationWindow(
  applyStart: Date | string,
  applyEnd: Date | string,
  now: Date,
): WindowPhase {
  if (now.getTime() < new Date(applyStart).getTime()) return 'upcoming';
  if (now.getTime() > new Date(applyEnd).getTime()) return 'closed';
  return 'open';
}

export type WorkflowInput = {
  userTypeId: number;
  /** The last step entry's status; null without entries. */
  status: number | null;
  /** The enrolment was cancelled (approved cancel request). */
  cancelled: boolean;
  coursePrice: number;
  certificatePrefix: string | null;
  /** The course has pre-videos / a pre-test (steps 2 and 3 are finished when it has none). */
  hasPreVideo: boolean;
  hasPreTest: boolean;
  applyStart: Date | string;
  applyEnd: Date | string;
  sessionActive: boolean;
  /** check_training: the user already applied to another session at the same time. */
  sameTimeConflict: boolean;
  occupationPassed: boolean;
  courseConditionPassed: boolean;
  /** is_pass_basic_updated_course (basic-course holder limitation of renewal courses). */
  basicUpdatedCoursePassed: boolean;
  assistantApproved: boolean;
  /** A first-come recruitment whose places are all taken (a lottery takes applications past capacity). */
  full?: boolean;
  /**
   * What the member's records of the course put them at outside this enrolment (0–3, see
   * courseProgress): the registration paid (1) and the pre-video (2) and pre-test (3) done in
   * another session of the same course. Decision 021.
   */
  courseProgress?: number;
  now: Date;
};

/**
 * The member's progress in a course before applying (decision 021), from their records outside one
 * enrolment: the course registration (step 1) is per member and course, so a paid (or free)
 * registration, or any attendee enrolment of the course past step 1, makes it 1 for good; the
 * pre-video and pre-test are course material, so what another enrolment of the course reached (2, 3;
 * an application or anything after it means both were done) counts too, until the member completes
 * the course: a retake watches and answers again.
 */
export function courseProgress(records: {
  registrationPaid: boolean;
  /** The statuses of the member's other attendee enrolments in the course. */
  otherStatuses: readonly number[];
}): number {
  let level: number = records.registrationPaid ? STEP_STATUS.courseRegistered : STEP_STATUS.initial;
  for (const s of records.otherStatuses) {
    if (s >= STEP_STATUS.courseRegistered) level = Math.max(level, STEP_STATUS.courseRegistered);
    if (s < STEP_STATUS.completed) level = Math.max(level, Math.min(s, STEP_STATUS.preTestDone));
  }
  return level;
}

/**
 * The status the workflow reads: the enrolment's own once it has applied (4 and after); before
 * that, the further of its own and the course progress the member carries (decision 021). Null when
 * neither has anything.
 */
export function effectiveStatus(input: Pick<WorkflowInput, 'status' | 'courseProgress'>): number | null {
  const own = input.status;
  if (own !== null && own >= STEP_STATUS.applying) return own;
  const carried = input.courseProgress ?? STEP_STATUS.initial;
  if (carried <= STEP_STATUS.initial) return own;
  return Math.max(own ?? STEP_STATUS.initial, Math.min(carried, STEP_STATUS.preTestDone));
}

/** Everything that blocks every step not yet finished (spec: clickable only if …). */
export function blockers(
  input: WorkflowInput,
): Array<'sessionCancelled' | 'sameTimeConflict' | 'occupation' | 'courseCondition' | 'enrollmentCancelled'> {
  const out: ReturnType<typeof blockers> = [];
  if (!input.sessionActive) out.push('sessionCancelled');
  if (input.cancelled) out.push('enrollmentCancelled');
  if (input.sameTimeConflict) out.push('sameTimeConflict');
  if (!input.occupationPassed) out.push('occupation');
  if (!input.courseConditionPassed) out.push('courseCondition');
  return out;
}

/** Whether a step is done, from the last status (and what the course skips). */
export function stepFinished(step: WorkflowStep, input: WorkflowInput): boolean {
  const s = effectiveStatus(input) ?? STEP_STATUS.initial;
  switch (step) {
    case WORKFLOW_STEP.courseRegistration:
      return (
        registrationSkipped(input.coursePrice, input.certificatePrefix) || s >= STEP_STATUS.courseRegistered
      );
    case WORKFLOW_STEP.preVideo:
      return !input.hasPreVideo || s >= STEP_STATUS.preVideoWatched;
    case WORKFLOW_STEP.preTest:
      return !input.hasPreTest || s >= STEP_STATUS.preTestDone;
    case WORKFLOW_STEP.application:
      return s >= STEP_STATUS.applying;
    case WORKFLOW_STEP.ticket:
      return s >= STEP_STATUS.postTestNotTaken;
    case WORKFLOW_STEP.postTest:
      return s >= STEP_STATUS.surveyNotTaken;
    case WORKFLOW_STEP.surveyAndCertificate:
      return s >= STEP_STATUS.completed;
  }
}

/** Whether a step not yet finished may be taken now (its own gate, before the global blockers). */
function stepOpen(step: WorkflowStep, input: WorkflowInput): boolean {
  const s = effectiveStatus(input) ?? STEP_STATUS.initial;
  const window = applicationWindow(input.applyStart, input.applyEnd, input.now);
  switch (step) {
    case WORKFLOW_STEP.courseRegistration:
      // Spec: for user type 4 step 1 is disabled when the window has closed or the basic-updated course is not passed.
      return window !== 'closed' && input.basicUpdatedCoursePassed;
    case WORKFLOW_STEP.preVideo:
    case WORKFLOW_STEP.preTest:
      return true;
    case WORKFLOW_STEP.application:
      return (
        window === 'open' &&
        !input.full &&
        (input.userTypeId !== USER_TYPE.attendee || input.basicUpdatedCoursePassed)
      );
    case WORKFLOW_STEP.ticket:
      if (input.userTypeId === USER_TYPE.assistant && !input.assistantApproved) return false;
      return s === STEP_STATUS.won || s === STEP_STATUS.awaitingPayment || s === STEP_STATUS.attending;
    case WORKFLOW_STEP.postTest:
      return s === STEP_STATUS.postTestNotTaken;
    case WORKFLOW_STEP.surveyAndCertificate:
      return s === STEP_STATUS.surveyNotTaken;
  }
}

export type StepView = { step: WorkflowStep; state: StepState };

/**
 * The visible steps with their state: finished ones stay finished (step 7 of a BI course is
 * 'bi_finished'); the first unfinished one is active when its gate is open and nothing blocks;
 * everything else is disabled.
 */
export function workflowSteps(input: WorkflowInput): StepView[] {
  const blocked = blockers(input).length > 0;
  const status = effectiveStatus(input) ?? STEP_STATUS.initial;
  let reachedOpen = false;
  return visibleSteps(input.userTypeId).map((step) => {
    // A step finished only because the course has nothing for it stays disabled behind an unfinished one.
    const skippedOnly = step <= 3 && status < step;
    if (stepFinished(step, input) && !(reachedOpen && skippedOnly)) {
      const bi = step === WORKFLOW_STEP.surveyAndCertificate && isBiCourse(input.certificatePrefix);
      return { step, state: bi ? 'bi_finished' : 'finished' };
    }
    if (reachedOpen) return { step, state: 'disabled' };
    reachedOpen = true;
    return { step, state: !blocked && stepOpen(step, input) ? 'active' : 'disabled' };
  });
}

/**
 * The step the detail answers as `step`: the status table of §4 once the member has applied; before
 * that, the first visible step not yet finished. That is the spec's 'step 4 for a student' when the
 * course skips registration, pre-video and pre-test, 1 when an attendee still owes the registration
 * fee, 2 or 3 when pre-material waits (here or carried from another session of the course, decision
 * 021), and 4 for instructors, assistants and observers, who see only steps 4 and 5 (decision 004).
 */
export function currentStep(input: WorkflowInput): number {
  const status = effectiveStatus(input);
  if (status !== null && status >= STEP_STATUS.applying) return displayStep(status as StepStatus, 4);
  const pending = visibleSteps(input.userTypeId).find((step) => !stepFinished(step, input));
  return pending ?? DISPLAY_STEP_BY_STATUS[12];
}

/** Whether `step` is the active step now (what every step endpoint checks on the server). */
export function canTakeStep(step: WorkflowStep, input: WorkflowInput): boolean {
  return workflowSteps(input).some((v) => v.step === step && v.state === 'active');
}

export type AfterWinRoute = 'payment' | 'waiting' | 'agreement' | 'choose';

/** Whether a place of this user type and fee is paid for at all (attendees, a session fee of at least ¥50). */
export function sessionFeeDue(userTypeId: number, sessionFee: number): boolean {
  return userTypeId === USER_TYPE.attendee && sessionFee >= 50;
}

/**
 * The payment method a place is paid by: the member's choice when the session offers it, else the
 * session's only method (card when it names none); null while the member has several to choose from.
 */
export function paymentMethodOf(
  paymentMethodIds: readonly number[],
  chosen: number | null | undefined,
): number | null {
  if (chosen !== null && chosen !== undefined && paymentMethodIds.includes(chosen)) return chosen;
  if (paymentMethodIds.length === 0) return PAYMENT_METHOD.card;
  if (paymentMethodIds.length === 1) return paymentMethodIds[0] ?? null;
  return null;
}

/**
 * Where a place leads (spec: after application, 'for type 4 the payment method decides the route').
 * Attendees with a session fee (≥ the free threshold): card → the payment page (status 8), bank
 * transfer → the waiting notice (status 8 until the office confirms receipt), pay on site → the
 * agreement; a session offering several methods lets the member choose first ('choose', status 8;
 * decision 021). Free sessions and other user types → agreement.
 */
export function routeAfterWin(
  userTypeId: number,
  sessionFee: number,
  paymentMethodIds: readonly number[],
  chosen: number | null = null,
): AfterWinRoute {
  if (!sessionFeeDue(userTypeId, sessionFee)) return 'agreement';
  const method = paymentMethodOf(paymentMethodIds, chosen);
  if (method === null) return 'choose';
  if (method === PAYMENT_METHOD.card) return 'payment';
  if (method === PAYMENT_METHOD.bankTransfer) return 'waiting';
  return 'agreement';
}

/** The status a new place starts the ticket stage with: 8 awaiting payment unless the route is the agreement. */
export function statusAfterWin(route: AfterWinRoute): StepStatus {
  return route === 'agreement' ? STEP_STATUS.won : STEP_STATUS.awaitingPayment;
}

/**
 * Whether the member may (still) choose or change the payment method of a place: an attendee owing
 * the session fee, awaiting payment (8), with no payment made and none under way by card. (With one
 * method only, choosing it confirms it: a transfer's deadline starts then.)
 */
export function canChoosePaymentMethod(input: {
  userTypeId: number;
  sessionFee: number;
  paymentMethodIds: readonly number[];
  status: number | null;
  cancelled: boolean;
  /** The latest session-fee order: its status and method, or null. */
  order: { status: number; paymentMethodId: number } | null;
}): boolean {
  if (!sessionFeeDue(input.userTypeId, input.sessionFee)) return false;
  if (input.cancelled || input.status !== STEP_STATUS.awaitingPayment) return false;
  const o = input.order;
  if (o === null) return true;
  // Paid: nothing to choose. In payment: only an offline order (transfer awaited, on site) may be withdrawn.
  if (o.status === ORDER_STATUS.complete) return false;
  return !(o.status === ORDER_STATUS.inPayment && o.paymentMethodId === PAYMENT_METHOD.card);
}

/**
 * Whether the agreement may be given: a place not awaiting payment (6), or awaiting a payment the
 * member makes at reception (8 with pay on site chosen or the only method).
 */
export function agreementOpen(status: number | null, route: AfterWinRoute): boolean {
  return status === STEP_STATUS.won || (status === STEP_STATUS.awaitingPayment && route === 'agreement');
}

export type GuardTarget = 'detail' | 'agreement' | null;

/** §2: /ticket redirects to /agreement when step_status is below 9. */
export function ticketGuard(status: number | null): GuardTarget {
  return (status ?? 0) >= STEP_STATUS.attending ? null : 'agreement';
}

/** §2: /agreement redirects to the detail page when step_status is above 9. */
export function agreementGuard(status: number | null): GuardTarget {
  return (status ?? 0) > STEP_STATUS.attending ? 'detail' : null;
}

/** §2: /payment redirects to the detail page unless step_status is 0 or retry=true. */
export function paymentGuard(status: number | null, retry: boolean): GuardTarget {
  return (status ?? 0) === STEP_STATUS.initial || retry ? null : 'detail';
}

/** §2: a step page redirects to the detail page below its required step or when a condition is unmet. */
export function stepPageGuard(
  requiredStep: WorkflowStep,
  displayed: number,
  conditionsMet: boolean,
): GuardTarget {
  return conditionsMet && displayed >= requiredStep ? null : 'detail';
}

/** First-come: the status an application gets when a place is taken (assistants wait for approval). */
export function statusOnApply(userTypeId: number, selection: 'first_come' | 'lottery'): StepStatus {
  if (userTypeId === USER_TYPE.assistant) return STEP_STATUS.applying;
  return selection === 'lottery' ? STEP_STATUS.awaitingLottery : STEP_STATUS.won;
}

/** Which enrolment step a status is recorded under (the step it belongs to). */
export function stepOfStatus(status: number): WorkflowStep {
  if (status <= 0) return 1;
  if (status <= 3) return status as WorkflowStep;
  if (status <= 7) return 4;
  if (status <= 9) return 5;
  if (status === 10) return 5;
  if (status === 11) return 6;
  return 7;
}
