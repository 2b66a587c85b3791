/**
 * The basic-instructor certification request (BI 認定申請, decision 029): who may ask (computed from the
 * member's records by the domain rule), the request's steps (pledge → application and fee → recommendation
 * letter → the office's review) and the office's decision, which issues the certificate and grants the
 * BI rank in one transaction.
 */
import { renewalCertificatePdf } from '../renewals/index.ts';
import { findRequestPurchase } from '../orders/index.ts';
import {
  BI_PREFIX,
  biRequestJa,
  INSTRUCTOR_REQUEST_RESULT,
  INSTRUCTOR_REQUEST_STATUS,
  instructorRequestEligibility,
  ORDER_STATUS,
  paginate,
  pledgeVariant,
  RANK_LEVEL,
  type Eligibility,
  type InstructorRequestInput,
  type InstructorRequestResultView,
  type PledgeVariant,
  OBJECT_TYPE,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
import { holderNames, issueRequestCertificate, renderPdf } from '../certificates/index.ts';
import { mailMember } from '../notifications/index.ts';
import { requestFee } from '../payments/index.ts';
import { grantRank } from '../ranks/index.ts';
import { requestApprovedMail, requestRejectedMail } from './instructor-requests.mails.ts';
import {
  createOrFindRequest,
  DOCUMENT_KIND,
  findAssistantSessions,
  findCertificate,
  findCourse,
  findCourseCompletion,
  findDocuments,
  findLegacyRecord,
  findListFacts,
  findOpenRequest,
  findOwnRequest,
  findRequest,
  findUser,
  listRequests,
  lockRequest,
  markApproved,
  markRejected,
  recordRecommendation,
  saveApplication,
  signPledge,
  writeAudit,
  type CourseRow,
  type RequestRow,
  type UserRow,
} from './instructor-requests.repository.ts';
import {
  presentEligibility,
  presentOfficeItem,
  presentOfficeRequest,
  presentRequest,
  type RecordsView,
} from './instructor-requests.presenter.ts';

const m = biRequestJa.api;

/** The course of a BI request: a basic-instructor course (prefix BI, not the renewal); else 404. */
async function biCourse(db: Executor, courseId: number): Promise<CourseRow> {
  const course = await findCourse(db, courseId);
  if (!course || course.certificatePrefix !== BI_PREFIX || course.isRenewal || !course.isActive)
    throw notFound();
  return course;
}

async function member(db: Executor, userId: number): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  return user;
}

type Codes = {
  attendanceCode?: string;
  certificateCode?: string;
  email?: string;
  /** The code was proven the member's when their request was created: no second address check. */
  proven?: boolean;
};

/** The member's records and what the rule makes of them today. */
export async function memberRecords(
  deps: Deps,
  input: { user: UserRow; course: CourseRow; codes?: Codes },
): Promise<{ eligibility: Eligibility; records: RecordsView }> {
  const { user, course, codes } = input;
  let completedOn: string | null = null;
  let courseSession: RecordsView['courseSession'] = null;
  if (codes?.attendanceCode || codes?.certificateCode) {
    // データ移行: the course taken in the older system, proven by its code and the address of the time.
    const legacy = await findLegacyRecord(deps.db, {
      courseId: course.id,
      attendanceCode: codes.attendanceCode,
      certificateCode: codes.certificateCode,
    });
    const addresses = [user.email, codes.email].filter(Boolean).map((e) => e!.toLowerCase());
    const mine =
      legacy &&
      (codes.proven ||
        legacy.claimedByUserId === user.id ||
        (legacy.claimedByUserId === null && addresses.includes(legacy.email.toLowerCase())));
    if (!legacy || !mine) throw new ApiError(404, 'NG_CERTIFICATE_CODE', m.codeNotFound);
    completedOn = legacy.participatedDate;
  } else {
    const completion = await findCourseCompletion(deps.db, user.id, course.id);
    if (completion) {
      completedOn = completion.eventDate;
      courseSession = {
        trainingId: completion.trainingId,
        name: completion.name,
        eventDate: completion.eventDate,
      };
    }
  }
  const sessions = await findAssistantSessions(deps.db, user.id);
  const eligibility = instructorRequestEligibility({
    occupation: user.occupation,
    medicalDepartment: user.medicalDepartment,
    simulationQualification: user.simulationQualification,
    courseCompletedOn: completedOn,
    assistantSessionDays: sessions.map((s) => s.eventDate),
    today: tokyoDate(deps.clock.now()),
  });
  const counted = new Set(eligibility.kind === 'notEligible' ? [] : eligibility.counted);
  return {
    eligibility,
    records: {
      courseSession,
      completedOn,
      sessions: sessions.map((s) => ({ ...s, counted: counted.has(s.eventDate) })),
    },
  };
}

