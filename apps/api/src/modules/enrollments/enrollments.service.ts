import {
  agreementOpen,
  blockers,
  conditionAlternatives,
  occupationAccepted,
  unmetConditionGroups,
  type AfterWinRoute,
  canChoosePaymentMethod,
  courseProgress,
  currentStep,
  displayStep,
  effectiveStatus,
  enrollmentMessages as m,
  isLiveApplication,
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_METHOD,
  paymentMethodOf,
  routeAfterWin,
  sessionFeeDue,
  STEP_STATUS,
  TRAINING_STATUS,
  statusAfterWin,
  statusOnApply,
  stepOfStatus,
  type SessionDetail,
  type StepStatus,
  WORKFLOW_STEP,
  workflowSteps,
  type WorkflowInput,
  USER_TYPE,
  CANCEL_REQUEST_STATUS,
  K,
  message,
  refs,
} from '@mels/domain';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TokenCheck, TokenFound } from '../../plugins/auth.ts';
import type { Deps } from '../../plugins/deps.ts';
import { applicationMailJobs, queueTicketMails } from '../notifications/index.ts';
import {
  occupationName,
  presentApplication,
  presentSessionDetail,
  presentTicket,
} from './enrollments.presenter.ts';
import { createOfflineOrder, TRANSFER_DAYS, withdrawOfflineOrder } from '../payments/index.ts';
import {
  attendanceSecret,
  checkInUrl,
  newAttendanceCode,
  qrSvg,
  receptionCode,
  ticketToken,
} from './attendance-code.ts';
import {
  findCourseRegistrationOrderStatus,
  findDocuments,
  findApplyContext,
  findApplyContextByToken,
  findEnrollment,
  findLatestCancel,
  findSessionFeeOrder,
  findSteps,
  findUser,
  insertCancelRequest,
  insertEnrollment,
  recordApplication,
  recordSteps,
  setAttendanceCode,
  setPaymentMethod,
  type ApplyContextRow,
  type EligibilityFactsRow,
  type EnrollmentRow,
  type Recruitment,
  type StepEntry,
} from './enrollments.repository.ts';

export const CANCELLED_NOTE = 'cancelled';
export const WON_ELSEWHERE_NOTE = 'won elsewhere';

/** What the workflow of one member and recruitment is decided from (loadContext's reads, or apply's one statement). */
type WorkflowParts<
  C extends { groupNo: number; courseId: number; courseName: string; userTypeId: number | null },
> = {
  r: Pick<
    Recruitment,
    | 'userTypeId'
    | 'coursePrice'
    | 'certificatePrefix'
    | 'applyStartDate'
    | 'applyEndDate'
    | 'isActive'
    | 'isRenewal'
    | 'selection'
    | 'participant'
    | 'capacity'
  >;
  occupation: number;
  /** The enrolment's status; null without one. */
  status: number | null;
  assistantApproved: boolean;
  lastStep: { status: number; note: string | null } | undefined;
  occupations: readonly number[];
  conditions: readonly C[];
  passed: {
    completed: ReadonlyArray<{ courseId: number; userTypeId: number }>;
    certs: ReadonlyArray<{ courseId: number; endDate: string | null }>;
  };
  /** Another live application of the member on the same day at overlapping times. */
  sameTimeConflict: boolean;
  pre: { hasPreVideo: boolean; hasPreTest: boolean };
  records: { registrationPaid: boolean; otherStatuses: number[] };
};

/** The workflow input and what the page shows of it, from the member's records (one rule set for every caller). */
function workflowOf<
  C extends { groupNo: number; courseId: number; courseName: string; userTypeId: number | null },
