import {
  checkInVerdict,
  enrollmentMessages as m,
  day,
  holdsPlace,
  ja,
  message,
  officeJa,
  PAYMENT_METHOD,
  STEP_STATUS,
  USER_TYPE,
  CANCEL_REQUEST_STATUS,
  WORKFLOW_STEP,
  K,
  type OfficeRole,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../plugins/deps.ts';
import { assertRefundAllowed, refund } from '../orders/index.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  attendanceSecrets,
  parseReceptionCode,
  receptionCodeMatches,
  verifyTicketToken,
  findEnrollmentById,
  findPaymentMethods,
  findRecruitment,
  recordSteps,
  releasePlace,
  takePlace,
  type Recruitment,
  CANCELLED_NOTE,
  entriesForPlace,
  markEnrollmentPaid,
  WON_ELSEWHERE_NOTE,
} from '../enrollments/index.ts';
import {
  approveAssistantRow,
  decideCancelRequest,
  findCancelRequest,
  findPaidSessionFeeOrder,
  findDraw,
  findLotteryEntrants,
  findRankedLosers,
  findRoster,
  courseHasPostTest,
  findTrail,
  findTrainingSummary,
  findUsersContact,
  findValidCertificate,
  lockEnrollmentRow,
  insertDraw,
  lockRecruitment,
  markCheckedIn,
  setLotteryRank,
  usersWonElsewhere,
  writeAudit,
} from './office.repository.ts';
import {
  queueAssistantApprovedMail,
  queueAssistantRejectedMail,
  mailMember,
} from '../notifications/index.ts';
import { randomSeed, shuffle } from './lottery.ts';
import {
  cancellationApprovedMail,
  lotteryLostMail,
  lotteryWonMail,
  type CancelRefund,
} from './office.mails.ts';
import { paymentsOfEnrollments } from './office.lists.ts';
import { officeLabel } from './office.labels.ts';
import { rosterCsvFile } from './office.csv.ts';
import { presentRoster } from './office.presenter.ts';

export type OfficeDeps = Deps;

/** The lottery mail of one entrant (a place, a place offered later, no place, drawn elsewhere). */
function lotteryMail(
  deps: OfficeDeps,
  r: Recruitment,
  userId: number,
  result: 'won' | 'offered' | 'lost' | 'elsewhere',
) {
  return mailMember(deps, userId, (reader, site) =>
    result === 'won' || result === 'offered'
      ? lotteryWonMail({ reader, session: r, offered: result === 'offered', site })
      : lotteryLostMail({ reader, session: r, elsewhere: result === 'elsewhere', site }),
  );
}

async function recruitmentOrThrow(db: Executor, trainingId: number, userTypeId: number) {
  const r = await findRecruitment(db, trainingId, userTypeId);
  if (!r) throw notFound(K.errors.notFound);
  return r;
}

