/**
 * The office's catalogue (issue 16, decision 031): courses, sessions and their recruitments, created and
 * changed by the office (and by the demo seed, through these same functions). Every change is checked
 * against the domain's rules (packages/domain/src/rules/catalogue.ts) with the clock passed in, written
 * under the session's row lock with the member-dependent rules in the statements themselves, and
 * audited with the before and after of the fields it changed.
 */
import {
  effectiveApplyEnd,
  issuesConflict,
  japanInstant,
  officeJa,
  paginate,
  PAYMENT_METHOD,
  sessionIssues,
  TRAINING_STATUS,
  type CatalogueIssue,
  type CourseCreate,
  type CoursePatch,
  type OfficeSession,
  type OfficeSessionsQuery,
  type OfficeSessionSummary,
  type RecruitmentInput,
  type SessionCreate,
  type SessionDraft,
  type SessionPatch,
  type OfficeRole,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound, type FieldErrors } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
import { mailMember } from '../notifications/index.ts';
import { assertRefundAllowed, refund } from '../orders/index.ts';
import { sessionCancelledMail, type CancellationRefund } from './catalogue.mails.ts';
import {
  areaExists,
  courseIdsExist,
  deleteRecruitment,
  deleteUnusedCourse,
  findCourse,
  findLiveEnrollments,
  findPaidSessionFees,
  findSessionForm,
  insertCourse,
  insertRecruitments,
  insertTraining,
  listCourses,
  listSessions,
  lockTraining,
  markCancelled,
  replaceConditions,
  replaceOccupations,
  replacePaymentMethods,
  replaceVideoPreviews,
  unpublishIfNoApplicants,
  updateCourse as updateCourseRow,
  updateRecruitment,
  updateTraining,
  type RecruitmentValues,
} from './catalogue.repository.ts';
import { changedFields, presentCourse, presentCourseSummary, presentSession } from './catalogue.presenter.ts';
import { recordAudit } from '../audit/index.ts';

const words = officeJa.catalogue;

/** The rules' issues as the API answers them: field messages, 409 when members' actions stand in the way. */
function ruleError(issues: readonly CatalogueIssue[]): ApiError {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.field] ??= []).push(words.rules[issue.code]);
  return issuesConflict(issues)
    ? conflict(words.errors.locked, 'CATALOGUE_LOCKED', errors)
    : badRequest(words.errors.invalid, errors);
}

/** A change that lost its race with a member (the conditional statement found the rule broken). */
const lockedBy = (field: string, code: CatalogueIssue['code']) => ruleError([{ field, code }]);

// ───────────────────────────── courses ─────────────────────────────

export async function officeCourseList(
  db: Executor,
  query: { page: number; limit: number; keyword?: string | undefined },
) {
  const { rows, total } = await listCourses(db, {
    keyword: query.keyword || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(presentCourseSummary), pagination: paginate(query.page, query.limit, total) };
}

export async function officeCourse(db: Executor, id: number) {
  const record = await findCourse(db, id);
  if (!record) throw notFound();
  return presentCourse(record);
}

/** The courses named by conditions must exist (and a course cannot require itself). */
async function checkConditions(
  db: Executor,
  courseId: number | null,
  groups: CourseCreate['course_conditions'],
) {
  const ids = groups.flat().map((c) => c.course_id);
  const known = await courseIdsExist(db, ids);
  const errors: FieldErrors = {};
  groups.forEach((group, g) =>
    group.forEach((c, i) => {
      if (!known.has(c.course_id) || c.course_id === courseId)
        errors[`course_conditions.${g}.${i}.course_id`] = [words.errors.unknownCourse];
    }),
  );
  if (Object.keys(errors).length) throw badRequest(words.errors.invalid, errors);
}

function courseColumns(input: CoursePatch) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.duration !== undefined && { duration: input.duration }),
    ...(input.participant !== undefined && { participant: input.participant }),
    ...(input.resource !== undefined && { resource: input.resource }),
    ...(input.certification_standard !== undefined && {
      certificationStandard: input.certification_standard,
    }),
    ...(input.certification_period !== undefined && { certificationPeriod: input.certification_period }),
    ...(input.certification_renew !== undefined && { certificationRenew: input.certification_renew }),
    ...(input.memo !== undefined && { memo: input.memo }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.order !== undefined && { sortOrder: input.order }),
    ...(input.certificate_prefix !== undefined && { certificatePrefix: input.certificate_prefix || null }),
    ...(input.is_renewal !== undefined && { isRenewal: input.is_renewal }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
  };
}