const feeOf = (course: CourseRow) => requestFee(course, false);

/** GET …/eligibility: what the member's records allow today, with the fee and the open request. */
export async function eligibility(deps: Deps, userId: number, courseId: number) {
  const course = await biCourse(deps.db, courseId);
  const user = await member(deps.db, userId);
  const { eligibility: e, records } = await memberRecords(deps, { user, course });
  const open = await findOpenRequest(deps.db, userId, course.id);
  return presentEligibility({ course, user, eligibility: e, records, fee: feeOf(course), open });
}

function refuse(e: Eligibility): never {
  if (e.kind === 'notEligible') {
    const text =
      e.reason === 'assistantNurse'
        ? m.assistantNurse
        : e.reason === 'department'
          ? m.department
          : m.notCertifiable;
    throw new ApiError(403, 'OCCUPATION_NOT_CERTIFIABLE', text);
  }
  throw new ApiError(422, 'REQUIREMENTS_UNMET', m.unmet);
}

const result = (
  row: RequestRow,
  code: InstructorRequestResultView['result'],
  message: string,
): { data: InstructorRequestResultView } => ({
  data: { result: code, message, request_id: row.id, status: row.status },
});

/**
 * POST …/request: creates the member's request once the system check passes (one open request per
 * course: the partial unique index), or continues the open one. Answers the spec's result codes; an
 * unpaid fee is 409 NG_NOT_PAYMENT (the browser pays, then asks again), one being paid NG_PENDING_PAYMENT.
 */
export async function request(deps: Deps, userId: number, body: InstructorRequestInput) {
  const course = await biCourse(deps.db, body.course_id);
  const user = await member(deps.db, userId);
  const now = deps.clock.now();
  const open = await findOpenRequest(deps.db, userId, course.id);
  if (!open || open.status < INSTRUCTOR_REQUEST_STATUS.processing) {
    // The records decide until the fee is paid; after that the office does.
    // A request under way keeps the code it was created with (its address was checked then).
    const stored = open && (open.attendanceCode || open.certificateCode);
    const codes: Codes = stored
      ? {
          attendanceCode: open.attendanceCode ?? undefined,
          certificateCode: open.certificateCode ?? undefined,
          proven: true,
        }
      : { attendanceCode: body.attendance_code, certificateCode: body.certificate_code, email: body.email };
    const { eligibility: e } = await memberRecords(deps, { user, course, codes });
    if (e.kind !== 'eligible') refuse(e);
  }
  let row: RequestRow =
    open ??
    (await createOrFindRequest(deps.db, {
      userId,
      courseId: course.id,
      username: `${user.lastName} ${user.firstName}`,
      email: user.email,
      attendanceCode: body.attendance_code ?? null,
      certificateCode: body.certificate_code ?? null,
      now,
    }));
  if (body.username !== undefined && body.email !== undefined && body.meta !== undefined && row.status <= 2) {
    await saveApplication(deps.db, {
      id: row.id,
      username: body.username,
      email: body.email,
      meta: body.meta,
      now,
    });
    row = { ...row, username: body.username, email: body.email, meta: body.meta };
  }
  switch (row.status) {
    case INSTRUCTOR_REQUEST_STATUS.created:
      return result(row, INSTRUCTOR_REQUEST_RESULT.checkSuccess, m.checkSuccess);
    case INSTRUCTOR_REQUEST_STATUS.pledged: {
      if (row.meta.trim() === '')
        throw badRequest(m.applicationRequired, {
          username: [m.applicationRequired],
          email: [m.applicationRequired],
          meta: [m.applicationRequired],
        });
      const order = await findRequestPurchase(deps.db, {
        requestId: row.id,
        objectType: OBJECT_TYPE.instructorRequest,
      });
      if (order?.status === ORDER_STATUS.inPayment) throw conflict(m.pending, 'NG_PENDING_PAYMENT');
      throw conflict(m.notPaid, 'NG_NOT_PAYMENT');
    }
    case INSTRUCTOR_REQUEST_STATUS.processing: {
      const docs = await findDocuments(deps.db, row.id);
      return docs.some((d) => d.kind === DOCUMENT_KIND.recommendation)
        ? result(row, INSTRUCTOR_REQUEST_RESULT.received, m.received)
        : result(row, INSTRUCTOR_REQUEST_RESULT.checkComplete, m.checkComplete);
    }
    default:
      return result(row, INSTRUCTOR_REQUEST_RESULT.checkError, m.alreadyCertified);
  }
}