/** POST /office/trainings/{id}/lottery: the seeded, recorded draw of one recruitment. */
export async function runLottery(
  deps: OfficeDeps,
  trainingId: number,
  userTypeId: number,
  seedInput: string | undefined,
  actor: number,
  now: Date,
) {
  const r = await recruitmentOrThrow(deps.db, trainingId, userTypeId);
  if (r.selection !== 'lottery') throw conflict(m.notLottery, 'NOT_LOTTERY');
  if (now <= new Date(r.applyEndDate)) throw conflict(m.lotteryWindowOpen, 'WINDOW_OPEN');
  const seed = seedInput ?? randomSeed();
  const methods = await findPaymentMethods(deps.db, trainingId);

  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockRecruitment(tx, trainingId, userTypeId);
    if (!locked) throw notFound(K.errors.notFound);
    if (await findDraw(tx, trainingId, userTypeId)) throw conflict(m.lotteryDone, 'LOTTERY_DONE');
    const entrants = await findLotteryEntrants(tx, trainingId, userTypeId);
    const elsewhere = await usersWonElsewhere(
      tx,
      entrants.map((e) => e.userId),
      r.courseId,
      trainingId,
    );
    const excluded = entrants.filter((e) => elsewhere.has(e.userId));
    const eligible = entrants.filter((e) => !elsewhere.has(e.userId));
    const order = shuffle(eligible, seed);
    const free = Math.max(0, locked.capacity - locked.participant);
    const winners = order.slice(0, free);
    const losers = order.slice(free);

    for (const w of winners) {
      if (!(await takePlace(tx, locked.id))) throw conflict(m.noPlaceFree, 'FULL');
      await recordSteps(tx, w.id, entriesForPlace(r, methods), actor, now, [STEP_STATUS.awaitingLottery]);
    }
    for (const [i, l] of losers.entries()) {
      await recordSteps(
        tx,
        l.id,
        [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.lost }],
        actor,
        now,
        [STEP_STATUS.awaitingLottery],
        {
          lotteryRank: i + 1,
        },
      );
    }
    for (const x of excluded) {
      await recordSteps(
        tx,
        x.id,
        [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.lost, note: WON_ELSEWHERE_NOTE }],
        actor,
        now,
        [STEP_STATUS.awaitingLottery],
      );
    }
    await insertDraw(tx, {
      trainingId,
      userTypeId,
      seed,
      capacity: free,
      entrants: eligible.map((e) => e.id),
      winners: winners.map((w) => w.id),
      drawnBy: actor,
      drawnAt: now,
    });
    const summary = {
      seed,
      places: free,
      entrants: eligible.map((e) => e.id),
      winners: winners.map((w) => w.id),
      losers: losers.map((l) => l.id),
      won_elsewhere: excluded.map((x) => x.id),
    };
    await writeAudit(
      tx,
      actor,
      'lottery.run',
      'training',
      trainingId,
      { user_type: userTypeId, ...summary },
      now,
    );
    return { summary, winners, losers, excluded };
  });

  for (const w of result.winners) await lotteryMail(deps, r, w.userId, 'won');
  for (const l of result.losers) await lotteryMail(deps, r, l.userId, 'lost');
  for (const x of result.excluded) await lotteryMail(deps, r, x.userId, 'elsewhere');
  return result.summary;
}

/**
 * Offers a free place to the next loser in rank order (within the caller's transaction). Users who
 * meanwhile won another session of the course are passed over. Returns the promoted enrolment or null.
 */
async function offerNextIn(tx: Executor, r: Recruitment, methods: number[], actor: number, now: Date) {
  const locked = await lockRecruitment(tx, r.trainingId, r.userTypeId);
  if (!locked || locked.participant >= locked.capacity) return null;
  const losers = await findRankedLosers(tx, r.trainingId, r.userTypeId);
  const elsewhere = await usersWonElsewhere(
    tx,
    losers.map((l) => l.userId),
    r.courseId,
    r.trainingId,
  );
  const next = losers.find((l) => !elsewhere.has(l.userId));
  if (!next) return null;
  if (!(await takePlace(tx, locked.id))) return null;
  await recordSteps(
    tx,
    next.id,
    entriesForPlace(r, methods).map((e) => ({ ...e, note: 'offered' })),
    actor,
    now,
    [STEP_STATUS.lost],
  );
  await setLotteryRank(tx, next.id, null);
  await writeAudit(
    tx,
    actor,
    'lottery.offer',
    'enrollment',
    next.id,
    { training_id: r.trainingId, rank: next.rank },
    now,
  );
  return next;
}

async function mailOffered(deps: OfficeDeps, r: Recruitment, userId: number) {
  await lotteryMail(deps, r, userId, 'offered');
}

/** GET /office/trainings/{id}/lottery?user_type=: the recorded draw (seed, entrants in order, winners). */
export async function lotteryRecord(db: Executor, trainingId: number, userTypeId: number) {
  const draw = await findDraw(db, trainingId, userTypeId);
  if (!draw) throw notFound(K.errors.notFound);
  return {
    training_id: draw.trainingId,
    user_type: draw.userTypeId,
    seed: draw.seed,
    places: draw.capacity,
    entrants: draw.entrants as number[],
    winners: draw.winners as number[],
    drawn_by: draw.drawnBy,
    drawn_at: new Date(draw.drawnAt).toISOString(),
  };
}