export async function createCourse(deps: Deps, options: { actorId: number; input: CourseCreate; now: Date }) {
  return deps.db.transaction((tx) => addCourse(tx, options));
}

/**
 * Creates a course in the caller's transaction: the office's POST /office/courses, and the demo seed
 * (no actor: not an office action, so no audit row).
 */
export async function addCourse(
  tx: Executor,
  options: { actorId: number | null; input: CourseCreate; now: Date },
): Promise<number> {
  const { input, now } = options;
  await checkConditions(tx, null, input.course_conditions);
  const id = await insertCourse(tx, {
    ...courseColumns(input),
    name: input.name,
    createdAt: now,
    updatedAt: now,
  });
  await replaceOccupations(tx, id, input.occupations);
  await replaceConditions(tx, id, input.course_conditions);
  await replaceVideoPreviews(tx, id, input.video_previews);
  const after = await findCourse(tx, id);
  if (!after) throw notFound();
  if (options.actorId !== null)
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'course.create',
      entity: 'course',
      entityId: id,
      data: { after: presentCourse(after) },
      now,
    });
  return id;
}

export async function updateCourse(
  deps: Deps,
  options: { actorId: number; id: number; patch: CoursePatch; now: Date },
) {
  const { id, patch, now } = options;
  return deps.db.transaction(async (tx) => {
    const current = await findCourse(tx, id, { lock: true });
    if (!current) throw notFound();
    if (patch.course_conditions) await checkConditions(tx, id, patch.course_conditions);
    await updateCourseRow(tx, id, { ...courseColumns(patch), updatedAt: now });
    if (patch.occupations) await replaceOccupations(tx, id, patch.occupations);
    if (patch.course_conditions) await replaceConditions(tx, id, patch.course_conditions);
    if (patch.video_previews) await replaceVideoPreviews(tx, id, patch.video_previews);
    const updated = await findCourse(tx, id);
    if (!updated) throw notFound();
    const before = presentCourse(current);
    const after = presentCourse(updated);
    const diff = changedFields(
      { ...before, video_previews: before.video_previews.map(({ name, link }) => ({ name, link })) },
      { ...after, video_previews: after.video_previews.map(({ name, link }) => ({ name, link })) },
      ['updated_at'],
    );
    if (Object.keys(diff.after).length)
      await recordAudit(tx, {
        actorId: options.actorId,
        action: 'course.update',
        entity: 'course',
        entityId: id,
        data: diff,
        now,
      });
    return after;
  });
}

/** Deletes a course nothing refers to; a course with sessions (or required by another) is archived instead. */
export async function deleteCourse(deps: Deps, options: { actorId: number; id: number; now: Date }) {
  return deps.db.transaction(async (tx) => {
    const current = await findCourse(tx, options.id, { lock: true });
    if (!current) throw notFound();
    if (!(await deleteUnusedCourse(tx, options.id)))
      throw conflict(words.errors.courseHasSessions, 'COURSE_HAS_SESSIONS');
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'course.delete',
      entity: 'course',
      entityId: options.id,
      data: { before: presentCourse(current) },
      now: options.now,
    });
    return { id: options.id, deleted: true as const };
  });
}

// ───────────────────────────── sessions ─────────────────────────────

type SessionFields = Omit<SessionCreate, 'users_types'> & { users_types: RecruitmentInput[] };