>(p: WorkflowParts<C>, now: Date) {
  const { r, status } = p;
  const occupationPassed = occupationAccepted(p.occupations, p.occupation);
  // Groups of alternatives: every group needs one alternative passed (a completed enrolment in that
  // course as that user type, or a valid certificate of that course).
  const unmetGroups = unmetConditionGroups(p.conditions, p.passed);
  // Basic-course holder limitation (renewal courses): a certificate valid for under one more year.
  const today = now.toISOString().slice(0, 10);
  const inOneYear = new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const basicUpdatedPassed =
    !r.isRenewal ||
    p.passed.certs.some((c) => c.endDate !== null && c.endDate >= today && c.endDate < inOneYear);
  const cancelled = Boolean(
    p.lastStep && p.lastStep.status === STEP_STATUS.lost && p.lastStep.note === CANCELLED_NOTE,
  );
  const workflow: WorkflowInput = {
    userTypeId: r.userTypeId,
    status,
    cancelled,
    coursePrice: r.coursePrice,
    certificatePrefix: r.certificatePrefix,
    hasPreVideo: p.pre.hasPreVideo,
    hasPreTest: p.pre.hasPreTest,
    applyStart: r.applyStartDate,
    applyEnd: r.applyEndDate,
    sessionActive: r.isActive,
    sameTimeConflict: p.sameTimeConflict && !isLiveApplication(status),
    occupationPassed,
    courseConditionPassed: unmetGroups.length === 0,
    basicUpdatedCoursePassed: basicUpdatedPassed,
    assistantApproved: p.assistantApproved,
    full: r.selection === 'first_come' && r.participant >= r.capacity,
    courseProgress: courseProgress(p.records),
    now,
  };
  return { workflow, unmetGroups, cancelled };
}

/** The parts of the workflow the one read (findApplyContext) gives, for workflowOf. */
function standingOf(row: ApplyContextRow, userTypeId: number) {
  return {
    r: row,
    occupations: row.occupations,
    conditions: row.conditions,
    passed: { completed: row.completed, certs: row.certs },
    sameTimeConflict: row.sameTimeConflict,
    pre: { hasPreVideo: row.hasPreVideo, hasPreTest: row.hasPreTest },
    records:
      userTypeId === USER_TYPE.attendee
        ? { registrationPaid: row.registrationPaid, otherStatuses: row.otherStatuses }
        : { registrationPaid: false, otherStatuses: [] },
  };
}

/** Everything the session page and every step endpoint decide from, for one user. */
export type PageContext = Awaited<ReturnType<typeof loadContext>>;

export async function loadContext(
  db: Executor,
  trainingId: number,
  userTypeId: number,
  userId: number,
  now: Date,
) {
  // The recruitment and the member's standing in one prepared read (decision 046), beside the member
  // and their enrolment; then the enrolment's steps, cancel request and session-fee order.
  const [r, user, enrollment] = await Promise.all([
    findApplyContext(db, { trainingId, userTypeId, userId }),
    findUser(db, userId),
    findEnrollment(db, trainingId, userId, userTypeId),
  ]);
  if (!r || r.status !== TRAINING_STATUS.published) throw notFound(K.errors.notFound);
  if (!user) throw notFound(K.errors.notFound);
  const [steps, cancel, order] = enrollment
    ? await Promise.all([
        findSteps(db, enrollment.id),
        findLatestCancel(db, enrollment.id),
        findSessionFeeOrder(db, enrollment.id),
      ])
    : [[], undefined, undefined];
  const orderStatus = order?.status ?? null;
  const { methods, occupations, conditions, wonElsewhere } = r;
  const { workflow, unmetGroups, cancelled } = workflowOf(
    {
      ...standingOf(r, userTypeId),
      occupation: user.occupation,
      status: enrollment ? enrollment.status : null,
      assistantApproved: Boolean(enrollment?.assistantApprovedAt),
      lastStep: steps[steps.length - 1],
    },
    now,
  );
  return {
    r,
    user,
    enrollment,
    steps,
    cancel,
    order,
    orderStatus,
    methods,
    occupations,
    conditions,
    unmetGroups,
    wonElsewhere,
    cancelled,
    workflow,
  };
}

function warnings(ctx: PageContext): string[] {
  const out: string[] = [];
  if (!ctx.workflow.occupationPassed)
    out.push(message(m.occupationNotMatchedFor, refs(ctx.occupations.map(occupationName))));
  if (!ctx.workflow.courseConditionPassed) out.push(m.courseConditionUnmet);
  if (!ctx.workflow.basicUpdatedCoursePassed) out.push(m.basicHolderLimitation);
  if (ctx.workflow.sameTimeConflict) out.push(m.sameTimeConflict);
  // A card payment under way (a transfer awaited or an on-site order is not 'processing').
  if (ctx.order?.status === ORDER_STATUS.inPayment && ctx.order.paymentMethodId === PAYMENT_METHOD.card)
    out.push(m.processingPayment);
  const status = ctx.enrollment?.status ?? null;
  if (ctx.workflow.full && (status === null || status < STEP_STATUS.applying)) out.push(m.full);
  if (!ctx.r.isActive) out.push(m.sessionCancelled);
  return out;
}

