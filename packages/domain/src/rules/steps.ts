import { PAYMENT_METHOD, USER_TYPE } from '../constants.ts';

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

export type BadgeKey =
  | 'applying'
  | 'awaitingLottery'
  | 'won'
  | 'lost'
  | 'awaitingPayment'
  | 'attending'
  | 'postTestNotTaken'
  | 'surveyNotTaken'
  | 'completed'
  | 'awaitingApproval'
  | 'wonElsewhere'
  | 'sessionCancelled';

export type BadgeInput = {
  status: StepStatus | null;
  userTypeId: number;
  paymentMethodIds: readonly number[];
  hasAssistantApproval: boolean;
  wonOtherSessionSameCourse: boolean;
  sessionActive: boolean;
  hasCancelRequest: boolean;
};

/** The status badge of spec 000 §4 (cards) for a logged-in user's own enrolment. */
export function statusBadge(input: BadgeInput): BadgeKey | null {
  if (!input.sessionActive && input.hasCancelRequest) return 'sessionCancelled';
  const s = input.status;
  if (s === null) return null;
  if (input.wonOtherSessionSameCourse && s >= STEP_STATUS.applying && s !== STEP_STATUS.won && s < 8) {
    return 'wonElsewhere';
  }
  switch (s) {
    case 4:
      return 'applying';
    case 5:
      return 'awaitingLottery';
    case 6:
      return 'won';
    case 7:
      return 'lost';
    case 8: {
      const methods = input.paymentMethodIds;
      return methods.length === 0 || methods.includes(PAYMENT_METHOD.card) ? 'awaitingPayment' : 'won';
    }
    case 9:
      return 'attending';
    case 10:
      return 'postTestNotTaken';
    case 11:
      return 'surveyNotTaken';
    case 12:
      return input.userTypeId === USER_TYPE.assistant && !input.hasAssistantApproval
        ? 'awaitingApproval'
        : 'completed';
    default:
      return null;
  }
}

/** The status of one enrolment in the my-page lists: the card badge, or the step done before applying. */
export type ActivityBadgeKey = BadgeKey | 'courseRegistered' | 'preVideoWatched' | 'preTestDone';

/**
 * The status of an enrolment in the my-page activity lists (spec 001 §4). The card badge of
 * statusBadge(), with two differences the list needs: a cancelled (inactive) session reads 開催中止
 * whether or not the user asked to cancel (the card shows its own 中止 mark beside the badge), and an
 * enrolment not yet applied (1–3) names the step last done. Status 0 has no label.
 */
export function activityBadge(input: BadgeInput): ActivityBadgeKey | null {
  if (!input.sessionActive) return 'sessionCancelled';
  const badge = statusBadge(input);
  if (badge !== null) return badge;
  switch (input.status) {
    case STEP_STATUS.courseRegistered:
      return 'courseRegistered';
    case STEP_STATUS.preVideoWatched:
      return 'preVideoWatched';
    case STEP_STATUS.preTestDone:
      return 'preTestDone';
    default:
      return null;
  }
}

export type RecruitingPhase = 'upcoming' | 'open' | 'closed';

/** For a visitor: whether recruiting of a user type is upcoming, open or closed at `now`. */
export function recruitingPhase(
  applyStart: Date | string | null,
  applyEnd: Date | string | null,
  now: Date,
): RecruitingPhase {
  const start = applyStart ? new Date(applyStart) : null;
  const end = applyEnd ? new Date(applyEnd) : null;
  if (start && now < start) return 'upcoming';
  if (end && now > end) return 'closed';
  return 'open';
}