async function ownRequest(db: Executor, userId: number, id: number): Promise<RequestRow> {
  const row = await findOwnRequest(db, userId, id);
  if (!row) throw notFound();
  return row;
}

async function requestView(deps: Deps, row: RequestRow, withCertificate: boolean) {
  const course = await findCourse(deps.db, row.courseId);
  if (!course) throw notFound();
  const [docs, order, certificate] = await Promise.all([
    findDocuments(deps.db, row.id),
    findRequestPurchase(deps.db, { requestId: row.id, objectType: OBJECT_TYPE.instructorRequest }),
    withCertificate && row.certificateId ? findCertificate(deps.db, row.certificateId) : undefined,
  ]);
  return presentRequest({ deps, row, course, docs, order, certificate, fee: feeOf(course) });
}

/** GET …/request/{id}: the member's own request (another member's: 404). */
export async function detail(deps: Deps, userId: number, id: number, confirmCertificate: boolean) {
  const row = await ownRequest(deps.db, userId, id);
  return requestView(deps, row, confirmCertificate);
}

/** POST …/request/{id}/pledge: the variant of the member's values, agreed; 0 → 1 once. */
export async function pledge(deps: Deps, userId: number, id: number, variant: PledgeVariant) {
  const row = await ownRequest(deps.db, userId, id);
  const user = await member(deps.db, userId);
  const expected = pledgeVariant(user);
  if (!expected.ok || expected.variant !== variant) throw conflict(m.pledgeMismatch, 'PLEDGE_MISMATCH');
  if (row.status === INSTRUCTOR_REQUEST_STATUS.created) {
    const now = deps.clock.now();
    const signed = await deps.db.transaction((tx) => signPledge(tx, { id: row.id, variant, now }));
    if (!signed) {
      const again = await ownRequest(deps.db, userId, id);
      if (again.pledgeVariant !== variant) throw conflict(m.notOpen, 'REQUEST_NOT_OPEN');
    }
  } else if (row.status === INSTRUCTOR_REQUEST_STATUS.rejected || row.pledgeVariant !== variant)
    throw conflict(m.notOpen, 'REQUEST_NOT_OPEN');
  return requestView(deps, await ownRequest(deps.db, userId, id), false);
}

/** POST …/request/{id}/recommendation: once paid (2), the letter goes by post; recorded once. */
export async function recommendation(deps: Deps, userId: number, id: number) {
  const row = await ownRequest(deps.db, userId, id);
  if (row.status !== INSTRUCTOR_REQUEST_STATUS.processing) throw conflict(m.notOpen, 'REQUEST_NOT_OPEN');
  await recordRecommendation(deps.db, { id: row.id, now: deps.clock.now() });
  return requestView(deps, row, false);
}

/** GET …/request/{id}/certificate/download: the approved request's certificate (PDF). */
export async function certificatePdf(deps: Deps, input: { userId: number; id: number; origin: string }) {
  const own = await findOwnRequest(deps.db, input.userId, input.id);
  // The same path serves a renewal's certificate (certificate_type 3, spec 001 §7; decision 034).
  if (!own) return renewalCertificatePdf(deps, input);
  const row = own;
  if (row.status !== INSTRUCTOR_REQUEST_STATUS.approved || !row.certificateId)
    throw notFound(m.certificateMissing);
  return renderPdf(deps.db, input.origin, row.certificateId, deps.clock.now());
}

// ───────────────────────────── the office ─────────────────────────────