/** POST /office/trainings/{id}/lottery/offer-next */
export async function offerNext(
  deps: OfficeDeps,
  trainingId: number,
  userTypeId: number,
  actor: number,
  now: Date,
) {
  const r = await recruitmentOrThrow(deps.db, trainingId, userTypeId);
  if (r.selection !== 'lottery') throw conflict(m.notLottery, 'NOT_LOTTERY');
  if (!(await findDraw(deps.db, trainingId, userTypeId)))
    throw conflict(m.stepOutOfOrder, 'STEP_OUT_OF_ORDER');
  const methods = await findPaymentMethods(deps.db, trainingId);
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockRecruitment(tx, trainingId, userTypeId);
    if (!locked || locked.participant >= locked.capacity) throw conflict(m.noPlaceFree, 'FULL');
    const next = await offerNextIn(tx, r, methods, actor, now);
    if (!next) throw conflict(m.noNextEntrant, 'NO_NEXT_ENTRANT');
    return next;
  });
  await mailOffered(deps, r, result.userId);
  const after = await findEnrollmentById(deps.db, result.id);
  return { enrollment_id: result.id, status: after?.status ?? STEP_STATUS.won };
}

/** POST /office/enrollments/{id}/approve-assistant */
export async function approveAssistant(deps: OfficeDeps, enrollmentId: number, actor: number, now: Date) {
  const e = await findEnrollmentById(deps.db, enrollmentId);
  if (!e) throw notFound(K.errors.notFound);
  if (e.userTypeId !== USER_TYPE.assistant) throw conflict(m.notAssistant, 'NOT_ASSISTANT');
  if (e.assistantApprovedAt) throw conflict(m.alreadyApproved, 'ALREADY_APPROVED');
  if (e.status === STEP_STATUS.lost) throw conflict(m.alreadyRejected, 'ASSISTANT_REJECTED');
  const r = await recruitmentOrThrow(deps.db, e.trainingId, e.userTypeId);
  const methods = await findPaymentMethods(deps.db, e.trainingId);
  return deps.db.transaction(async (tx) => {
    if (!(await approveAssistantRow(tx, e.id, actor, now)))
      throw conflict(m.notAwaitingApproval, 'ASSISTANT_DECIDED');
    let status: number = e.status;
    if (e.status === STEP_STATUS.applying) {
      if (r.selection === 'lottery') {
        await recordSteps(
          tx,
          e.id,
          [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.awaitingLottery, note: 'approved' }],
          actor,
          now,
          [STEP_STATUS.applying],
        );
        status = STEP_STATUS.awaitingLottery;
      } else {
        if (!(await takePlace(tx, r.recruitmentId))) throw conflict(m.full, 'FULL');
        const entries = entriesForPlace(r, methods);
        await recordSteps(tx, e.id, entries, actor, now, [STEP_STATUS.applying]);
        status = entries[entries.length - 1]?.status ?? STEP_STATUS.won;
      }
    }
    await writeAudit(tx, actor, 'assistant.approve', 'enrollment', e.id, { status }, now);
    await queueAssistantApprovedMail(tx, { enrollmentId: e.id, now });
    return { enrollment_id: e.id, status, approved: true };
  });
}

/** The note of the step entry a declined assistant application leaves (the trail reads 事務局が承認せず). */
export const ASSISTANT_REJECTED_NOTE = 'assistant rejected';

/**
 * POST /office/enrollments/{id}/reject-assistant: the office declines an assistant's application
 * awaiting approval (4 → 7, no place was held), audited with the reason, which the mail carries.
 * The row lock and the conditional step (from 4 only) make a second call a 409 with no second mail;
 * approval's conditional UPDATE refuses a declined row.
 */