function draftOf(fields: SessionFields): SessionDraft {
  return {
    event_date: fields.event_date,
    event_start_time: fields.event_start_time,
    event_end_time: fields.event_end_time,
    start_time_morning: fields.start_time_morning,
    end_time_morning: fields.end_time_morning,
    start_time_afternoon: fields.start_time_afternoon,
    end_time_afternoon: fields.end_time_afternoon,
    payment_method_ids: fields.payment_method_ids,
    users_types: fields.users_types,
  };
}

function trainingColumns(fields: SessionFields) {
  return {
    courseId: fields.course_id,
    areaId: fields.area,
    name: fields.name,
    eventDate: fields.event_date,
    eventStartTime: fields.event_start_time,
    eventEndTime: fields.event_end_time,
    startTimeMorning: fields.start_time_morning,
    endTimeMorning: fields.end_time_morning,
    startTimeAfternoon: fields.start_time_afternoon,
    endTimeAfternoon: fields.end_time_afternoon,
    sponsorBy: fields.sponsor_by,
    venue: fields.venue,
    venueName: fields.venue_name,
    target: fields.target,
    note: fields.note,
    registerDateNote: fields.register_date_note,
    applyDateNote: fields.apply_date_note,
    status: fields.status,
  };
}

function recruitmentValues(fields: SessionFields, r: RecruitmentInput): RecruitmentValues {
  return {
    userTypeId: r.type_id,
    description: r.description,
    capacity: r.capacity,
    price: r.price,
    selection: r.selection,
    applyStartDate: japanInstant(r.apply_start_date),
    applyEndDate: japanInstant(effectiveApplyEnd(fields, r)),
    registerStartDate: r.register_start_date === null ? null : japanInstant(r.register_start_date),
    registerEndDate: r.register_end_date === null ? null : japanInstant(r.register_end_date),
  };
}

/** The course and the prefecture a session names must exist. */
async function checkReferences(db: Executor, fields: Pick<SessionFields, 'course_id' | 'area'>) {
  const errors: FieldErrors = {};
  if (!(await courseIdsExist(db, [fields.course_id])).has(fields.course_id))
    errors.course_id = [words.errors.unknownCourse];
  if (!(await areaExists(db, fields.area))) errors.area = [words.errors.unknownArea];
  if (Object.keys(errors).length) throw badRequest(words.errors.invalid, errors);
}

/** The session as a form's fields (what a PATCH merges into). */
function fieldsOf(session: OfficeSession): SessionFields {
  return {
    ...session,
    payment_method_ids: session.payment_method_ids.filter(
      (m): m is 1 | 2 | 3 => m === 1 || m === 2 || m === 3,
    ),
    users_types: session.users_types.map((r) => ({
      type_id: r.type_id,
      description: r.description,
      capacity: r.capacity,
      price: r.price,
      selection: r.selection,
      apply_start_date: r.apply_start_date,
      apply_end_date: r.apply_end_date,
      register_start_date: r.register_start_date,
      register_end_date: r.register_end_date,
    })),
  };
}

async function presentedSession(db: Executor, id: number) {
  const record = await findSessionForm(db, id);
  if (!record) throw notFound();
  return presentSession(record);
}

export async function createSession(
  deps: Deps,
  options: { actorId: number; input: SessionCreate; now: Date },
) {
  return deps.db.transaction((tx) => addSession(tx, options));
}

/**
 * Creates a session with its recruitments in the caller's transaction, checked by the same rules at
 * `now`: the office's POST /office/trainings, and the demo seed (no actor, so no audit row), which
 * creates each session as of the day the office would have created it.
 */
