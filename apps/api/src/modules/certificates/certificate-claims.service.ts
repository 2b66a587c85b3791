import {
  CLAIM_COURSE_PREFIXES,
  CLAIM_MESSAGES,
  type CertificateClaimCheck,
  type CertificateClaimInput,
  type CertificateClaimResult,
  type CertificateLink,
  type ClaimCourse,
  FREE_THRESHOLD_YEN,
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  type OrderStatus,
  ORDER_TYPE,
} from '@mels/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { certificates, courses, legacyCertificates, orders, users } from '../../db/schema.ts';
import { ApiError, conflict } from '../../lib/errors.ts';
import { consumeRateLimit, RateLimitedError, releaseRateLimitHits } from '../../lib/rate-limit.ts';
import type { Deps } from '../../plugins/deps.ts';
import {
  claimCode,
  courseRegistrationFee,
  findLegacyByCode,
  paidFor,
  createFreeOrder,
} from '../payments/index.ts';
import { audit, insertCertificate, nextNumber } from './certificates.repository.ts';
import {
  certificateNumber,
  holderNames,
  newVerificationCode,
  renderPdf,
  validUntil,
  viewLink,
} from './certificates.service.ts';

/**
 * Wrong guesses allowed per window (checks and claims together), then 429: per account, per code
 * (whoever tries it: guessing the address of the time of one code) and per IP address (many accounts
 * from one place; offices share an address, so that limit is higher). Decision 020.
 */
export const CLAIM_RATE_LIMIT = { limit: 10, windowSeconds: 3600 } as const;
export const CLAIM_IP_RATE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;
export const CLAIM_RATE_BUCKET = 'certificate-claim:user';
export const CLAIM_CODE_RATE_BUCKET = 'certificate-claim:code';
export const CLAIM_IP_RATE_BUCKET = 'certificate-claim:ip';

/** Who is claiming: the account and the address the request came from. */
export type Claimant = { userId: number; ip: string };

/** certificates.certificate_type of a claim: 0 by attendance code, 1 by certificate number. */
const CLAIM_TYPE = { attendance: 0, certificate: 1 } as const;

/** 429 of the claim calls: the Japanese message says what was limited. */
export class ClaimRateLimitedError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = CLAIM_MESSAGES.rateLimited;
  }
}

const notFoundCode = () => new ApiError(404, 'NG_CERTIFICATE_CODE', CLAIM_MESSAGES.notFound);

type LegacyRow = typeof legacyCertificates.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
type Found = { legacy: LegacyRow; course: CourseRow; kind: 'attendance' | 'certificate'; code: string };

const presentCourse = (course: CourseRow): ClaimCourse => ({
  id: course.id,
  name: course.name,
  certificate_prefix: course.certificatePrefix ?? '',
});

/** GET /certificates/claim-courses: the active courses of B / BI certificates, in sort order. */
export async function claimCourses(db: Executor): Promise<ClaimCourse[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.isActive, true),
        eq(courses.isRenewal, false),
        inArray(courses.certificatePrefix, [...CLAIM_COURSE_PREFIXES]),
      ),
    )
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  return rows.map(presentCourse);
}

async function findUser(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFoundCode();
  return user;
}

/**
 * The legacy certificate the body names, checked for this user. Until the caller proves the record
 * is theirs, nothing about it is revealed: an unknown code, a code of another course (or of a course
 * that is not claimable), a code claimed by someone else and a code recorded with an address that is
 * neither the account's nor the body's `email` all give the same 404 with the same message, after the
 * same lookups (decision 020).
 */
