import {
  isBiCourse,
  recruitingPhase,
  registrationSkipped,
  USER_TYPE,
  statusBadge,
  cancelStateOf,
  type StepStatus,
  type TrainingCard,
  type TrainingDetail,
  type TrainingUserTypeWindow,
  PLACE_HOLDING_STATUSES,
} from '@mels/domain';
import { iso } from '../../lib/dates.ts';
import { presentDocumentRef } from '../courses/index.ts';
import type { CardRow, RawStep, RawUserTypeWindow, UserEnrollmentRow } from './trainings.repository.ts';

/** 'HH:MM:SS' → 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);
const hhmmOrNull = (time: string | null) => (time === null ? null : hhmm(time));

/** An instant from the database (a Date, or a JSON string with its offset) as ISO 8601 UTC. */
const instant = (value: Date | string) => new Date(value).toISOString();

/** The logged-in user's own state on one card; all empty for a visitor. */
export type UserState = Pick<
  TrainingCard,
  | 'training_user_steps'
  | 'training_user_cancel'
  | 'training_assistant_approve_users'
  | 'is_win_other_training_same_course'
  | 'order'
  | 'badge'
  | 'is_not_pass_occupation'
  | 'is_not_pass_course_condition'
>;

export const VISITOR_STATE: UserState = {
  training_user_steps: [],
  training_user_cancel: null,
  training_assistant_approve_users: [],
  is_win_other_training_same_course: false,
  order: null,
  badge: null,
  is_not_pass_occupation: null,
  is_not_pass_course_condition: null,
};

/** The caller's own fields of the detail (spec 000 §3), from the session page's computation. */
export type MemberDetail = Pick<
  TrainingDetail,
  | 'step'
  | 'step_status'
  | 'check_training'
  | 'is_not_disabled'
  | 'is_pass_basic_updated_course'
  | 'order_office_status'
  | 'is_not_pass_occupation'
  | 'is_not_pass_course_condition'
>;

const VISITOR_DETAIL: MemberDetail = {
  step: null,
  step_status: null,
  check_training: null,
  is_not_disabled: null,
  is_pass_basic_updated_course: null,
  order_office_status: null,
  is_not_pass_occupation: null,
  is_not_pass_course_condition: null,
};

function presentWindow(u: RawUserTypeWindow): TrainingUserTypeWindow {
  return {
    type_id: u.type_id,
    description: u.description,
    apply_start_date: instant(u.apply_start_date),
    apply_end_date: instant(u.apply_end_date),
    register_start_date: u.register_start_date === null ? null : instant(u.register_start_date),
    register_end_date: u.register_end_date === null ? null : instant(u.register_end_date),
  };
}

const key = (trainingId: number, userTypeId: number) => `${trainingId}:${userTypeId}`;

/** Whether the member may take a card's course (the enrolments module's eligibility; null: not known). */
type Eligibility = Pick<UserState, 'is_not_pass_occupation' | 'is_not_pass_course_condition'>;

/**
 * The user's state on each card of a page, from their enrolments in the page's courses and their
 * eligibility for each course (`eligibilityOf`; null fields without it): their own
 * enrolment on the card (steps, cancel request, approvals, order, badge) and whether they won a
 * place in another session of the same course in the same user type.
 */
export function userStates(
  rows: readonly CardRow[],
  enrolments: readonly UserEnrollmentRow[],
  eligibilityOf: (courseId: number) => Eligibility | undefined = () => undefined,
): UserState[] {
  const own = new Map(enrolments.filter((e) => e.onPage).map((e) => [key(e.trainingId, e.userTypeId), e]));
  const won = new Map<string, Set<number>>();
  for (const e of enrolments) {
    if (!e.trainingActive || !(PLACE_HOLDING_STATUSES as readonly number[]).includes(e.status)) continue;
    const k = key(e.courseId, e.userTypeId);
    won.set(k, (won.get(k) ?? new Set()).add(e.trainingId));
  }
  return rows.map((row) => {
    const wonIn = won.get(key(row.courseId, row.userTypeId));
    const wonElsewhere = wonIn !== undefined && [...wonIn].some((id) => id !== row.trainingId);
    const e = own.get(key(row.trainingId, row.userTypeId));
    const eligible = eligibilityOf(row.courseId);
    // Written out (no spread of VISITOR_STATE): V8 takes microseconds per object for a spread followed by
    // more fields (see presentCard).
    const is_not_pass_occupation = eligible?.is_not_pass_occupation ?? null;
    const is_not_pass_course_condition = eligible?.is_not_pass_course_condition ?? null;
    if (!e) {
      return {
        training_user_steps: [],
        training_user_cancel: null,
        training_assistant_approve_users: [],
        is_win_other_training_same_course: wonElsewhere,
        order: null,
        badge: null,
        is_not_pass_occupation,
        is_not_pass_course_condition,
      };
    }
    const steps = ((e.steps ?? []) as RawStep[]).map((s) => ({
      step: s.step,
      status: s.status,
      created_at: instant(s.created_at),
    }));
    const last = steps.at(-1);
    const status = (last?.status ?? e.status) as StepStatus;
    const approvals = e.assistantApprovedAt ? [{ approved_at: instant(e.assistantApprovedAt) }] : [];
    return {
      is_not_pass_occupation,
      is_not_pass_course_condition,
      training_user_steps: steps,
      training_user_cancel: e.cancelStatus === null ? null : { status: Number(e.cancelStatus) },
      training_assistant_approve_users: approvals,
      is_win_other_training_same_course: wonElsewhere,
      order: e.orderStatus === null ? null : { status: Number(e.orderStatus) },
      badge: statusBadge({
        selection: row.selection === 'lottery' ? 'lottery' : 'first_come',
        status,
        userTypeId: row.userTypeId,
        paymentMethodIds: row.paymentMethods,
        hasAssistantApproval: approvals.length > 0,
        wonOtherSessionSameCourse: wonElsewhere,
        sessionActive: row.isActive,
        cancel: cancelStateOf(e.cancelStatus === null ? null : Number(e.cancelStatus)),
      }),
    };
  });
}