export async function addSession(
  tx: Executor,
  options: { actorId: number | null; input: SessionCreate; now: Date },
): Promise<number> {
  const { input, now } = options;
  const issues = sessionIssues(draftOf(input), {
    existing: [],
    published: input.status === TRAINING_STATUS.published,
    publishing: input.status === TRAINING_STATUS.published,
    now,
  });
  if (issues.length) throw ruleError(issues);
  await checkReferences(tx, input);
  const id = await insertTraining(tx, { ...trainingColumns(input), createdAt: now, updatedAt: now });
  await replacePaymentMethods(tx, id, input.payment_method_ids);
  await insertRecruitments(
    tx,
    id,
    input.users_types.map((r) => recruitmentValues(input, r)),
  );
  if (options.actorId !== null)
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'training.create',
      entity: 'training',
      entityId: id,
      data: { after: await presentedSession(tx, id) },
      now,
    });
  return id;
}

/** GET /office/sessions: the console's list, drafts and cancelled sessions included. */
export async function officeSessionList(db: Executor, query: OfficeSessionsQuery) {
  const { rows, total } = await listSessions(db, {
    ...query,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const data: OfficeSessionSummary[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    course_id: r.courseId,
    course_name: r.courseName,
    area: r.areaId,
    area_name: r.areaName,
    event_date: r.eventDate,
    event_start_time: r.eventStartTime.slice(0, 5),
    status: r.status,
    is_active: r.isActive ? 1 : 0,
    recruitments: r.recruitments.map((x) => ({
      ...x,
      selection: x.selection === 'lottery' ? 'lottery' : 'first_come',
    })),
  }));
  return { data, pagination: paginate(query.page, query.limit, total) };
}

export function sessionForm(db: Executor, id: number) {
  return presentedSession(db, id);
}

/** Fields an audit row of a session leaves out (counts of what members did, the timestamp). */
const AUDIT_IGNORED = ['updated_at', 'course_name', 'area_name'] as const;

function auditedRecruitments(s: OfficeSession) {
  return s.users_types.map(({ participant: _p, applicants: _a, paid_orders: _o, type_name: _n, ...r }) => r);
}

export async function updateSession(
  deps: Deps,
  options: { actorId: number; id: number; patch: SessionPatch; now: Date },
) {
  const { id, patch, now } = options;
  return deps.db.transaction(async (tx) => {
    if (!(await lockTraining(tx, id))) throw notFound();
    const current = await presentedSession(tx, id);
    if (current.is_active === 0) throw conflict(words.errors.sessionCancelled, 'SESSION_CANCELLED');
    const merged: SessionFields = {
      ...fieldsOf(current),
      ...patch,
      users_types: patch.users_types ?? fieldsOf(current).users_types,
    };
    const existing = current.users_types.map((r) => ({
      type_id: r.type_id,
      selection: r.selection,
      price: r.price,
      taken: r.participant,
      applicants: r.applicants,
      paid_orders: r.paid_orders,
    }));
    const issues = sessionIssues(draftOf(merged), {
      existing,
      published: merged.status === TRAINING_STATUS.published,
      publishing: current.status === TRAINING_STATUS.draft && merged.status === TRAINING_STATUS.published,
      courseChanged: merged.course_id !== current.course_id,
      now,
    });
    if (issues.length) throw ruleError(issues);
    if (patch.course_id !== undefined || patch.area !== undefined) await checkReferences(tx, merged);

    const unpublishing =
      current.status === TRAINING_STATUS.published && merged.status === TRAINING_STATUS.draft;
    await updateTraining(tx, id, {
      ...trainingColumns(merged),
      status: unpublishing ? TRAINING_STATUS.published : merged.status,
      updatedAt: now,
    });
    if (unpublishing && !(await unpublishIfNoApplicants(tx, id, now)))
      throw lockedBy('status', 'unpublishLocked');
    if (patch.payment_method_ids) await replacePaymentMethods(tx, id, patch.payment_method_ids);
    if (patch.users_types) {
      const saved = new Map(current.users_types.map((r) => [r.type_id, r]));
      const recruitments = await findRecruitmentIds(tx, id);
      for (const [typeId] of saved) {
        if (patch.users_types.some((r) => r.type_id === typeId)) continue;
        const rowId = recruitments.get(typeId);
        if (rowId !== undefined && !(await deleteRecruitment(tx, rowId)))
          throw lockedBy('users_types', 'recruitmentHasApplicants');
      }
      const added: RecruitmentValues[] = [];
      for (const [i, r] of patch.users_types.entries()) {
        const rowId = recruitments.get(r.type_id);
        if (rowId === undefined) {
          added.push(recruitmentValues(merged, r));
          continue;
        }
        if (!(await updateRecruitment(tx, rowId, recruitmentValues(merged, r)))) {
          const was = saved.get(r.type_id);
          const code =
            was && r.capacity < was.participant
              ? 'capacityBelowTaken'
              : was && r.selection !== was.selection
                ? 'selectionLocked'
                : 'priceLocked';
          throw lockedBy(
            `users_types.${i}.${code === 'capacityBelowTaken' ? 'capacity' : code === 'selectionLocked' ? 'selection' : 'price'}`,
            code,
          );
        }
      }
      await insertRecruitments(tx, id, added);
    }
    const after = await presentedSession(tx, id);
    const diff = changedFields(
      { ...current, users_types: auditedRecruitments(current) } as Record<string, unknown>,
      { ...after, users_types: auditedRecruitments(after) } as Record<string, unknown>,
      AUDIT_IGNORED,
    );
    if (Object.keys(diff.after).length)
      await recordAudit(tx, {
        actorId: options.actorId,
        action:
          current.status !== after.status
            ? after.status === TRAINING_STATUS.published
              ? 'training.publish'
              : 'training.unpublish'
            : 'training.update',
        entity: 'training',
        entityId: id,
        data: diff,
        now,
      });
    return after;
  });
}

