/**
 * The renewal (extension) of a basic-instructor certificate (認定更新, decision 034): the start call, which
 * applies the domain rule to the member's certificate and teaching records and creates the one renewal
 * request of the certificate, and the request as the member reads it. The fee (object type 7) is paid
 * through the payments module, whose subscriber moves the request to 3.
 */
import { findRequestPurchase } from '../orders/index.ts';
import { day, message, OBJECT_TYPE, ORDER_STATUS, renewalEligibility, type RenewalView } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
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
  type CertificateRow,
  type RenewalRow,
} from './renewals.repository.ts';

const KEY = 'instructor.renewal.api';

async function view(db: Executor, row: RenewalRow): Promise<{ data: RenewalView }> {
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
        if (existing) return view(deps.db, existing);
        throw new ApiError(
          422,
          'RENEWAL_WINDOW_CLOSED',
          message(`${KEY}.windowClosed`, day(check.window?.closesOn ?? today)),
        );
      }
    }
  }
  const existing = await findRenewalOf(deps.db, certificate.id);
  if (existing) return view(deps.db, existing);
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
  return view(deps.db, row);
}

/** GET /certificates/basic_instructor_course/renewal/{id}: the member's own renewal (another's: 404). */
export async function detail(deps: Deps, input: { userId: number; id: number }) {
  const row = await findOwnRenewal(deps.db, input);
  if (!row) throw notFound();
  return view(deps.db, row);
}