export async function officeList(deps: Deps, query: { status?: number; page: number; limit: number }) {
  const { rows, total } = await listRequests(deps.db, query);
  const facts = await findListFacts(
    deps.db,
    rows.map((r) => r.request.id),
  );
  return {
    data: rows.map((r) =>
      presentOfficeItem({
        ...r,
        paid: facts.paid.has(r.request.id),
        recommended: facts.recommended.has(r.request.id),
      }),
    ),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** GET /office/instructor-requests/{id}: everything the review needs. */
export async function officeDetail(deps: Deps, id: number) {
  const row = await findRequest(deps.db, id);
  if (!row) throw notFound();
  const [course, user] = await Promise.all([
    findCourse(deps.db, row.courseId),
    findUser(deps.db, row.userId),
  ]);
  if (!course || !user) throw notFound();
  const codes =
    row.attendanceCode || row.certificateCode
      ? {
          attendanceCode: row.attendanceCode ?? undefined,
          certificateCode: row.certificateCode ?? undefined,
          proven: true,
        }
      : undefined;
  const records = await memberRecords(deps, { user, course, codes }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  const [docs, order, certificate] = await Promise.all([
    findDocuments(deps.db, row.id),
    findRequestPurchase(deps.db, { requestId: row.id, objectType: OBJECT_TYPE.instructorRequest }),
    row.certificateId ? findCertificate(deps.db, row.certificateId) : undefined,
  ]);
  return presentOfficeRequest({ row, course, user, records, docs, order, certificate });
}

/**
 * POST /office/instructor-requests/{id}/approve: a paid request (2) becomes approved (3) under a row lock:
 * the certificate is issued (the course's prefix and certification period), the BI rank granted, the
 * decision audited, all in one transaction; the member is mailed after it commits.
 */
export async function approve(deps: Deps, input: { id: number; actor: number }) {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, input.id);
    if (!row) throw notFound();
    if (
      row.status === INSTRUCTOR_REQUEST_STATUS.approved ||
      row.status === INSTRUCTOR_REQUEST_STATUS.rejected
    )
      throw conflict(m.decided, 'REQUEST_DECIDED');
    if (row.status !== INSTRUCTOR_REQUEST_STATUS.processing)
      throw conflict(m.notAwaitingApproval, 'NOT_AWAITING_APPROVAL');
    const course = await findCourse(tx, row.courseId);
    const user = await findUser(tx, row.userId);
    if (!course || !user || !course.certificatePrefix) throw notFound();
    const certificate = await issueRequestCertificate(tx, {
      requestId: row.id,
      userId: user.id,
      courseId: course.id,
      prefix: course.certificatePrefix,
      period: course.certificationPeriod,
      ...holderNames(user),
      actorUserId: input.actor,
      now,
    });
    if (!(await markApproved(tx, { id: row.id, certificateId: certificate.id, actor: input.actor, now })))
      throw conflict(m.decided, 'REQUEST_DECIDED');
    const rank = await grantRank(tx, { userId: user.id, level: RANK_LEVEL.basicInstructor, at: now });
    await writeAudit(tx, {
      actor: input.actor,
      action: 'instructor_request.approve',
      requestId: row.id,
      data: {
        certificate_id: certificate.id,
        certificate_number: certificate.certificateNumber,
        rank: rank.rank.shortName,
        rank_granted: rank.granted,
      },
      now,
    });
    return { row, course, certificate };
  });
  await mailMember(deps, outcome.row.userId, (reader, site) =>
    requestApprovedMail({
      reader,
      request: { id: outcome.row.id, courseId: outcome.course.id, courseName: outcome.course.name },
      certificate: {
        number: outcome.certificate.certificateNumber,
        startDate: outcome.certificate.startDate,
        endDate: outcome.certificate.endDate,
      },
      site,
    }),
  );
  return officeDetail(deps, input.id);
}

/** POST /office/instructor-requests/{id}/reject: an undecided request (0–2) becomes rejected (4) with the reason. */
export async function reject(deps: Deps, input: { id: number; actor: number; reason: string }) {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockRequest(tx, input.id);
    if (!row) throw notFound();
    if (!(await markRejected(tx, { id: row.id, reason: input.reason, actor: input.actor, now })))
      throw conflict(m.decided, 'REQUEST_DECIDED');
    await writeAudit(tx, {
      actor: input.actor,
      action: 'instructor_request.reject',
      requestId: row.id,
      data: { reason: input.reason, previous_status: row.status },
      now,
    });
    const course = await findCourse(tx, row.courseId);
    const order = await findRequestPurchase(tx, {
      requestId: row.id,
      objectType: OBJECT_TYPE.instructorRequest,
    });
    return { row, course, paid: order?.status === ORDER_STATUS.complete };
  });
  await mailMember(deps, outcome.row.userId, (reader, site) =>
    requestRejectedMail({
      reader,
      request: { id: outcome.row.id, courseId: outcome.row.courseId, courseName: outcome.course?.name ?? '' },
      reason: input.reason,
      paid: outcome.paid,
      site,
    }),
  );
  return officeDetail(deps, input.id);
}