export async function rejectAssistant(
  deps: OfficeDeps,
  input: { enrollmentId: number; reason: string; actor: number; now: Date },
) {
  return deps.db.transaction(async (tx) => {
    const e = await lockEnrollmentRow(tx, input.enrollmentId);
    if (!e) throw notFound(K.errors.notFound);
    if (e.userTypeId !== USER_TYPE.assistant) throw conflict(m.notAssistant, 'NOT_ASSISTANT');
    if (e.assistantApprovedAt) throw conflict(m.alreadyApproved, 'ALREADY_APPROVED');
    if (e.status === STEP_STATUS.lost) throw conflict(m.alreadyRejected, 'ASSISTANT_REJECTED');
    const done = await recordSteps(
      tx,
      e.id,
      [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.lost, note: ASSISTANT_REJECTED_NOTE }],
      input.actor,
      input.now,
      [STEP_STATUS.applying],
    );
    if (!done) throw conflict(m.notAwaitingApproval, 'NOT_AWAITING_APPROVAL');
    await writeAudit(
      tx,
      input.actor,
      'assistant.reject',
      'enrollment',
      e.id,
      { reason: input.reason, previous_status: e.status },
      input.now,
    );
    await queueAssistantRejectedMail(tx, { enrollmentId: e.id, reason: input.reason, now: input.now });
    return { enrollment_id: e.id, status: STEP_STATUS.lost, approved: false };
  });
}

/** What the cancellation mail says of the fee: none paid, refunded to the card, refunded by the office, or failed. */
function cancelRefund(
  paid: { amount: number; paymentMethodId: number } | undefined,
  refunded: { refund_order_id: number | null } | null,
): CancelRefund {
  if (!paid) return { kind: 'none' };
  if (!refunded || refunded.refund_order_id === null) return { kind: 'failed', amount: paid.amount };
  return paid.paymentMethodId === PAYMENT_METHOD.card
    ? { kind: 'card', amount: paid.amount }
    : { kind: 'office', amount: paid.amount };
}

/** POST /office/cancel-requests/{id}/approve: the place is freed (and offered onward after a draw). */
export async function approveCancel(
  deps: OfficeDeps,
  options: { requestId: number; actor: number; officeRole: OfficeRole | null; now: Date },
) {
  const { requestId, actor, now } = options;
  // Approving refunds a paid fee: office staff may do it up to their refund limit, as for a refund by hand
  // (decision 041); above it only an admin, and nothing changes.
  const pending = await findCancelRequest(deps.db, requestId);
  const fee = pending ? await findPaidSessionFeeOrder(deps.db, pending.enrollmentId) : undefined;
  if (fee) await assertRefundAllowed(deps, { orderId: fee.id, officeRole: options.officeRole });
  const outcome = await deps.db.transaction(async (tx) => {
    const request = await findCancelRequest(tx, requestId);
    if (!request) throw notFound(K.errors.notFound);
    if (request.status !== CANCEL_REQUEST_STATUS.awaitingApproval)
      throw conflict(m.cancelRequestDecided, 'CANCEL_DECIDED');
    const e = await findEnrollmentById(tx, request.enrollmentId);
    if (!e) throw notFound(K.errors.notFound);
    const r = await recruitmentOrThrow(tx, e.trainingId, e.userTypeId);
    await decideCancelRequest(tx, requestId, 1, actor, now);
    const freed = holdsPlace(e.status);
    if (freed) await releasePlace(tx, e.trainingId, e.userTypeId);
    await recordSteps(
      tx,
      e.id,
      [{ step: WORKFLOW_STEP.application, status: STEP_STATUS.lost, note: CANCELLED_NOTE }],
      actor,
      now,
      undefined,
      {
        lotteryRank: null,
      },
    );
    let offered: { id: number; userId: number } | null = null;
    if (freed && r.selection === 'lottery' && (await findDraw(tx, e.trainingId, e.userTypeId))) {
      offered = await offerNextIn(tx, r, await findPaymentMethods(tx, e.trainingId), actor, now);
    }
    await writeAudit(
      tx,
      actor,
      'cancel.approve',
      'cancel_request',
      requestId,
      {
        enrollment_id: e.id,
        previous_status: e.status,
        place_freed: freed,
        offered_enrollment_id: offered?.id ?? null,
      },
      now,
    );
    return { e, r, freed, offered };
  });
  if (outcome.offered) await mailOffered(deps, outcome.r, outcome.offered.userId);
  // A paid session fee is refunded through the orders module (its own transaction and audit row).
  let refunded: { order_id: number; refund_order_id: number | null; message: string | null } | null = null;
  const paid = await findPaidSessionFeeOrder(deps.db, outcome.e.id);
  if (paid) {
    try {
      const entry = await refund(deps, actor, paid.id);
      refunded = { order_id: paid.id, refund_order_id: entry.id, message: null };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refunded = { order_id: paid.id, refund_order_id: null, message: error.message };
    }
  }
  await mailMember(deps, outcome.e.userId, (reader, site) =>
    cancellationApprovedMail({ reader, session: outcome.r, refund: cancelRefund(paid, refunded), site }),
  );
  return {
    refund: refunded,
    id: requestId,
    status: CANCEL_REQUEST_STATUS.approved,
    enrollment_id: outcome.e.id,
    place_freed: outcome.freed,
    offered_enrollment_id: outcome.offered?.id ?? null,
  };
}

