/**
 * The renewal (extension) of a basic-instructor certificate (認定更新, decision 034): the start call, which
 * applies the domain rule to the member's certificate and teaching records and creates the one renewal
 * request of the certificate, and the request as the member reads it. The fee (object type 7) is paid
 * through the payments module, whose subscriber moves the request to 3.
 */
import { findRequestPurchase } from '../orders/index.ts';
import {
  day,
  message,
  OBJECT_TYPE,
  ORDER_STATUS,
  RENEWAL_STATUS,
  renewalEligibility,
  type RenewalTest,
  type RenewalVideos,
  type RenewalView,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
import { extendCertificate, renderPdf, viewLink } from '../certificates/index.ts';
import {
  answerRequestQuestion,
  markRequestLessonSeen,
  reportRequestProgress,
  type RequestLearner,
  requestLessons,
  requestTest,
} from '../learning/index.ts';
import { requestFee } from '../payments/index.ts';
import { presentRenewal } from './renewals.presenter.ts';
import {
  createOrFindRenewal,
  findCertificate,
  findCourse,
  findInstructorActivities,
  findIssued,
  findOwnRenewal,
  findRenewalCourse,
  findRenewalOf,
  findUserName,
  lockOwnRenewal,
  moveRenewal,
  type CertificateRow,
  type RenewalRow,
} from './renewals.repository.ts';

const KEY = 'instructor.renewal.api';

async function view(deps: Deps, row: RenewalRow): Promise<{ data: RenewalView }> {
  const db = deps.db;
  const [course, source, order, issued] = await Promise.all([
    findCourse(db, row.courseId),
    row.sourceCertificateId ? findCertificate(db, row.sourceCertificateId) : undefined,
    findRequestPurchase(db, { requestId: row.id, objectType: OBJECT_TYPE.renewal }),
    row.certificateId ? findIssued(db, row.certificateId) : undefined,
  ]);
  if (!course || !source || source.endDate === null) throw notFound();
  return {
    data: presentRenewal({
      row,
      course,
      source: { ...source, endDate: source.endDate },
      fee: requestFee(course, true),
      paid: order?.status === ORDER_STATUS.complete,
      issued,
      link: issued ? viewLink(deps.config, issued.id, deps.clock.now()) : null,
    }),
  };
}

/** The member's certificate, or 404 (another member's reads as missing). */
async function ownCertificate(db: Executor, userId: number, id: number): Promise<CertificateRow> {
  const row = await findCertificate(db, id);
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

/**
 * POST /certificates/basic_instructor_course/renewal: the renewal of the member's certificate, created
 * once the rule allows it (or the existing one, which is continued whatever the records say now).
 */
export async function start(deps: Deps, input: { userId: number; certificateId: number }) {
  const certificate = await ownCertificate(deps.db, input.userId, input.certificateId);
  const today = tokyoDate(deps.clock.now());
  const activities = await findInstructorActivities(deps.db, input.userId);
  const check = renewalEligibility({
    userId: input.userId,
    certificate: {
      holderUserId: certificate.userId,
      prefix: certificate.prefix,
      startDate: certificate.startDate,
      endDate: certificate.endDate,
      revoked: certificate.revokedAt !== null,
      extended: certificate.isExtended,
    },
    activityDays: activities.map((a) => a.eventDate),
    today,
  });
  if (check.kind === 'refused') {
    switch (check.reason) {
      case 'notFound':
        throw notFound();
      case 'notBasicInstructor':
        throw new ApiError(422, 'RENEWAL_NOT_BASIC_INSTRUCTOR', `${KEY}.notBasicInstructor`);
      case 'alreadyExtended':
        throw conflict(`${KEY}.alreadyExtended`, 'ALREADY_EXTENDED');
      case 'revoked':
        throw conflict(`${KEY}.revoked`, 'CERTIFICATE_REVOKED');
      case 'tooEarly':
        throw new ApiError(
          422,
          'RENEWAL_NOT_YET_OPEN',
          message(`${KEY}.notYetOpen`, day(check.window?.opensOn ?? today)),
        );
      case 'tooLate': {
        // A renewal started in time is continued after the window closes.
        const existing = await findRenewalOf(deps.db, certificate.id);
        if (existing) return view(deps, existing);
        throw new ApiError(
          422,
          'RENEWAL_WINDOW_CLOSED',
          message(`${KEY}.windowClosed`, day(check.window?.closesOn ?? today)),
        );
      }
    }
  }
  const existing = await findRenewalOf(deps.db, certificate.id);
  if (existing) return view(deps, existing);
  if (check.kind === 'unmet') {
    const counted = new Set(check.counted);
    const sessions = activities.filter(
      (a) => counted.has(a.eventDate) && a.eventDate >= certificate.startDate,
    );
    throw new ApiError(
      422,
      'RENEWAL_REQUIREMENTS_UNMET',
      message(
        `${KEY}.unmet`,
        day(certificate.startDate),
        day(certificate.endDate ?? today),
        check.required,
        check.counted.length,
      ),
      {
        required: [String(check.required)],
        counted_count: [String(check.counted.length)],
        missing: [String(check.missing)],
        counted: sessions.map((s) => `${s.eventDate} ${s.name}`),
      },
    );
  }
  const course = await findRenewalCourse(deps.db);
  const user = await findUserName(deps.db, input.userId);
  if (!course || !user) throw notFound();
  const row = await createOrFindRenewal(deps.db, {
    userId: input.userId,
    courseId: course.id,
    certificateId: certificate.id,
    username: `${user.lastName} ${user.firstName}`,
    email: user.email,
    now: deps.clock.now(),
  });
  return view(deps, row);
}

/** GET /certificates/basic_instructor_course/renewal/{id}: the member's own renewal (another's: 404). */
export async function detail(deps: Deps, input: { userId: number; id: number }) {
  const row = await findOwnRenewal(deps.db, input);
  if (!row) throw notFound();
  return view(deps, row);
}

// ───────────────────────────── the renewal course: videos, test, certificate ─────────────────────────────

/** Statuses at which the fee is paid: the videos (3), the test (8), complete (4). */
const PAID_STATUSES: readonly number[] = [
  RENEWAL_STATUS.inProgress,
  RENEWAL_STATUS.postTest,
  RENEWAL_STATUS.complete,
];

/** The member's renewal, paid (409 RENEWAL_NOT_PAID before), or 404 (another member's reads as missing). */
function assertPaid(row: RenewalRow | undefined): asserts row is RenewalRow {
  if (!row) throw notFound();
  if (!PAID_STATUSES.includes(row.status)) throw conflict(`${KEY}.notPaid`, 'RENEWAL_NOT_PAID');
}

const learner = (row: RenewalRow, now: Date): RequestLearner => ({
  requestId: row.id,
  userId: row.userId,
  courseId: row.courseId,
  now,
});

/** GET …/request/{id}/pre-videos: the renewal course's videos with this renewal's watch records. */
export async function preVideos(
  deps: Deps,
  input: { userId: number; id: number },
): Promise<{ data: RenewalVideos }> {
  const row = await findOwnRenewal(deps.db, input);
  assertPaid(row);
  const lessons = await requestLessons(deps.db, learner(row, deps.clock.now()));
  return {
    data: {
      lessons,
      is_completed:
        lessons.length > 0 && lessons.every((l) => l.is_seen) && row.status !== RENEWAL_STATUS.inProgress,
      step_status: row.status,
    },
  };
}

/** POST …/pre-videos/progress: the player's report (the session pre-videos' proof). */
export async function progress(
  deps: Deps,
  input: {
    userId: number;
    body: { request_id: number; lesson_id: number; ranges: Array<[number, number]>; position: number };
  },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnRenewal(tx, { userId: input.userId, id: input.body.request_id });
    assertPaid(row);
    return { data: await reportRequestProgress(tx, learner(row, now), input.body) };
  });
}