/** The route of the place by the session's methods and the member's choice (decision 021). */
function placeRoute(ctx: PageContext): AfterWinRoute {
  return routeAfterWin(ctx.r.userTypeId, ctx.r.price, ctx.methods, ctx.enrollment?.paymentMethodId ?? null);
}

/** Where the user goes next from the detail page. */
function nextRoute(ctx: PageContext): AfterWinRoute | 'ticket' | null {
  const s = ctx.enrollment?.status ?? null;
  if (s === null || ctx.cancelled) return null;
  if (s === STEP_STATUS.attending) return 'ticket';
  if (s !== STEP_STATUS.won && s !== STEP_STATUS.awaitingPayment) return null;
  if (ctx.r.userTypeId === USER_TYPE.assistant && !ctx.enrollment?.assistantApprovedAt) return null;
  const route = placeRoute(ctx);
  return s === STEP_STATUS.won && route !== 'agreement' ? 'agreement' : route;
}

/** GET …/enrollments/detail: the session page for the logged-in user. */
export async function sessionDetail(
  db: Executor,
  trainingId: number,
  userTypeId: number,
  userId: number,
  now: Date,
): Promise<SessionDetail> {
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  const [docs, registrationOrderStatus] = await Promise.all([
    findDocuments(db, { courseId: ctx.r.courseId, trainingId, userId }),
    findCourseRegistrationOrderStatus(db, { userId, courseId: ctx.r.courseId }),
  ]);
  return presentSessionDetail(ctx, {
    documents: docs,
    registrationOrderStatus,
    step: currentStep(ctx.workflow),
    // Where the member's records put them: this enrolment's status, or the course registration and
    // pre-learning carried from another session of the course (decision 021).
    stepStatus: effectiveStatus(ctx.workflow),
    steps: workflowSteps(ctx.workflow),
    nextRoute: nextRoute(ctx),
    notDisabled: blockers(ctx.workflow).length === 0,
    warnings: warnings(ctx),
  });
}

/** The member's standing against one course's entry rules, as the session cards carry it. */
export type CourseEligibility = {
  /** The occupations the course accepts when the member's is not one of them; empty when accepted. */
  is_not_pass_occupation: { id: number; name: string }[];
  /** The groups of alternatives the member has not passed (spec: course_id and roles). */
  is_not_pass_course_condition: ReturnType<typeof conditionAlternatives>[];
};

/**
 * GET /trainings cards: the member's occupation and course conditions against each course of a page,
 * by the same rules as the session page, from the facts the trainings module read beside the member's
 * enrolments (eligibilityFactsColumns). Empty for no such member (no occupation: it is required of
 * every member).
 */
export function courseEligibility(
  facts: EligibilityFactsRow | undefined,
  courseIds: readonly number[],
): Map<number, CourseEligibility> {
  const out = new Map<number, CourseEligibility>();
  if (facts?.occupation == null) return out;
  const { occupation, occupations, conditions } = facts;
  const passed = { completed: facts.completed, certs: facts.certs };
  for (const courseId of courseIds) {
    const accepted = occupations.filter((o) => o.courseId === courseId).map((o) => o.occupation);
    const unmet = unmetConditionGroups(
      conditions.filter((c) => c.forCourseId === courseId),
      passed,
    );
    out.set(courseId, {
      is_not_pass_occupation: occupationAccepted(accepted, occupation)
        ? []
        : accepted.map((id) => ({ id, name: occupationName(id) })),
      is_not_pass_course_condition: unmet.map(conditionAlternatives),
    });
  }
  return out;
}

