/**
 * Instructor ranks and the rank-up requirements (decision 030). Pure: the caller passes today's date in
 * Japan (YYYY-MM-DD) and the member's records; nothing here reads a clock or a database.
 */
import { addMonthsToDay } from '../schemas/activity.ts';
import { STEP_STATUS } from './steps.ts';

/**
 * Enrolment statuses that mean the member was there (checked in, then post-test, survey, done): the
 * sessions a rank-up counts and a performance certificate may be issued for.
 */
export const ATTENDED_STATUSES = [
  STEP_STATUS.postTestNotTaken,
  STEP_STATUS.surveyNotTaken,
  STEP_STATUS.completed,
] as const;

/** Enrolment statuses of a session the member takes part in or has applied to (rank-up evaluation candidates). */
export const CANDIDATE_STATUSES = [
  STEP_STATUS.applying,
  STEP_STATUS.awaitingLottery,
  STEP_STATUS.won,
  STEP_STATUS.awaitingPayment,
  STEP_STATUS.attending,
] as const;

/** The levels of the ranks table (seeded as BI, I, D, SD). */
export const RANK_LEVEL = {
  basicInstructor: 1,
  instructor: 2,
  director: 3,
  seniorDirector: 4,
} as const;
export type RankLevel = (typeof RANK_LEVEL)[keyof typeof RANK_LEVEL];
export const RANK_LEVELS = [1, 2, 3, 4] as const satisfies readonly RankLevel[];

/** The levels reached by a rank-up request (level 1 comes with the basic-instructor certification). */
export type RankUpLevel = Exclude<RankLevel, 1>;

/**
 * What a member must have done at the current level to ask for the next one: years since the current
 * rank was granted, and sessions taught as instructor (user type 1, activity done) since that day.
 */
export const RANK_UP_REQUIREMENTS: Readonly<
  Record<RankUpLevel, { yearsAtCurrent: number; sessionsTaught: number }>
> = {
  [RANK_LEVEL.instructor]: { yearsAtCurrent: 1, sessionsTaught: 3 },
  [RANK_LEVEL.director]: { yearsAtCurrent: 2, sessionsTaught: 5 },
  [RANK_LEVEL.seniorDirector]: { yearsAtCurrent: 3, sessionsTaught: 10 },
};

/** Rank-up request statuses (spec 001 §4: 0 choose a session, 1 session chosen, 2 approved). */
export const RANK_UP_STATUS = {
  choosingSession: 0,
  sessionChosen: 1,
  approved: 2,
  rejected: 3,
} as const;
export type RankUpStatus = (typeof RANK_UP_STATUS)[keyof typeof RANK_UP_STATUS];
/** The statuses of a request still open (at most one per member, enforced by a partial unique index). */
export const OPEN_RANK_UP_STATUSES = [
  RANK_UP_STATUS.choosingSession,
  RANK_UP_STATUS.sessionChosen,
] as const satisfies readonly RankUpStatus[];

export type RankUpInput = {
  /** The member's highest level, or null without a rank. */
  currentLevel: number | null;
  /** The day (YYYY-MM-DD, Japan) the current rank was granted; null without a rank. */
  grantedOn: string | null;
  /** The days (YYYY-MM-DD) of the sessions the member taught as instructor with the activity done. */
  taughtOn: readonly string[];
  /** Today in Japan (YYYY-MM-DD): the clock, passed in. */
  today: string;
};

export type RankUpCheck =
  | { ok: false; reason: 'noRank' }
  | { ok: false; reason: 'topLevel'; currentLevel: RankLevel }
  | {
      ok: boolean;
      reason: 'requirements';
      toLevel: RankUpLevel;
      /** The first day the time at the current level is enough (may be today or past). */
      eligibleFrom: string;
      /** Sessions taught since the current rank was granted, up to today, oldest first. */
      counted: string[];
      /** Sessions still missing (0 when enough). */
      sessionsMissing: number;
      /** True when the time at the current level is not yet enough. */
      tooEarly: boolean;
    };

export const isRankLevel = (n: number | null): n is RankLevel =>
  n !== null && (RANK_LEVELS as readonly number[]).includes(n);

/** Whether the member may ask for the next rank today, and what is missing when not. */
export function rankUpCheck(input: RankUpInput): RankUpCheck {
  const { currentLevel, grantedOn, today } = input;
  if (!isRankLevel(currentLevel) || grantedOn === null) return { ok: false, reason: 'noRank' };
  if (currentLevel === RANK_LEVEL.seniorDirector) return { ok: false, reason: 'topLevel', currentLevel };
  const toLevel = (currentLevel + 1) as RankUpLevel;
  const need = RANK_UP_REQUIREMENTS[toLevel];
  const eligibleFrom = addMonthsToDay(grantedOn, need.yearsAtCurrent * 12);
  const counted = input.taughtOn.filter((day) => day >= grantedOn && day <= today).sort();
  const sessionsMissing = Math.max(0, need.sessionsTaught - counted.length);
  const tooEarly = today < eligibleFrom;
  return {
    ok: !tooEarly && sessionsMissing === 0,
    reason: 'requirements',
    toLevel,
    eligibleFrom,
    counted,
    sessionsMissing,
    tooEarly,
  };
}