/**
 * POST …/pre-videos/view {lesson_id, request_id}: the lesson is seen when its watch record covers it; when
 * every video is seen the renewal moves 3 → 8, once (a conditional update).
 */
export async function markSeen(
  deps: Deps,
  input: { userId: number; body: { request_id: number; lesson_id: number } },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnRenewal(tx, { userId: input.userId, id: input.body.request_id });
    assertPaid(row);
    const { allSeen } = await markRequestLessonSeen(tx, learner(row, now), input.body.lesson_id);
    if (allSeen)
      await moveRenewal(tx, {
        id: row.id,
        from: RENEWAL_STATUS.inProgress,
        to: RENEWAL_STATUS.postTest,
        now,
      });
    const after = await findOwnRenewal(tx, { userId: input.userId, id: row.id });
    const status = after?.status ?? row.status;
    return {
      data: {
        lesson_id: input.body.lesson_id,
        is_seen: true as const,
        is_completed: allSeen && status !== RENEWAL_STATUS.inProgress,
        step_status: status,
      },
    };
  });
}

function assertTestOpen(row: RenewalRow) {
  if (row.status === RENEWAL_STATUS.inProgress)
    throw new ApiError(409, 'STEP_OUT_OF_ORDER', `${KEY}.videosFirst`);
}