/** Refuses an application the rules do not allow now, with the reason in Japanese. */
function assertCanApply(
  ctx: {
    r: Pick<Recruitment, 'applyStartDate' | 'applyEndDate' | 'userTypeId'>;
    enrollment: { status: number } | undefined;
    workflow: WorkflowInput;
  },
  now: Date,
) {
  const w = ctx.workflow;
  const status = ctx.enrollment?.status ?? null;
  if (status !== null && status >= STEP_STATUS.applying) throw conflict(m.alreadyApplied, 'ALREADY_APPLIED');
  if (!w.sessionActive) throw conflict(m.sessionCancelled, 'SESSION_CANCELLED');
  if (now < new Date(ctx.r.applyStartDate)) throw new ApiError(403, 'WINDOW_NOT_OPEN', m.windowNotOpen);
  if (now > new Date(ctx.r.applyEndDate)) throw new ApiError(403, 'WINDOW_CLOSED', m.windowClosed);
  if (!w.occupationPassed) throw new ApiError(403, 'OCCUPATION_NOT_MATCHED', m.occupationNotMatched);
  if (!w.courseConditionPassed) throw new ApiError(403, 'COURSE_CONDITION_UNMET', m.courseConditionUnmet);
  if (!w.basicUpdatedCoursePassed && ctx.r.userTypeId === USER_TYPE.attendee)
    throw new ApiError(403, 'BASIC_HOLDER_LIMITATION', m.basicHolderLimitation);
  if (w.sameTimeConflict) throw conflict(m.sameTimeConflict, 'SAME_TIME_CONFLICT');
  if (w.full) throw conflict(m.full, 'FULL');
  const view = workflowSteps(w).find((v) => v.step === WORKFLOW_STEP.application);
  if (view?.state !== 'active') throw conflict(m.stepOutOfOrder, 'STEP_OUT_OF_ORDER');
}

/** The step entries of a new place: won (6), then 8 awaiting payment when the route needs payment. */
export function entriesForPlace(
  r: Pick<Recruitment, 'userTypeId' | 'price'>,
  methods: readonly number[],
): StepEntry[] {
  const next = statusAfterWin(routeAfterWin(r.userTypeId, r.price, methods));
  const entries: StepEntry[] = [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.won }];
  if (next === STEP_STATUS.awaitingPayment)
    entries.push({ step: WORKFLOW_STEP.ticket, status: STEP_STATUS.awaitingPayment });
  return entries;
}

/**
 * Who applies: a member already known (userId), or the request's token, checked in the application's
 * read (tokenCheckedByRoute); `settle` takes what the read found of the token (or 'unchecked' when it
 * found no row), sets the request's user and answers the member's id, or refuses (401, 403).
 */
export type Applicant =
  { userId: number } | { token: TokenCheck; settle: (found: TokenFound) => Promise<number> };

/**
 * POST …/enrollments/user: apply. Two statements (issue 20): one prepared read of everything the
 * rules decide from, then one statement that takes the place (first-come), records the enrolment and
 * its steps and queues the mail, all or nothing, enforced by the database (a conditional UPDATE of
 * the places, the enrolment's unique index, a row lock on an enrolment before applying).
 */
export async function apply(
  db: Database,
  input: { trainingId: number; userTypeId: number; member: Applicant; now: Date },
) {
  const { trainingId, userTypeId, member, now } = input;
  let row: ApplyContextRow | undefined;
  let userId: number;
  if ('token' in member) {
    // The token is checked in the read itself (one round trip less); without a row, its own lookup
    // says whether the token or the session is missing (401 before 404).
    const found = await findApplyContextByToken(db, { trainingId, userTypeId, token: member.token });
    userId = await member.settle(found ? { account: found.account } : 'unchecked');
    row = found?.row;
  } else {
    userId = member.userId;
    row = await findApplyContext(db, { trainingId, userTypeId, userId });
  }
  if (!row || row.status !== TRAINING_STATUS.published || row.occupation === null)
    throw notFound(K.errors.notFound);
  const enrollment = row.enrollment ?? undefined;
  const { workflow } = workflowOf(
    {
      ...standingOf(row, userTypeId),
      occupation: row.occupation,
      status: enrollment ? enrollment.status : null,
      assistantApproved: Boolean(enrollment?.approved),
      lastStep: row.lastStep ?? undefined,
    },
    now,
  );
  assertCanApply({ r: row, enrollment, workflow }, now);
  const initial = statusOnApply(userTypeId, row.selection === 'lottery' ? 'lottery' : 'first_come');
  const takesPlace = initial === STEP_STATUS.won;
  const entries: StepEntry[] = takesPlace
    ? entriesForPlace(row, row.methods)
    : [{ step: WORKFLOW_STEP.application, status: initial }];
  let recorded: Awaited<ReturnType<typeof recordApplication>>;
  try {
    recorded = await recordApplication(db, {
      recruitmentId: row.recruitmentId,
      trainingId,
      userId,
      userTypeId,
      enrollmentId: enrollment?.id ?? null,
      takesPlace,
      entries,
      now,
      mailJob: (enrollmentIds) => applicationMailJobs(enrollmentIds, now),
    });
  } catch (error) {
    // The enrolment's unique index: the same member's other application got there first.
    if (isUniqueViolation(error)) throw conflict(m.alreadyApplied, 'ALREADY_APPLIED');
    throw error;
  }
  if (recorded.enrollmentId === null) {
    if (recorded.beforeApplying && takesPlace && !recorded.placed) throw conflict(m.full, 'FULL');
    throw conflict(m.alreadyApplied, 'ALREADY_APPLIED');
  }
  const status = entries[entries.length - 1]?.status ?? initial;
  return {
    enrollment_id: recorded.enrollmentId,
    status,
    step: displayStep(status as StepStatus, WORKFLOW_STEP.application),
  };
}