/** POST /office/cancel-requests/{id}/reject */
export async function rejectCancel(deps: OfficeDeps, requestId: number, actor: number, now: Date) {
  return deps.db.transaction(async (tx) => {
    const request = await findCancelRequest(tx, requestId);
    if (!request) throw notFound(K.errors.notFound);
    if (!(await decideCancelRequest(tx, requestId, CANCEL_REQUEST_STATUS.rejected, actor, now)))
      throw conflict(m.cancelRequestDecided, 'CANCEL_DECIDED');
    await writeAudit(
      tx,
      actor,
      'cancel.reject',
      'cancel_request',
      requestId,
      { enrollment_id: request.enrollmentId },
      now,
    );
    return { id: requestId, status: CANCEL_REQUEST_STATUS.rejected, enrollment_id: request.enrollmentId };
  });
}

/**
 * The enrolment of what reception scanned or typed: the signed ticket token (or the check-in URL
 * holding it), or the ticket's reception code (受付コード). Either must match the enrolment's stored
 * attendance code; anything else is refused alike, before and after the lookup.
 */
async function ticketEnrollment(deps: OfficeDeps, scanned: string) {
  const secret = attendanceSecrets(deps.config);
  const token = verifyTicketToken(secret, scanned);
  if (token) {
    const e = await findEnrollmentById(deps.db, token.enrollmentId);
    return e && e.attendanceCode === token.code ? e : null;
  }
  const typed = parseReceptionCode(scanned);
  if (!typed) return null;
  const e = await findEnrollmentById(deps.db, typed.enrollmentId);
  return e?.attendanceCode && receptionCodeMatches(secret, typed, e.attendanceCode) ? e : null;
}

/**
 * Whose sessions an action may reach: the office's reach is every session (no scope); a host's is its
 * local holding's sessions only (decision 041), and any other session is answered as not found.
 */
export type SessionScope = { localHoldingId: number };

async function assertInScope(db: Executor, trainingId: number, scope: SessionScope) {
  const training = await findTrainingSummary(db, trainingId);
  if (!training || training.localHoldingId !== scope.localHoldingId) throw notFound(K.errors.notFound);
}

/**
 * POST /office/check-in: a signed ticket (or its reception code) of this session, used once, moves 9 → 10.
 * With a scope (a host's check-in), the session must be given and be the scope's, else 404.
 */