async function findClaim(
  db: Executor,
  user: { id: number; email: string },
  input: CertificateClaimInput,
): Promise<Found> {
  const code = claimCode({ attendanceCode: input.attendance_code, certificateCode: input.certificate_code });
  if (!code) throw notFoundCode();
  const [course] = await db.select().from(courses).where(eq(courses.id, input.course_id));
  const claimable =
    course !== undefined &&
    course.isActive &&
    !course.isRenewal &&
    CLAIM_COURSE_PREFIXES.includes(course.certificatePrefix as (typeof CLAIM_COURSE_PREFIXES)[number]);
  const legacy = claimable ? await findLegacyByCode(db, course.id, code) : undefined;
  const recorded = legacy?.email.trim().toLowerCase() ?? '';
  const proven =
    recorded !== '' &&
    (recorded === user.email.trim().toLowerCase() || recorded === input.email?.trim().toLowerCase());
  const free = legacy?.claimedByUserId === null || legacy?.claimedByUserId === user.id;
  if (!course || !legacy || !proven || !free) throw notFoundCode();
  return { legacy, course, kind: code.kind, code: code.code };
}

/** The code as the per-code limit counts it: the course and the normalised code. */
function codeKey(input: CertificateClaimInput): string {
  const code = claimCode({ attendanceCode: input.attendance_code, certificateCode: input.certificate_code });
  return `${input.course_id}:${code?.kind ?? ''}:${code?.code ?? ''}`;
}

/**
 * Runs a lookup under the guess limits (account and code, then IP): every attempt counts, a
 * successful one is taken back, so only wrong guesses (404) add up; over a limit the call answers
 * 429 before looking.
 */
async function guarded<T>(
  deps: Deps,
  claimant: Claimant,
  input: CertificateClaimInput,
  work: () => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  const hits: number[] = [];
  const limits = [
    {
      keys: [
        { bucket: CLAIM_RATE_BUCKET, key: String(claimant.userId) },
        { bucket: CLAIM_CODE_RATE_BUCKET, key: codeKey(input) },
      ],
      policy: CLAIM_RATE_LIMIT,
    },
    { keys: [{ bucket: CLAIM_IP_RATE_BUCKET, key: claimant.ip }], policy: CLAIM_IP_RATE_LIMIT },
  ];
  for (const { keys, policy } of limits) {
    const outcome = await consumeRateLimit(deps.db, keys, policy, now);
    if (!outcome.allowed) {
      await releaseRateLimitHits(deps.db, hits);
      throw new ClaimRateLimitedError(outcome.retryAfterSeconds);
    }
    hits.push(...outcome.hitIds);
  }
  const result = await work();
  await releaseRateLimitHits(deps.db, hits);
  return result;
}

/** An order of the user for the legacy certificate in the given status. */
async function orderOf(db: Executor, userId: number, legacyId: number, status: OrderStatus) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, OBJECT_TYPE.certificate),
        eq(orders.legacyCertificateId, legacyId),
        eq(orders.status, status),
      ),
    )
    .limit(1);
  return row;
}

/** POST /certificates/claims/check */
export async function checkClaim(
  deps: Deps,
  claimant: Claimant,
  input: CertificateClaimInput,
): Promise<CertificateClaimCheck> {
  const { userId } = claimant;
  const user = await findUser(deps.db, userId);
  const found = await guarded(deps, claimant, input, () => findClaim(deps.db, user, input));
  const { legacy, course } = found;
  const amount = courseRegistrationFee(course);
  const free = amount < FREE_THRESHOLD_YEN;
  const mine = legacy.claimedByUserId === userId;
  return {
    course: presentCourse(course),
    holder_name: legacy.holderName,
    participated_date: legacy.participatedDate,
    amount,
    free,
    paid:
      free || (await paidFor(deps.db, userId, OBJECT_TYPE.certificate, { legacyCertificateId: legacy.id })),
    claimed: mine,
    certificate_id: mine ? legacy.certificateId : null,
  };
}

async function present(deps: Deps, certificateId: number): Promise<CertificateClaimResult> {
  const [cert] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!cert) throw new ApiError(404, 'NOT_FOUND', CLAIM_MESSAGES.certificateNotFound);
  return {
    certificate_id: cert.id,
    certificate_number: cert.certificateNumber,
    name: fileName(cert.certificateNumber),
    link: viewLink(deps.config, cert.id, deps.clock.now()),
  };
}

/** The PDF's file name (the same as renderPdf gives the download). */
export const fileName = (number: string) => `certificate_${number}.pdf`;