/** The user's enrolment on this session and type, or 404 (another user's enrolment is never visible). */
function ownEnrollment(ctx: PageContext): EnrollmentRow {
  if (!ctx.enrollment) throw notFound(m.notApplied);
  return ctx.enrollment;
}

/** GET …/enrollments/application: the applicant information to confirm, and whether applying is possible. */
export async function applicationData(
  db: Executor,
  trainingId: number,
  userTypeId: number,
  userId: number,
  now: Date,
) {
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  let refusal: string | null = null;
  try {
    assertCanApply(ctx, now);
  } catch (error) {
    refusal = error instanceof ApiError ? error.message : K.errors.generic;
  }
  return presentApplication(ctx, refusal);
}

/** GET …/enrollments/agreement: the notes, the fee, the payment methods and which view the page shows. */
export async function agreementData(
  db: Executor,
  config: Pick<Config, 'bankAccount'>,
  c: { trainingId: number; userTypeId: number; userId: number; now: Date },
) {
  const ctx = await loadContext(db, c.trainingId, c.userTypeId, c.userId, c.now);
  const e = ownEnrollment(ctx);
  const route = placeRoute(ctx);
  const feeDue = sessionFeeDue(ctx.r.userTypeId, ctx.r.price);
  const order = ctx.order;
  const transferAwaited =
    order?.status === ORDER_STATUS.inPayment && order.paymentMethodId === PAYMENT_METHOD.bankTransfer;
  return {
    training: { id: ctx.r.trainingId, name: ctx.r.name, event_date: ctx.r.eventDate, note: ctx.r.note },
    price: ctx.r.userTypeId === USER_TYPE.attendee ? ctx.r.price : 0,
    payments_methods: ctx.methods.map((id) => ({ payment_method_id: id })),
    /** The method the place is paid by: the member's choice, or the session's only one; null while to be chosen. */
    payment_method_id: feeDue ? paymentMethodOf(ctx.methods, e.paymentMethodId) : null,
    can_choose_payment_method: canChoose(ctx, e),
    route,
    /** The association's account, the amount and the deadline of the transfer awaited (route waiting). */
    transfer:
      feeDue && route === 'waiting'
        ? {
            account: config.bankAccount,
            amount: ctx.r.price,
            order_id: transferAwaited ? order.id : null,
            due_at: transferAwaited && order.dueAt ? order.dueAt.toISOString() : null,
            days: TRANSFER_DAYS,
          }
        : null,
    step_status: e.status,
    order: ctx.orderStatus === null ? null : { status: ctx.orderStatus },
    can_agree: canAgree(ctx, e),
  };
}

function canChoose(ctx: PageContext, e: EnrollmentRow): boolean {
  return canChoosePaymentMethod({
    userTypeId: ctx.r.userTypeId,
    sessionFee: ctx.r.price,
    paymentMethodIds: ctx.methods,
    status: e.status,
    cancelled: ctx.cancelled,
    order: ctx.order ? { status: ctx.order.status, paymentMethodId: ctx.order.paymentMethodId } : null,
  });
}

function canAgree(ctx: PageContext, e: EnrollmentRow): boolean {
  if (ctx.cancelled || !ctx.r.isActive || !agreementOpen(e.status, placeRoute(ctx))) return false;
  return ctx.r.userTypeId !== USER_TYPE.assistant || Boolean(e.assistantApprovedAt);
}

