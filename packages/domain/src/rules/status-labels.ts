import { PAYMENT_METHOD, USER_TYPE } from '../constants.ts';
import type { Selection } from '../schemas/trainings.ts';
import { STEP_STATUS, type StepStatus } from './steps.ts';

/**
 * The words an enrolment's state is shown with: the search card's badge (spec 000 §4), the member's
 * my-page label and list (spec 001 §4) and the office's label. One rule for all four (decision 022):
 * the spec's labels where it gives them, and words that say what happened where it does not —
 * キャンセル済み / キャンセル承認待ち for a cancellation (never 落選, which is a lottery lost), 承認済み for
 * a first-come assistant approval and 申込確定 for another first-come place (当選 is a lottery won),
 * 承認されませんでした for an assistant's application the office declined (7 without an approval).
 */

/** The latest cancel request of the enrolment: none, awaiting the office, approved or rejected. */
export type CancelState = 'none' | 'pending' | 'approved' | 'rejected';

/** cancel_requests.status of the latest request (0 awaiting, 1 approved, 2 rejected), or null for none. */
export function cancelStateOf(latest: number | null | undefined): CancelState {
  if (latest === 0) return 'pending';
  if (latest === 1) return 'approved';
  if (latest === 2) return 'rejected';
  return 'none';
}

export type BadgeKey =
  | 'applying'
  | 'awaitingLottery'
  | 'won'
  | 'approved'
  | 'confirmed'
  | 'lost'
  | 'cancelled'
  | 'cancelPending'
  | 'awaitingPayment'
  | 'attending'
  | 'postTestNotTaken'
  | 'surveyNotTaken'
  | 'completed'
  | 'awaitingApproval'
  | 'notApproved'
  | 'wonElsewhere'
  | 'sessionCancelled';

/** The status of one enrolment in the my-page lists: the card badge, or the step done before applying. */
export type ActivityBadgeKey = BadgeKey | 'courseRegistered' | 'preVideoWatched' | 'preTestDone';

/** The office's label: the member's, plus 未申込 for status 0. */
export type OfficeLabelKey = ActivityBadgeKey | 'notApplied';

export type BadgeInput = {
  selection: Selection;
  status: StepStatus | null;
  userTypeId: number;
  paymentMethodIds: readonly number[];
  hasAssistantApproval: boolean;
  /** Holds a place in another active session of the same course (live), or lost the draw for it. */
  wonOtherSessionSameCourse: boolean;
  sessionActive: boolean;
  cancel: CancelState;
};

/** Status 6 (or 8 paid otherwise than by card): 当選 after a draw, 承認済み for a first-come assistant, else 申込確定. */
function placeKey(input: BadgeInput): BadgeKey {
  if (input.selection === 'lottery') return 'won';
  return input.userTypeId === USER_TYPE.assistant ? 'approved' : 'confirmed';
}

/**
 * What the enrolment's status says, cancellations first: an approved cancellation (or a first-come
 * booking at 7, which only a cancellation puts there) is 'cancelled', a request awaiting the office is
 * 'cancelPending'. Statuses 0–3 (before the application) have no label here.
 */
function statusWord(input: BadgeInput, office: boolean): BadgeKey | null {
  const s = input.status;
  if (s === null || s < STEP_STATUS.applying) return null;
  if (input.cancel === 'approved') return 'cancelled';
  // The office declined an assistant's application (only that puts an unapproved assistant at 7:
  // a lottery entrant is approved before the draw, a cancellation goes through an approved request).
  if (s === STEP_STATUS.lost && input.userTypeId === USER_TYPE.assistant && !input.hasAssistantApproval) {
    return 'notApproved';
  }
  if (s === STEP_STATUS.lost && input.selection === 'first_come') return 'cancelled';
  // The office sees what lies under a pending request (its roster shows the request in its own column).
  if (input.cancel === 'pending' && !office) return 'cancelPending';
  if (
    input.wonOtherSessionSameCourse &&
    (s === STEP_STATUS.applying || s === STEP_STATUS.awaitingLottery || s === STEP_STATUS.lost)
  ) {
    return 'wonElsewhere';
  }
  switch (s) {
    case STEP_STATUS.applying:
      return office && input.userTypeId === USER_TYPE.assistant && !input.hasAssistantApproval
        ? 'awaitingApproval'
        : 'applying';
    case STEP_STATUS.awaitingLottery:
      return 'awaitingLottery';
    case STEP_STATUS.won:
      return placeKey(input);
    case STEP_STATUS.lost:
      return 'lost';
    case STEP_STATUS.awaitingPayment: {
      // The office confirms transfers and on-site payments: to it, 8 is always awaiting payment.
      if (office) return 'awaitingPayment';
      const methods = input.paymentMethodIds;
      return methods.length === 0 || methods.includes(PAYMENT_METHOD.card)
        ? 'awaitingPayment'
        : placeKey(input);
    }
    case STEP_STATUS.attending:
      return 'attending';
    case STEP_STATUS.postTestNotTaken:
      return 'postTestNotTaken';
    case STEP_STATUS.surveyNotTaken:
      return 'surveyNotTaken';
    case STEP_STATUS.completed:
      return input.userTypeId === USER_TYPE.assistant && !input.hasAssistantApproval
        ? 'awaitingApproval'
        : 'completed';
    default:
      return null;
  }
}