export async function checkIn(
  deps: OfficeDeps,
  scanned: string,
  trainingId: number | undefined,
  actor: number,
  now: Date,
  scope?: SessionScope,
) {
  if (scope) {
    if (trainingId === undefined) throw notFound(K.errors.notFound);
    await assertInScope(deps.db, trainingId, scope);
  }
  const e = await ticketEnrollment(deps, scanned);
  if (!e) throw badRequest(m.checkInForged, {}, 'NG_ATTENDANCE_CODE');
  if (trainingId !== undefined && e.trainingId !== trainingId)
    throw conflict(m.checkInOtherSession, 'OTHER_SESSION');
  if (e.checkedInAt) throw conflict(m.checkInUsed, 'ALREADY_CHECKED_IN');
  if (e.status !== STEP_STATUS.attending) throw conflict(m.checkInNotAttending, 'NOT_ATTENDING');
  const training = await findTrainingSummary(deps.db, e.trainingId);
  if (!training) throw notFound(K.errors.notFound);
  // Only on the session's date in Japan (within CHECK_IN_MARGIN_HOURS): decision 022.
  const verdict = checkInVerdict({
    eventDate: training.eventDate,
    marginHours: deps.config.checkInMarginHours,
    now,
  });
  if (verdict === 'tooEarly')
    throw conflict(message(m.checkInTooEarly, day(training.eventDate)), 'CHECK_IN_NOT_TODAY');
  if (verdict === 'tooLate')
    throw conflict(message(m.checkInTooLate, day(training.eventDate)), 'CHECK_IN_NOT_TODAY');
  // A course without a post-test has no step 6 to take: attendance leads straight to the survey.
  const postTest = await courseHasPostTest(deps.db, training.courseId);
  const status = postTest ? STEP_STATUS.postTestNotTaken : STEP_STATUS.surveyNotTaken;
  await deps.db.transaction(async (tx) => {
    if (!(await markCheckedIn(tx, e.id, now))) throw conflict(m.checkInUsed, 'ALREADY_CHECKED_IN');
    await recordSteps(
      tx,
      e.id,
      [
        { step: WORKFLOW_STEP.ticket, status: STEP_STATUS.postTestNotTaken, note: 'checked in' },
        ...(postTest
          ? []
          : [{ step: WORKFLOW_STEP.postTest, status: STEP_STATUS.surveyNotTaken, note: 'no post-test' }]),
      ],
      actor,
      now,
      [STEP_STATUS.attending],
    );
    await writeAudit(
      tx,
      actor,
      'enrollment.check_in',
      'enrollment',
      e.id,
      { training_id: e.trainingId },
      now,
    );
  });
  const contact = (await findUsersContact(deps.db, [e.userId])).get(e.userId);
  return {
    enrollment_id: e.id,
    training_id: e.trainingId,
    training_name: training.name,
    fullname: contact?.name ?? '',
    user_type_id: e.userTypeId,
    status,
    checked_in_at: now.toISOString(),
  };
}

/**
 * POST /office/enrollments/{id}/undo-check-in: a check-in made by mistake is taken back (10–12 → 9,
 * checked_in_at cleared), with the reason in the audit trail. The post-test, survey and certificate
 * close again; a certificate must be revoked first (the row lock is the one the certificate issue takes).
 */
export async function undoCheckIn(
  deps: OfficeDeps,
  input: { enrollmentId: number; reason: string; actor: number; now: Date },
) {
  return deps.db.transaction(async (tx) => {
    const e = await lockEnrollmentRow(tx, input.enrollmentId);
    if (!e) throw notFound(K.errors.notFound);
    if (!e.checkedInAt) throw conflict(m.checkInNotDone, 'NOT_CHECKED_IN');
    if (await findValidCertificate(tx, e.id)) throw conflict(m.checkInUndoCertificate, 'CERTIFICATE_ISSUED');
    const undone = await recordSteps(
      tx,
      e.id,
      [{ step: WORKFLOW_STEP.ticket, status: STEP_STATUS.attending, note: CHECK_IN_UNDONE_NOTE }],
      input.actor,
      input.now,
      [STEP_STATUS.postTestNotTaken, STEP_STATUS.surveyNotTaken, STEP_STATUS.completed],
      { checkedInAt: null },
    );
    if (!undone) throw conflict(m.checkInNotDone, 'NOT_CHECKED_IN');
    await writeAudit(
      tx,
      input.actor,
      'enrollment.check_in_undo',
      'enrollment',
      e.id,
      {
        reason: input.reason,
        previous_status: e.status,
        checked_in_at: new Date(e.checkedInAt).toISOString(),
      },
      input.now,
    );
    return { enrollment_id: e.id, status: STEP_STATUS.attending, checked_in_at: null };
  });
}