/** Whether the place is paid at reception (a fee due, and pay on site chosen or the only method). */
function paysOnSite(ctx: PageContext): boolean {
  return (
    sessionFeeDue(ctx.r.userTypeId, ctx.r.price) &&
    paymentMethodOf(ctx.methods, ctx.enrollment?.paymentMethodId ?? null) === PAYMENT_METHOD.onSite
  );
}

/** The session fee's offline order (transfer, on site) of the member, through the payments module. */
function offlineOrder(deps: Deps, userId: number, trainingId: number, method: 2 | 3) {
  return createOfflineOrder(deps, userId, {
    object_type: OBJECT_TYPE.sessionFee,
    object_id: trainingId,
    training_id: trainingId,
    payment_method_id: method,
  });
}

/**
 * POST …/enrollments/agreement: consent given (schema) → 9 attending, with an attendance code. A
 * member paying at reception gets their on-site order recorded first (the office's on-site queue;
 * idempotent), then the agreement.
 */
export async function agree(deps: Deps, trainingId: number, userTypeId: number, userId: number, now: Date) {
  const db = deps.db;
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  const e = ownEnrollment(ctx);
  if (ctx.cancelled) throw conflict(m.cancelled, 'CANCELLED');
  if (!ctx.r.isActive) throw conflict(m.sessionCancelled, 'SESSION_CANCELLED');
  const route = placeRoute(ctx);
  if (e.status === STEP_STATUS.awaitingPayment && !agreementOpen(e.status, route))
    throw conflict(m.notPaid, 'NG_NOT_PAYMENT');
  if (e.status >= STEP_STATUS.attending) throw conflict(m.agreementDone, 'STEP_OUT_OF_ORDER');
  if (userTypeId === USER_TYPE.assistant && !e.assistantApprovedAt)
    throw new ApiError(403, 'AWAITING_APPROVAL', m.awaitingApproval);
  if (!agreementOpen(e.status, route)) throw conflict(m.stepOutOfOrder, 'STEP_OUT_OF_ORDER');
  if (paysOnSite(ctx)) await offlineOrder(deps, userId, trainingId, PAYMENT_METHOD.onSite);
  const moved = await db.transaction((tx) =>
    recordSteps(
      tx,
      e.id,
      [{ step: WORKFLOW_STEP.ticket, status: STEP_STATUS.attending }],
      userId,
      now,
      [STEP_STATUS.won, STEP_STATUS.awaitingPayment],
      { attendanceCode: e.attendanceCode ?? newAttendanceCode() },
    ),
  );
  if (!moved) throw conflict(m.stepOutOfOrder, 'STEP_OUT_OF_ORDER');
  await queueTicketMails(db, { enrollmentId: e.id, now });
  return { enrollment_id: e.id, status: STEP_STATUS.attending, next_route: 'ticket' as const };
}

/**
 * POST …/enrollments/payment-method (decision 021): the member chooses (or changes, before paying)
 * how the session fee is paid, among the session's methods. The choice is recorded on the enrolment
 * (compare-and-set on 8); a pending transfer or on-site order of another method is withdrawn; a bank
 * transfer or pay on site gets its order now (the transfer's 7-day deadline starts, the office's
 * queues show it). Card leads to the card form. Answers the agreement page's data.
 */
export async function choosePaymentMethod(
  deps: Deps,
  c: { trainingId: number; userTypeId: number; userId: number; now: Date },
  paymentMethodId: number,
) {
  const ctx = await loadContext(deps.db, c.trainingId, c.userTypeId, c.userId, c.now);
  const e = ownEnrollment(ctx);
  const offered = ctx.methods.length === 0 ? [PAYMENT_METHOD.card] : ctx.methods;
  if (!offered.includes(paymentMethodId))
    throw badRequest(m.paymentMethodNotOffered, { payment_method_id: [m.paymentMethodNotOffered] });
  if (!canChoose(ctx, e)) throw conflict(m.paymentMethodLocked, 'PAYMENT_METHOD_LOCKED');
  if (!(await setPaymentMethod(deps.db, { enrollmentId: e.id, paymentMethodId, now: c.now })))
    throw conflict(m.paymentMethodLocked, 'PAYMENT_METHOD_LOCKED');
  await withdrawOfflineOrder(deps, {
    userId: c.userId,
    objectType: OBJECT_TYPE.sessionFee,
    objectId: c.trainingId,
    keepMethod: paymentMethodId,
  });
  if (paymentMethodId === PAYMENT_METHOD.bankTransfer || paymentMethodId === PAYMENT_METHOD.onSite)
    await offlineOrder(deps, c.userId, c.trainingId, paymentMethodId);
  return agreementData(deps.db, deps.config, c);
}