/** A card's fields that are the same for every viewer at every moment (what a kept page keeps). */
export type SharedCard = Omit<TrainingCard, 'recruiting' | keyof UserState>;

export function presentSharedCard(row: CardRow): SharedCard {
  return {
    id: row.trainingId,
    name: row.name,
    course: {
      id: row.courseId,
      name: row.courseName,
      certificate_prefix: row.certificatePrefix,
      price: row.coursePrice,
    },
    area: { id: row.areaId, name: row.areaName },
    user_type: { id: row.userTypeId, type: row.userTypeName },
    users_types: (row.usersTypes as RawUserTypeWindow[]).map(presentWindow),
    event_date: row.eventDate,
    event_start_time: hhmm(row.eventStartTime),
    event_end_time: hhmm(row.eventEndTime),
    sponsor_by: row.sponsorBy,
    venue: row.venue,
    venue_name: row.venueName,
    capacity: row.capacity,
    participant: row.participant,
    price: row.price,
    target: row.target,
    register_date_note: row.registerDateNote,
    apply_date: { start: iso(row.applyStartDate) ?? '', end: iso(row.applyEndDate) ?? '' },
    apply_date_note: row.applyDateNote,
    note: row.note,
    is_active: row.isActive ? 1 : 0,
    selection: row.selection === 'lottery' ? 'lottery' : 'first_come',
    payments_methods: (row.paymentMethods as number[]).map((id) => ({ payment_method_id: id })),
  };
}

/**
 * A card for a viewer (their own state) at a moment (the recruiting phase); `shared` is the row's shared
 * fields when they were presented already (a kept page, decision 051).
 */
export function presentCard(
  row: CardRow,
  view: { now: Date; state: UserState; shared?: SharedCard | undefined },
): TrainingCard {
  const { state } = view;
  const shared = view.shared ?? presentSharedCard(row);
  // Every field written out: V8 copies a spread of these 23 fields and then adds 9 more at about 13 µs a
  // card (a new map each time; issue 20's profile of the member's search: 16 % of the server's time), a
  // literal in a few nanoseconds, and every card has one shape for the serializer.
  return {
    id: shared.id,
    name: shared.name,
    course: shared.course,
    area: shared.area,
    user_type: shared.user_type,
    users_types: shared.users_types,
    event_date: shared.event_date,
    event_start_time: shared.event_start_time,
    event_end_time: shared.event_end_time,
    sponsor_by: shared.sponsor_by,
    venue: shared.venue,
    venue_name: shared.venue_name,
    capacity: shared.capacity,
    participant: shared.participant,
    price: shared.price,
    target: shared.target,
    register_date_note: shared.register_date_note,
    apply_date: shared.apply_date,
    apply_date_note: shared.apply_date_note,
    note: shared.note,
    is_active: shared.is_active,
    selection: shared.selection,
    payments_methods: shared.payments_methods,
    recruiting: recruitingPhase(
      { applyStart: row.applyStartDate, applyEnd: row.applyEndDate, active: row.isActive },
      view.now,
    ),
    training_user_steps: state.training_user_steps,
    training_user_cancel: state.training_user_cancel,
    training_assistant_approve_users: state.training_assistant_approve_users,
    is_win_other_training_same_course: state.is_win_other_training_same_course,
    order: state.order,
    badge: state.badge,
    is_not_pass_occupation: state.is_not_pass_occupation,
    is_not_pass_course_condition: state.is_not_pass_course_condition,
  };
}

export function presentDetail(
  row: CardRow,
  input: {
    now: Date;
    state: UserState;
    docs: readonly { id: number; name: string }[];
    /** The caller's own fields; undefined for a visitor. */
    member?: MemberDetail;
  },
): TrainingDetail {
  return {
    ...presentCard(row, { now: input.now, state: input.state }),
    office_price: registrationSkipped(row.coursePrice, row.certificatePrefix) ? 0 : row.coursePrice,
    is_student: row.userTypeId === USER_TYPE.attendee,
    special_course_condition: isBiCourse(row.certificatePrefix) ? row.courseId : null,
    ...(input.member ?? VISITOR_DETAIL),
    start_time_morning: hhmmOrNull(row.startTimeMorning),
    end_time_morning: hhmmOrNull(row.endTimeMorning),
    start_time_afternoon: hhmmOrNull(row.startTimeAfternoon),
    end_time_afternoon: hhmmOrNull(row.endTimeAfternoon),
    documents: input.docs.map(presentDocumentRef),
  };
}