/** The note of the step entry an undone check-in leaves. */
export const CHECK_IN_UNDONE_NOTE = 'check-in undone';

/** POST /office/enrollments/{id}/confirm-payment: bank transfer or on-site payment received (8 → 9). */
export async function confirmPayment(deps: OfficeDeps, enrollmentId: number, actor: number, now: Date) {
  const e = await findEnrollmentById(deps.db, enrollmentId);
  if (!e) throw notFound(K.errors.notFound);
  return deps.db.transaction(async (tx) => {
    if (!(await markEnrollmentPaid(tx, e.id, actor, now)))
      throw conflict(m.paymentNotAwaited, 'STEP_OUT_OF_ORDER');
    await writeAudit(tx, actor, 'enrollment.confirm_payment', 'enrollment', e.id, {}, now);
    return { enrollment_id: e.id, status: STEP_STATUS.attending };
  });
}

/** GET /office/trainings/{id}/roster; with a scope (a host's), another holding's session is not found. */
export async function roster(db: Executor, trainingId: number, scope?: SessionScope) {
  const training = await findTrainingSummary(db, trainingId);
  if (!training || (scope && training.localHoldingId !== scope.localHoldingId))
    throw notFound(K.errors.notFound);
  const rows = await findRoster(db, trainingId);
  const payments = await paymentsOfEnrollments(
    db,
    rows.map((row) => row.enrollmentId),
  );
  return presentRoster(training, rows, payments);
}

/** GET /office/trainings/{id}/roster.csv (the file's text is office.csv.ts). */
export async function rosterCsv(
  db: Executor,
  trainingId: number,
): Promise<{ filename: string; body: string }> {
  return rosterCsvFile(trainingId, await roster(db, trainingId));
}

const trailNotes = officeJa.trail.notes;

/**
 * GET /office/enrollments/{id}/steps: the audit trail of one enrolment, in words: the step and status
 * names, the note's meaning and who acted (本人, the office member's name, or the system).
 */
export async function enrollmentTrail(db: Executor, enrollmentId: number) {
  const e = await findEnrollmentById(db, enrollmentId);
  if (!e) throw notFound(K.errors.notFound);
  const steps = await findTrail(db, e.id);
  const recruitment = await findRecruitment(db, e.trainingId, e.userTypeId);
  /** Each entry's status in the office's words as it stood then (a cancellation's entry: キャンセル済み). */
  const statusWord = (status: number, note: string | null) =>
    officeLabel({
      selection: recruitment?.selection ?? null,
      status,
      userTypeId: e.userTypeId,
      approved: status !== STEP_STATUS.applying && Boolean(e.assistantApprovedAt),
      cancelStatus: note === CANCELLED_NOTE ? 1 : null,
      wonElsewhere: note === WON_ELSEWHERE_NOTE,
    });
  return {
    enrollment_id: e.id,
    training_id: e.trainingId,
    user_id: e.userId,
    user_type_id: e.userTypeId,
    status: e.status,
    steps: steps.map((s) => ({
      id: s.id,
      step: s.step,
      step_label: (ja.steps as Record<number, string>)[s.step] ?? officeJa.trail.allDone,
      status: s.status,
      status_key: statusWord(s.status, s.note).key,
      status_label: statusWord(s.status, s.note).label,
      note: s.note,
      note_label: s.note === null ? null : (trailNotes[s.note] ?? s.note),
      actor_user_id: s.actorUserId,
      actor:
        s.actorUserId === null
          ? { kind: 'system' as const, name: officeJa.trail.system }
          : s.actorUserId === e.userId
            ? { kind: 'self' as const, name: officeJa.trail.self }
            : {
                kind: s.actorRole === 'office' ? ('office' as const) : ('member' as const),
                name: `${s.actorLastName ?? ''} ${s.actorFirstName ?? ''}`.trim(),
              },
      created_at: new Date(s.createdAt).toISOString(),
    })),
  };
}