/** POST …/enrollments/user/request-cancel: a cancel request (0 awaiting approval); one at a time. */
export async function requestCancel(
  db: Database,
  trainingId: number,
  userTypeId: number,
  userId: number,
  reason: string | undefined,
  now: Date,
) {
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  const e = ownEnrollment(ctx);
  if (ctx.cancel?.status === CANCEL_REQUEST_STATUS.awaitingApproval)
    throw conflict(m.cancelPending, 'CANCEL_PENDING');
  if (ctx.cancelled) throw conflict(m.cancelled, 'CANCELLED');
  if (e.status < STEP_STATUS.applying || e.status > STEP_STATUS.attending || e.status === STEP_STATUS.lost)
    throw conflict(m.cancelNotAllowed, 'STEP_OUT_OF_ORDER');
  try {
    const row = await insertCancelRequest(db, e.id, reason ?? null, now);
    return { id: row?.id ?? 0, status: CANCEL_REQUEST_STATUS.awaitingApproval };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.cancelPending, 'CANCEL_PENDING');
    throw error;
  }
}

/** GET …/enrollments/ticket: the printable attendance ticket (status 9 or more). */
export async function ticket(
  db: Database,
  config: Config,
  trainingId: number,
  userTypeId: number,
  userId: number,
  now: Date,
) {
  const ctx = await loadContext(db, trainingId, userTypeId, userId, now);
  const e = ownEnrollment(ctx);
  if (ctx.cancelled) throw conflict(m.cancelled, 'CANCELLED');
  if (e.status < STEP_STATUS.attending) throw new ApiError(403, 'TICKET_NOT_READY', m.ticketNotReady);
  const code = e.attendanceCode ?? (await setAttendanceCode(db, e.id, newAttendanceCode()));
  const token = ticketToken(attendanceSecret(config), e.id, code);
  const url = checkInUrl(config, token);
  return presentTicket(ctx, {
    enrollment: e,
    token,
    receptionCode: receptionCode(attendanceSecret(config), e.id, code),
    checkInUrl: url,
    qrSvg: await qrSvg(url),
  });
}

/**
 * The payment hand-off (for the payments module): the session fee of an enrolment awaiting payment
 * (8) was paid (card, or a bank transfer the office confirmed) → 9 attending with an attendance code.
 * Returns false when the enrolment was not awaiting payment (nothing changes).
 */
export async function markEnrollmentPaid(
  db: Executor,
  enrollmentId: number,
  actorUserId: number | null,
  now = new Date(),
) {
  const moved = await recordSteps(
    db,
    enrollmentId,
    [{ step: stepOfStatus(STEP_STATUS.attending), status: STEP_STATUS.attending, note: 'paid' }],
    actorUserId,
    now,
    [STEP_STATUS.awaitingPayment],
    { attendanceCode: newAttendanceCode() },
  );
  if (moved) await queueTicketMails(db, { enrollmentId, now });
  return moved;
}

/**
 * The course registration fee (step 1) was paid or the free registration was made: records step 1
 * status 1 on the user's enrolment (created when missing). Returns the enrolment id; a no-op (false
 * moved) when the enrolment is already past status 0.
 */
export async function markCourseRegistered(
  db: Executor,
  input: { trainingId: number; userId: number; userTypeId: number },
  actorUserId: number | null,
  now = new Date(),
) {
  const existing = await findEnrollment(db, input.trainingId, input.userId, input.userTypeId);
  const enrollment = existing ?? (await insertEnrollment(db, { ...input, now }));
  const moved = await recordSteps(
    db,
    enrollment.id,
    [{ step: WORKFLOW_STEP.courseRegistration, status: STEP_STATUS.courseRegistered, note: 'registered' }],
    actorUserId,
    now,
    [STEP_STATUS.initial],
  );
  return { enrollmentId: enrollment.id, moved };
}