async function findRecruitmentIds(db: Executor, trainingId: number) {
  const record = await findSessionForm(db, trainingId);
  return new Map((record?.recruitments ?? []).map((r) => [r.userTypeId, r.id]));
}

/** A copy of a session and its recruitments as a draft (no member, no place taken), its dates to be set. */
export async function duplicateSession(deps: Deps, options: { actorId: number; id: number; now: Date }) {
  const { now } = options;
  return deps.db.transaction(async (tx) => {
    const source = await findSessionForm(tx, options.id);
    if (!source) throw notFound();
    const fields = fieldsOf(presentSession(source));
    const copy: SessionFields = {
      ...fields,
      name: `${fields.name}${words.copySuffix}`,
      status: TRAINING_STATUS.draft,
    };
    const id = await insertTraining(tx, {
      ...trainingColumns(copy),
      localHoldingId: source.training.localHoldingId,
      createdAt: now,
      updatedAt: now,
    });
    await replacePaymentMethods(tx, id, copy.payment_method_ids);
    await insertRecruitments(
      tx,
      id,
      source.recruitments.map((r) => ({
        userTypeId: r.userTypeId,
        description: r.description,
        capacity: r.capacity,
        price: r.price,
        selection: r.selection === 'lottery' ? 'lottery' : 'first_come',
        applyStartDate: r.applyStartDate,
        applyEndDate: r.applyEndDate,
        registerStartDate: r.registerStartDate,
        registerEndDate: r.registerEndDate,
      })),
    );
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'training.duplicate',
      entity: 'training',
      entityId: id,
      data: { source_id: options.id, after: await presentedSession(tx, id) },
      now,
    });
    return id;
  });
}

/** Who a cancellation would reach: members with a live application, and the paid fees to refund. */
export async function cancelPreview(db: Executor, id: number) {
  if (!(await findSessionForm(db, id))) throw notFound();
  const [live, fees] = await Promise.all([findLiveEnrollments(db, id), findPaidSessionFees(db, id)]);
  return {
    members: new Set(live.map((e) => e.userId)).size,
    refunds: fees.length,
    refund_total: fees.reduce((sum, f) => sum + f.amount, 0),
  };
}

/**
 * The cancellation itself, in the caller's transaction: the session's row locked, is_active 0 with the
 * reason, audited (unless there is no actor: the demo seed), and who is to be mailed and refunded. The
 * office's cancel mails and refunds after the commit; the seed cancels before anyone applied.
 */
