/**
 * The basic-instructor certification request (BI 認定申請, spec 001 §4 and §6; decision 029): who may ask,
 * which pledge they sign, and what is still missing. Pure: the server reads the member's records and
 * passes today's date in Japan; nothing here reads a clock or a database.
 */
import { OCCUPATION_ID } from '../constants.ts';
import { addMonthsToDay } from '../schemas/activity.ts';

/** certificate_requests.status of an instructor certification request (certificate_type 2). */
export const INSTRUCTOR_REQUEST_STATUS = {
  /** Created after the system check: the pledge is not signed yet (spec: 0 new). */
  created: 0,
  /** Pledge signed: awaiting the application form and the fee (spec: 1 awaiting payment). */
  pledged: 1,
  /** Fee paid (or free): the recommendation letter, then the office's review (spec: 2 processing). */
  processing: 2,
  /** Approved: the certificate is issued (spec: above 2 shows the certificate). */
  approved: 3,
  /** Rejected by the office, with a reason; the member may ask again. */
  rejected: 4,
} as const;
export type InstructorRequestStatus =
  (typeof INSTRUCTOR_REQUEST_STATUS)[keyof typeof INSTRUCTOR_REQUEST_STATUS];
/** A request in one of these blocks a second one of the same member and course (partial unique index). */
export const OPEN_INSTRUCTOR_REQUEST_STATUSES = [0, 1, 2, 3] as const;

/** certificate_type of an instructor certification request (spec §9 certificate type map). */
export const INSTRUCTOR_REQUEST_CERTIFICATE_TYPE = 2;

/** The result codes of POST /certificates/basic_instructor_course/request (spec 001 §4). */
export const INSTRUCTOR_REQUEST_RESULT = {
  /** The system check passed: on to the pledge. */
  checkSuccess: 'CIA_SYSTEM_CHECK_SUCCESS',
  /** Paid: on to the recommendation letter. */
  checkComplete: 'CIA_2.2_SYSTEM_CHECK_COMPLETE',
  /** Nothing more to do here (already certified): the completion view with the message. */
  checkError: 'CIA_1.1_SYSTEM_CHECK_ERROR',
  /** Everything is in: the office checks. */
  received: 'CIA_REQUEST_RECEIVED',
} as const;
export type InstructorRequestResult =
  (typeof INSTRUCTOR_REQUEST_RESULT)[keyof typeof INSTRUCTOR_REQUEST_RESULT];
export const INSTRUCTOR_REQUEST_RESULTS = Object.values(INSTRUCTOR_REQUEST_RESULT) as [
  InstructorRequestResult,
  ...InstructorRequestResult[],
];

/** The pledge a member signs, chosen by their occupation, department and qualification (spec §4). */
export const PLEDGE_VARIANTS = [
  /** Doctor of obstetrics (specialist or trainee) or of another department. */
  'doctor',
  /** Doctor of emergency, anaesthesia or intensive care holding another simulation qualification. */
  'doctorAcuteQualified',
  /** The same without one. */
  'doctorAcute',
  /** Emergency life-saving technician holding a simulation qualification. */
  'paramedicQualified',
  /** The same without one. */
  'paramedic',
  /** Midwife or nurse (sixth year of practice or more). */
  'midwifeNurse',
] as const;
export type PledgeVariant = (typeof PLEDGE_VARIANTS)[number];

/**
 * Assistant sessions each pledge needs within the year after the course (spec §6: 1, 3 or 5 by
 * occupation; decision 029 sets which).
 */
export const REQUIRED_ASSISTANT_SESSIONS: Readonly<Record<PledgeVariant, 1 | 3 | 5>> = {
  doctor: 1,
  doctorAcuteQualified: 1,
  doctorAcute: 3,
  paramedicQualified: 1,
  paramedic: 5,
  midwifeNurse: 3,
};

/** Months that must pass after the course before the request (spec §6: one year). */
export const MONTHS_BEFORE_REQUEST = 12;

const DEPARTMENT = {
  obstetricsSpecialist: 1,
  obstetricsTrainee: 2,
  emergency: 3,
  anesthesia: 4,
  intensiveCare: 5,
  other: 7,
} as const;

/** A qualification value ('ICLS,ACLS', 'none', '') holds one when it lists anything but 'none'. */
export function holdsSimulationQualification(value: string): boolean {
  return value
    .split(',')
    .map((q) => q.trim())
    .some((q) => q !== '' && q.toLowerCase() !== 'none');
}