/**
 * POST /certificates/claims: issues the certificate of the legacy record to the user, once. A fee
 * needs a complete order (402, or 409 while one is in payment); a free claim records its free order
 * here. The legacy row is locked while the certificate is written, so two calls cannot issue two.
 */
export async function claimCertificate(
  deps: Deps,
  claimant: Claimant,
  input: CertificateClaimInput,
): Promise<CertificateClaimResult> {
  const { userId } = claimant;
  const user = await findUser(deps.db, userId);
  const found = await guarded(deps, claimant, input, () => findClaim(deps.db, user, input));
  const { legacy, course } = found;
  if (legacy.claimedByUserId === userId && legacy.certificateId !== null)
    return present(deps, legacy.certificateId);

  const amount = courseRegistrationFee(course);
  const paid = await paidFor(deps.db, userId, OBJECT_TYPE.certificate, { legacyCertificateId: legacy.id });
  if (!paid) {
    if (amount < FREE_THRESHOLD_YEN) {
      if (legacy.claimedByUserId === null)
        await createFreeOrder(deps, userId, {
          object_type: OBJECT_TYPE.certificate,
          object_id: course.id,
          attendance_code: found.kind === 'attendance' ? found.code : null,
          certificate_code: found.kind === 'certificate' ? found.code : null,
        });
    } else if (await orderOf(deps.db, userId, legacy.id, ORDER_STATUS.inPayment)) {
      throw conflict(PAYMENT_MESSAGES.processing, 'NG_PENDING_PAYMENT');
    } else {
      throw new ApiError(402, 'NG_NOT_PAYMENT', CLAIM_MESSAGES.notPaid);
    }
  }

  const now = deps.clock.now();
  const certificateId = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(legacyCertificates)
      .where(eq(legacyCertificates.id, legacy.id))
      .for('update');
    if (!locked || (locked.claimedByUserId !== null && locked.claimedByUserId !== userId))
      throw notFoundCode();
    if (locked.certificateId !== null) return locked.certificateId;
    const prefix = course.certificatePrefix ?? 'B';
    const n = await nextNumber(tx, prefix);
    const startDate = locked.participatedDate;
    const row = await insertCertificate(tx, {
      userId,
      courseId: course.id,
      trainingId: null,
      enrollmentId: null,
      certificateType: found.kind === 'attendance' ? CLAIM_TYPE.attendance : CLAIM_TYPE.certificate,
      certificateNumber: certificateNumber(prefix, n),
      verificationCode: newVerificationCode(),
      ...holderNames(user),
      startDate,
      endDate: course.certificationPeriod ? validUntil(startDate, course.certificationPeriod) : null,
      createdAt: now,
    });
    await tx
      .update(legacyCertificates)
      .set({ certificateId: row.id, claimedByUserId: userId })
      .where(eq(legacyCertificates.id, locked.id));
    await audit(
      tx,
      {
        actorUserId: userId,
        action: 'certificate.claim',
        entity: 'certificate',
        entityId: row.id,
        data: { number: row.certificateNumber, legacy_certificate_id: locked.id, by: found.kind },
      },
      now,
    );
    return row.id;
  });
  return present(deps, certificateId);
}

/** One of the user's certificates (enrolment or claim); another user's is not found. */
async function ownCertificate(db: Executor, userId: number, id: number) {
  const [cert] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.userId, userId)));
  if (!cert) throw new ApiError(404, 'NOT_FOUND', CLAIM_MESSAGES.certificateNotFound);
  return cert;
}

/** POST /certificates/download: the PDF of one of the user's certificates. */
export async function downloadOwn(deps: Deps, origin: string, userId: number, id: number) {
  const cert = await ownCertificate(deps.db, userId, id);
  return renderPdf(deps.db, origin, cert.id, deps.clock.now());
}

/** POST /certificates/basic_course/preview: a signed frame link of one of the user's certificates. */
export async function previewOwn(deps: Deps, userId: number, id: number): Promise<CertificateLink> {
  const cert = await ownCertificate(deps.db, userId, id);
  return {
    id: cert.id,
    name: fileName(cert.certificateNumber),
    link: viewLink(deps.config, cert.id, deps.clock.now()),
  };
}