/** GET …/request/{id}/post-tests: the course-renewal test (status 8 or 4). */
export async function postTests(
  deps: Deps,
  input: { userId: number; id: number },
): Promise<{ data: RenewalTest }> {
  const row = await findOwnRenewal(deps.db, input);
  assertPaid(row);
  assertTestOpen(row);
  const test = await requestTest(deps.db, learner(row, deps.clock.now()));
  return { data: { kind: 'renewal', ...test, step_status: row.status } };
}

/**
 * POST …/post-tests/answer: judged on the server; a wrong answer may be answered again until correct. Every
 * question correct → 8 → 4 and the renewed certificate is issued in the same transaction, once.
 */
export async function answer(
  deps: Deps,
  input: { userId: number; body: { request_id: number; question_id: number; answer: string[] } },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnRenewal(tx, { userId: input.userId, id: input.body.request_id });
    assertPaid(row);
    assertTestOpen(row);
    if (row.status === RENEWAL_STATUS.complete) throw conflict(`${KEY}.testPassed`, 'POST_TEST_PASSED');
    const result = await answerRequestQuestion(tx, learner(row, now), input.body);
    let status: number = row.status;
    if (result.is_completed && row.sourceCertificateId !== null) {
      const course = await findCourse(tx, row.courseId);
      const { certificate } = await extendCertificate(tx, {
        certificateId: row.sourceCertificateId,
        actorId: input.userId,
        requestId: row.id,
        periodYears: course?.certificationPeriod ?? null,
        now,
      });
      if (
        await moveRenewal(tx, {
          id: row.id,
          from: RENEWAL_STATUS.postTest,
          to: RENEWAL_STATUS.complete,
          certificateId: certificate.id,
          now,
        })
      )
        status = RENEWAL_STATUS.complete;
    }
    return {
      data: {
        question: result.question,
        answered_count: result.answered_count,
        correct_count: result.correct_count,
        is_completed: result.is_completed,
        step_status: status,
      },
    };
  });
}

/**
 * GET …/request/{id}/certificate/download of a renewal (certificate_type 3; the instructor request's
 * route answers it for these): the renewed certificate's PDF, once complete (409 RENEWAL_NOT_COMPLETE before).
 */
export async function renewalCertificatePdf(
  deps: Deps,
  input: { userId: number; id: number; origin: string },
) {
  const row = await findOwnRenewal(deps.db, input);
  if (!row) throw notFound();
  if (row.status !== RENEWAL_STATUS.complete || row.certificateId === null)
    throw conflict(`${KEY}.notComplete`, 'RENEWAL_NOT_COMPLETE');
  return renderPdf(deps.db, input.origin, row.certificateId, deps.clock.now());
}