const BEFORE_APPLICATION: Partial<Record<number, ActivityBadgeKey>> = {
  [STEP_STATUS.courseRegistered]: 'courseRegistered',
  [STEP_STATUS.preVideoWatched]: 'preVideoWatched',
  [STEP_STATUS.preTestDone]: 'preTestDone',
};

/** The status badge of spec 000 §4 (search cards) for a logged-in user's own enrolment. */
export function statusBadge(input: BadgeInput): BadgeKey | null {
  if (!input.sessionActive && input.cancel !== 'none') return 'sessionCancelled';
  return statusWord(input, false);
}

/**
 * The member's label (my-page lists, the session page; spec 001 §4): the card badge, except that a
 * cancelled (inactive) session reads 開催中止 whether or not the member asked to cancel, and an
 * enrolment not yet applied (1–3) names the step last done. Status 0 has no label.
 */
export function activityBadge(input: BadgeInput): ActivityBadgeKey | null {
  if (!input.sessionActive) return 'sessionCancelled';
  if (input.status !== null && input.status < STEP_STATUS.applying) {
    return BEFORE_APPLICATION[input.status] ?? null;
  }
  return statusWord(input, false);
}

/**
 * The participation status of spec 001 §4 (my-page lists, `status_name`): the member's label in the
 * spec's words — a place (6, or 8 paid otherwise than by card) 'get participation ticket', 9 'attended
 * the seminar', the final status 'activity done', or 'not approved' for an assistant the office has
 * not approved; everything else as activityBadge() says it (開催中止, 落選（他の講習会で当選）, the
 * cancellations of decision 022, the steps before applying).
 */
export type ParticipationKey =
  | Exclude<
      ActivityBadgeKey,
      'won' | 'approved' | 'confirmed' | 'attending' | 'completed' | 'awaitingApproval'
    >
  | 'getTicket'
  | 'attendedSeminar'
  | 'activityDone'
  | 'notApproved';

const PARTICIPATION_WORD: Partial<Record<ActivityBadgeKey, ParticipationKey>> = {
  won: 'getTicket',
  approved: 'getTicket',
  confirmed: 'getTicket',
  attending: 'attendedSeminar',
  completed: 'activityDone',
  awaitingApproval: 'notApproved',
};

export function participationStatus(input: BadgeInput): ParticipationKey | null {
  const key = activityBadge(input);
  if (key === null) return null;
  return PARTICIPATION_WORD[key] ?? (key as ParticipationKey);
}

/**
 * The office's label (roster, summary counts, CSV): the state under a pending cancel request, 承認待ち
 * for an assistant the office has not approved yet, 支払い待ち for 8 whatever the method, every status named (0 未申込). A cancelled session
 * does not hide the enrolments' states from the office.
 */
export function officeStatusLabel(input: BadgeInput): OfficeLabelKey {
  if (input.status === null || input.status === STEP_STATUS.initial) return 'notApplied';
  if (input.status < STEP_STATUS.applying) return BEFORE_APPLICATION[input.status] ?? 'notApplied';
  return statusWord(input, true) ?? 'notApplied';
}

/** Statuses of an application still under way: applied, waiting, placed, paid, checked in, not yet finished. */
export const IN_PROGRESS_STATUSES = [
  STEP_STATUS.applying,
  STEP_STATUS.awaitingLottery,
  STEP_STATUS.won,
  STEP_STATUS.awaitingPayment,
  STEP_STATUS.attending,
  STEP_STATUS.postTestNotTaken,
  STEP_STATUS.surveyNotTaken,
] as const;

export type ActivityList = 'pending' | 'history';

/**
 * Which my-page list an enrolment belongs to: お申し込み中 (pending) while the application is under way
 * (IN_PROGRESS_STATUSES: paid and upcoming included) on an active session dated today or later in
 * Japan; 受講履歴 (history) once the session is over, finished, cancelled or lost, or before applying.
 */
export function activityList(input: {
  status: StepStatus | null;
  sessionActive: boolean;
  /** YYYY-MM-DD of the session, and today in Japan. */
  eventDate: string;
  today: string;
}): ActivityList {
  const inProgress =
    input.status !== null && (IN_PROGRESS_STATUSES as readonly number[]).includes(input.status);
  return inProgress && input.sessionActive && input.eventDate >= input.today ? 'pending' : 'history';
}
