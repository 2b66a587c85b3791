/**
 * Enrolment step status values 0–12 (training_user_steps.status) and the display-step mapping of
 * spec 000 §4. The server records statuses; the browser and the server both derive the display step here.
 */
export const STEP_STATUS = {
  initial: 0,
  courseRegistered: 1,
  preVideoWatched: 2,
  preTestDone: 3,
  applying: 4,
  awaitingLottery: 5,
  won: 6,
  lost: 7,
  awaitingPayment: 8,
  attending: 9,
  postTestNotTaken: 10,
  surveyNotTaken: 11,
  completed: 12,
} as const;
export type StepStatus = (typeof STEP_STATUS)[keyof typeof STEP_STATUS];

/** The seven workflow steps of a session page. */
export const WORKFLOW_STEP = {
  courseRegistration: 1,
  preVideo: 2,
  preTest: 3,
  application: 4,
  ticket: 5,
  postTest: 6,
  surveyAndCertificate: 7,
} as const;
export type WorkflowStep = (typeof WORKFLOW_STEP)[keyof typeof WORKFLOW_STEP];

/**
 * Status → display step. The spec lists 0..3 → 1..3 loosely ("0,1,2,3 show steps 1,2,3; 3 to 7 show
 * step 4"); we read it as: the status names the step last finished, so the next one is shown:
 * 0 → 1, 1 → 2, 2 → 3, 3–7 → 4, 8–9 → 5, 10 → 6, 11 → 7, 12 → 8 (all done).
 */
export const DISPLAY_STEP_BY_STATUS: Readonly<Record<StepStatus, number>> = {
  0: 1,
  1: 2,
  2: 3,
  3: 4,
  4: 4,
  5: 4,
  6: 4,
  7: 4,
  8: 5,
  9: 5,
  10: 6,
  11: 7,
  12: 8,
};

/**
 * The step shown for the last recorded status; without one, `whenNone` (the workflow's first step
 * not yet finished: see currentStep in workflow.ts and decision 004).
 */
export function displayStep(lastStatus: StepStatus | null | undefined, whenNone: number): number {
  if (lastStatus === null || lastStatus === undefined) return whenNone;
  return DISPLAY_STEP_BY_STATUS[lastStatus];
}

export type RecruitingPhase = 'upcoming' | 'open' | 'closed';

/**
 * Whether recruiting of a user type is upcoming, open or closed at `now`. A cancelled session
 * (`active` false) recruits no one: closed, whatever its window says.
 */
export function recruitingPhase(
  recruitment: { applyStart: Date | string | null; applyEnd: Date | string | null; active?: boolean },
  now: Date,
): RecruitingPhase {
  if (recruitment.active === false) return 'closed';
  const start = recruitment.applyStart ? new Date(recruitment.applyStart) : null;
  const end = recruitment.applyEnd ? new Date(recruitment.applyEnd) : null;
  if (start && now < start) return 'upcoming';
  if (end && now > end) return 'closed';
  return 'open';
}