export type NotEligibleReason = 'occupation' | 'assistantNurse' | 'department';

/** The pledge of a member, or why they cannot be certified at all. */
export function pledgeVariant(member: {
  occupation: number;
  medicalDepartment: number | null;
  simulationQualification: string;
}): { ok: true; variant: PledgeVariant } | { ok: false; reason: NotEligibleReason } {
  const qualified = holdsSimulationQualification(member.simulationQualification);
  switch (member.occupation) {
    case OCCUPATION_ID.doctor:
      switch (member.medicalDepartment) {
        case DEPARTMENT.obstetricsSpecialist:
        case DEPARTMENT.obstetricsTrainee:
        case DEPARTMENT.other:
          return { ok: true, variant: 'doctor' };
        case DEPARTMENT.emergency:
        case DEPARTMENT.anesthesia:
        case DEPARTMENT.intensiveCare:
          return { ok: true, variant: qualified ? 'doctorAcuteQualified' : 'doctorAcute' };
        default:
          // An initial resident (6) or no department: not a department the pledges name.
          return { ok: false, reason: 'department' };
      }
    case OCCUPATION_ID.paramedic:
      return { ok: true, variant: qualified ? 'paramedicQualified' : 'paramedic' };
    case OCCUPATION_ID.midwife:
    case OCCUPATION_ID.nurse:
      return { ok: true, variant: 'midwifeNurse' };
    case OCCUPATION_ID.assistantNurse:
      return { ok: false, reason: 'assistantNurse' };
    default:
      return { ok: false, reason: 'occupation' };
  }
}

export type EligibilityInput = {
  occupation: number;
  medicalDepartment: number | null;
  simulationQualification: string;
  /** The day (YYYY-MM-DD) the member completed the basic instructor course; null when never. */
  courseCompletedOn: string | null;
  /** The days (YYYY-MM-DD) of the member's approved assistant sessions that reached the final status. */
  assistantSessionDays: readonly string[];
  /** Today in Japan (YYYY-MM-DD): the clock, passed in. */
  today: string;
};

export type Requirements = {
  variant: PledgeVariant;
  required: number;
  /** The assistant sessions that count: after the course day, within the year after it, up to today. */
  counted: string[];
  /** Sessions still missing (0 when enough). */
  missingSessions: number;
  courseCompletedOn: string | null;
  /** The first day the request may be made (the course day plus one year); null without the course. */
  requestFrom: string | null;
  /** The last day a session counts (the course day plus one year); null without the course. */
  countsUntil: string | null;
  /** What is missing, in the order the page says it. */
  missing: ('course' | 'year' | 'sessions')[];
};

export type Eligibility =
  | { kind: 'notEligible'; reason: NotEligibleReason }
  | ({ kind: 'unmet' } & Requirements)
  | ({ kind: 'eligible' } & Requirements);

/**
 * Whether a member may ask for the basic-instructor certification today: an occupation and department
 * that have a pledge, the course completed at least a year ago, and the pledge's number of assistant
 * sessions held after the course day and within the year after it.
 */
export function instructorRequestEligibility(input: EligibilityInput): Eligibility {
  const pledge = pledgeVariant(input);
  if (!pledge.ok) return { kind: 'notEligible', reason: pledge.reason };
  const required = REQUIRED_ASSISTANT_SESSIONS[pledge.variant];
  const course = input.courseCompletedOn;
  const until = course ? addMonthsToDay(course, MONTHS_BEFORE_REQUEST) : null;
  const counted =
    course && until
      ? [...input.assistantSessionDays]
          .filter((day) => day > course && day <= until && day <= input.today)
          .sort()
      : [];
  const missingSessions = Math.max(0, required - counted.length);
  const missing: Requirements['missing'] = [];
  if (!course) missing.push('course');
  else if (until && input.today < until) missing.push('year');
  if (missingSessions > 0) missing.push('sessions');
  const requirements: Requirements = {
    variant: pledge.variant,
    required,
    counted,
    missingSessions,
    courseCompletedOn: course,
    requestFrom: until,
    countsUntil: until,
    missing,
  };
  return missing.length === 0 ? { kind: 'eligible', ...requirements } : { kind: 'unmet', ...requirements };
}