export async function markSessionCancelled(
  tx: Executor,
  options: { actorId: number | null; id: number; reason: string; now: Date },
) {
  const { id, reason, now } = options;
  if (!(await lockTraining(tx, id))) throw notFound();
  const found = await findSessionForm(tx, id);
  if (!found) throw notFound();
  if (!(await markCancelled(tx, { id, reason, now })))
    throw conflict(words.errors.sessionCancelled, 'SESSION_CANCELLED');
  const [liveRows, feeRows] = await Promise.all([findLiveEnrollments(tx, id), findPaidSessionFees(tx, id)]);
  if (options.actorId !== null)
    await recordAudit(tx, {
      actorId: options.actorId,
      action: 'training.cancel',
      entity: 'training',
      entityId: id,
      data: {
        before: { is_active: 1, cancelled_reason: found.training.cancelledReason },
        after: { is_active: 0, cancelled_reason: reason },
        members: new Set(liveRows.map((e) => e.userId)).size,
        refunds: feeRows.map((f) => f.id),
      },
      now,
    });
  return { record: found, live: liveRows, fees: feeRows };
}

/**
 * Cancels a session once (is_active 0, the reason kept): every member with a live application is
 * mailed, and every paid session fee is refunded through the orders module's refund (its own
 * transaction and audit row; a card is refunded at the gateway). A refund that fails is reported, and
 * the member's mail says the office will contact them.
 */
export async function cancelSession(
  deps: Deps,
  options: { actorId: number; officeRole?: OfficeRole | null; id: number; reason: string; now: Date },
) {
  const { id, reason, now } = options;
  // Cancelling refunds every paid fee: office staff may do it only when each is within their refund limit,
  // as for a refund by hand (decision 041); above it only an admin, and nothing changes.
  if (options.officeRole !== undefined) {
    const largest = (await findPaidSessionFees(deps.db, id)).sort((a, b) => b.amount - a.amount)[0];
    if (largest) await assertRefundAllowed(deps, { orderId: largest.id, officeRole: options.officeRole });
  }
  const { record, live, fees } = await deps.db.transaction((tx) =>
    markSessionCancelled(tx, { actorId: options.actorId, id, reason, now }),
  );

  const refunds: { order_id: number; refund_order_id: number | null; message: string | null }[] = [];
  const refundOf = new Map<number, CancellationRefund>();
  for (const fee of fees) {
    let outcome: CancellationRefund;
    try {
      const entry = await refund(deps, options.actorId, fee.id);
      refunds.push({ order_id: fee.id, refund_order_id: entry.id, message: null });
      outcome =
        fee.paymentMethodId === PAYMENT_METHOD.card
          ? { kind: 'card', amount: fee.amount }
          : { kind: 'office', amount: fee.amount };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refunds.push({ order_id: fee.id, refund_order_id: null, message: error.message });
      outcome = { kind: 'failed', amount: fee.amount };
    }
    if (fee.enrollmentId !== null) refundOf.set(fee.enrollmentId, outcome);
  }

  // One mail per member (an attendee who is also an assistant hears once), with their refund.
  const byUser = new Map<number, typeof live>();
  for (const e of live) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  for (const [userId, rows] of byUser) {
    const first = rows[0];
    if (!first) continue;
    const paid = rows.map((e) => refundOf.get(e.id)).find((r) => r !== undefined) ?? {
      kind: 'none' as const,
    };
    await mailMember(deps, userId, (reader, site) =>
      sessionCancelledMail({
        reader,
        site,
        reason,
        refund: paid,
        session: {
          trainingId: id,
          userTypeId: first.userTypeId,
          name: record.training.name,
          courseName: record.courseName,
          eventDate: record.training.eventDate,
        },
      }),
    );
  }
  return { id, is_active: 0 as const, mailed: byUser.size, refunds };
}
