import {
  BI_PREFIX,
  FREE_THRESHOLD_YEN,
  normalizeClaimCode,
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  paymentMessage,
  type CartProduct,
  type ErrorCode,
  ORDER_TYPE,
  type ObjectType,
} from '@mels/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  certificateRequests,
  courses,
  enrollments,
  legacyCertificates,
  orders,
  productCourses,
  products,
  trainings,
  trainingUserTypes,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

/** One line of what is paid for (becomes an order_items row). */
export type PayableLine = {
  productId: number | null;
  name: string;
  description: string;
  unitPrice: number;
  quantity: number;
  attributes: unknown[];
};

export type Payable = {
  objectType: ObjectType;
  objectId: number | null;
  /** Integer yen, computed from the server's data only. */
  amount: number;
  /** Under 50 yen (or a BI course's registration): completed through the free path. */
  free: boolean;
  courseId: number | null;
  trainingId: number | null;
  enrollmentId: number | null;
  /** The certificate request paid for (instructor certification 5, renewal 7). */
  requestId?: number | null;
  /** The legacy certificate claimed (3), and the attendance code or certificate number it was found by. */
  legacyCertificateId?: number | null;
  attendanceCode?: string | null;
  certificateCode?: string | null;
  lines: PayableLine[];
};

/** Certificate request statuses that await the fee (spec: 0 new, 1 awaiting payment). */
export const REQUEST_AWAITING_PAYMENT: readonly number[] = [0, 1];
/** An instructor certification request awaits its fee once the pledge is signed (status 1, decision 029). */
export const INSTRUCTOR_AWAITING_PAYMENT: readonly number[] = [1];

/**
 * The fee of a certificate request: a renewal costs its course's price; an instructor certification the
 * course's certification fee when set (the BI course's registration is free, its certification is not),
 * else its price. Under 50 yen it is free (0).
 */
export function requestFee(
  course: { price: number; certificationFee: number | null },
  renewal: boolean,
): number {
  const fee = renewal ? course.price : (course.certificationFee ?? course.price);
  return fee >= FREE_THRESHOLD_YEN ? fee : 0;
}

/** certificate_requests.certificate_type: 2 instructor certification, 3 renewal. */
export const REQUEST_TYPE = { instructor: 2, renewal: 3 } as const;

export type PayableOptions = {
  cart?: readonly CartProduct[];
  trainingId?: number | null;
  attendanceCode?: string | null;
  /** A certificate claim (3) by the certificate number of the older system (when no attendance code). */
  certificateCode?: string | null;
  requestId?: number | null;
};

/** The registration fee of a course: its price when at least 50 yen and the course is not BI, else 0. */
export function courseRegistrationFee(course: { price: number; certificatePrefix: string | null }): number {
  if (course.certificatePrefix === BI_PREFIX) return 0;
  return course.price >= FREE_THRESHOLD_YEN ? course.price : 0;
}

/** The lines and total of a cart, from the products table (prices never come from the browser). */
export async function shopLines(
  db: Executor,
  cart: readonly CartProduct[],
): Promise<{
  lines: PayableLine[];
  messages: string[];
  codes: ErrorCode[];
  rows: Array<typeof products.$inferSelect>;
}> {
  const ids = [...new Set(cart.map((item) => item.id))];
  const rows = ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems = new Map<string, ErrorCode>();
  const lines: PayableLine[] = [];
  if (cart.length === 0) problems.set(PAYMENT_MESSAGES.cartEmpty, 'CART_EMPTY');
  for (const item of cart) {
    const product = byId.get(item.id);
    if (!product) {
      problems.set(PAYMENT_MESSAGES.productMissing, 'PRODUCT_MISSING');
      continue;
    }
    if (!product.isActive)
      problems.set(paymentMessage(PAYMENT_MESSAGES.productInactive, product.name), 'PRODUCT_INACTIVE');
    lines.push({
      productId: product.id,
      name: product.name,
      description: product.description,
      unitPrice: product.price,
      quantity: item.quantity,
      attributes: item.attributes,
    });
  }
  return { lines, messages: [...problems.keys()], codes: [...problems.values()], rows };
}

export const linesTotal = (lines: readonly PayableLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

/** Whether the user has a complete purchase order of the object type keyed by the request / legacy certificate. */
export async function paidFor(
  db: Executor,
  userId: number,
  objectType: ObjectType,
  key: { requestId?: number; legacyCertificateId?: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, objectType),
        key.requestId !== undefined
          ? eq(orders.requestId, key.requestId)
          : eq(orders.legacyCertificateId, key.legacyCertificateId ?? 0),
        eq(orders.status, ORDER_STATUS.complete),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const oneLine = (name: string, amount: number): PayableLine[] => [
  { productId: null, name, description: '', unitPrice: amount, quantity: 1, attributes: [] },
];

export type ClaimCodes = { attendanceCode?: string | null; certificateCode?: string | null };

/**
 * The code a claim is made with, normalised as printed (half-width, upper-case): the attendance code
 * when given, else the certificate number; null when neither is.
 */
export function claimCode(codes: ClaimCodes): { kind: 'attendance' | 'certificate'; code: string } | null {
  const attendance = normalizeClaimCode(codes.attendanceCode ?? '');
  if (attendance) return { kind: 'attendance', code: attendance };
  const certificate = normalizeClaimCode(codes.certificateCode ?? '');
  if (certificate) return { kind: 'certificate', code: certificate };
  return null;
}

/** The legacy certificate of a course with the code (compared upper-case), whoever claimed it. */
export async function findLegacyByCode(
  db: Executor,
  courseId: number,
  code: { kind: 'attendance' | 'certificate'; code: string },
) {
  const column =
    code.kind === 'attendance' ? legacyCertificates.attendanceCode : legacyCertificates.certificateCode;
  const [row] = await db
    .select()
    .from(legacyCertificates)
    .where(and(eq(legacyCertificates.courseId, courseId), eq(sql`upper(${column})`, code.code)))
    .limit(1);
  return row;
}

/**
 * A certificate claim (3): the legacy certificate of the course with the attendance code (or the
 * certificate number, options.certificateCode, when no attendance code is sent), not
 * claimed by another user (that one is not found, like a wrong code). Once claimed by the user it
 * is payable again only to let the callers find the paid order (409 ALREADY_PAID, or the same free order).
 */
async function certificateClaim(
  db: Executor,
  objectType: ObjectType,
  objectId: number,
  user: { id: number },
  options: PayableOptions,
): Promise<Payable> {
  const code = claimCode(options);
  if (!code)
    throw badRequest(PAYMENT_MESSAGES.attendanceCodeRequired, {
      attendance_code: [PAYMENT_MESSAGES.attendanceCodeRequired],
    });
  const legacy = await findLegacyByCode(db, objectId, code);
  if (!legacy || (legacy.claimedByUserId !== null && legacy.claimedByUserId !== user.id))
    throw notFound(PAYMENT_MESSAGES.attendanceCodeNotFound);
  if (
    legacy.claimedByUserId === user.id &&
    !(await paidFor(db, user.id, objectType, { legacyCertificateId: legacy.id }))
  )
    throw conflict(PAYMENT_MESSAGES.certificateAlreadyClaimed, 'ALREADY_CLAIMED');
  const [course] = await db.select().from(courses).where(eq(courses.id, objectId));
  if (!course) throw notFound();
  const amount = courseRegistrationFee(course);
  return {
    objectType,
    objectId,
    amount,
    free: amount < FREE_THRESHOLD_YEN,
    courseId: course.id,
    trainingId: null,
    enrollmentId: null,
    legacyCertificateId: legacy.id,
    attendanceCode: code.kind === 'attendance' ? code.code : null,
    certificateCode: code.kind === 'certificate' ? code.code : null,
    lines: oneLine(`${course.name} 修了証発行`, amount),
  };
}

/**
 * An instructor certification request (5, certificate_type 2) or a renewal (7, certificate_type 3)
 * of the user awaiting payment: the fee is its course's price (under 50 yen: free). Another user's
 * request is not found (404), like a missing one.
 */
async function certificateRequestFee(
  db: Executor,
  objectType: ObjectType,
  objectId: number | null | undefined,
  user: { id: number },
  options: PayableOptions,
): Promise<Payable> {
  const requestId = options.requestId;
  if (!requestId)
    throw badRequest(PAYMENT_MESSAGES.requestIdRequired, {
      request_id: [PAYMENT_MESSAGES.requestIdRequired],
    });
  const renewal = objectType === OBJECT_TYPE.renewal;
  const [request] = await db.select().from(certificateRequests).where(eq(certificateRequests.id, requestId));
  if (
    !request ||
    request.userId !== user.id ||
    request.certificateType !== (renewal ? REQUEST_TYPE.renewal : REQUEST_TYPE.instructor)
  )
    throw notFound(PAYMENT_MESSAGES.requestNotFound);
  if (objectId && objectId !== request.courseId)
    throw badRequest(PAYMENT_MESSAGES.requestCourseMismatch, {
      object_id: [PAYMENT_MESSAGES.requestCourseMismatch],
    });
  // An instructor request is paid once its pledge is signed (1, decision 029); a renewal from 0.
  const awaiting = renewal ? REQUEST_AWAITING_PAYMENT : INSTRUCTOR_AWAITING_PAYMENT;
  if (
    !awaiting.includes(request.status) &&
    !(await paidFor(db, user.id, objectType, { requestId: request.id }))
  )
    throw conflict(PAYMENT_MESSAGES.requestNotAwaitingPayment, 'NOT_AWAITING_PAYMENT');
  const [course] = await db.select().from(courses).where(eq(courses.id, request.courseId));
  if (!course) throw notFound();
  if (renewal && !course.isRenewal) throw badRequest(PAYMENT_MESSAGES.notPayable);
  const amount = requestFee(course, renewal);
  return {
    objectType,
    objectId: course.id,
    amount,
    free: amount < FREE_THRESHOLD_YEN,
    courseId: course.id,
    trainingId: null,
    enrollmentId: null,
    requestId: request.id,
    lines: oneLine(`${course.name} ${renewal ? '更新料' : '認定申請料'}`, amount),
  };
}

/**
 * What the user pays for an object, from the server's own data (spec 000 §9): the course
 * registration fee (1), the session fee of the user's user type (2), a cart (4, its lines given),
 * a certificate claimed by attendance code (3: the course's registration fee), an instructor
 * certification request (5) and a renewal (7): their course's price.
 * Throws 404 for an unknown object (or another user's) and 400 for one that cannot be paid for.
 */
export async function payableAmount(
  db: Executor,
  objectType: ObjectType,
  objectId: number | null | undefined,
  user: { id: number },
  options: PayableOptions = {},
): Promise<Payable> {
  if (objectType === OBJECT_TYPE.shopOrder) {
    const { lines } = await shopLines(db, options.cart ?? []);
    const amount = linesTotal(lines);
    return {
      objectType,
      objectId: objectId ?? null,
      amount,
      free: amount < FREE_THRESHOLD_YEN,
      courseId: null,
      trainingId: null,
      enrollmentId: null,
      lines,
    };
  }
  if (objectType === OBJECT_TYPE.instructorRequest || objectType === OBJECT_TYPE.renewal)
    return certificateRequestFee(db, objectType, objectId, user, options);
  if (!objectId)
    throw badRequest(PAYMENT_MESSAGES.notPayable, { object_id: ['object_idを指定してください'] });
  if (objectType === OBJECT_TYPE.certificate)
    return certificateClaim(db, objectType, objectId, user, options);
  if (objectType === OBJECT_TYPE.courseRegistration) {
    const [course] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.id, objectId), eq(courses.isActive, true)));
    if (!course) throw notFound();
    const amount = courseRegistrationFee(course);
    return {
      objectType,
      objectId,
      amount,
      free: amount < FREE_THRESHOLD_YEN,
      courseId: course.id,
      trainingId: options.trainingId ?? null,
      enrollmentId: null,
      lines: oneLine(`${course.name} 登録料`, amount),
    };
  }
  if (objectType === OBJECT_TYPE.sessionFee) {
    const [training] = await db
      .select({
        id: trainings.id,
        name: trainings.name,
        courseId: trainings.courseId,
        isActive: trainings.isActive,
      })
      .from(trainings)
      .where(eq(trainings.id, objectId));
    if (!training) throw notFound();
    if (!training.isActive) throw badRequest(PAYMENT_MESSAGES.notPayable);
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.trainingId, objectId), eq(enrollments.userId, user.id)))
      .orderBy(desc(enrollments.id))
      .limit(1);
    if (!enrollment) throw badRequest(PAYMENT_MESSAGES.notEnrolled);
    const [type] = await db
      .select({ price: trainingUserTypes.price })
      .from(trainingUserTypes)
      .where(
        and(
          eq(trainingUserTypes.trainingId, objectId),
          eq(trainingUserTypes.userTypeId, enrollment.userTypeId),
        ),
      );
    const amount = type?.price ?? 0;
    return {
      objectType,
      objectId,
      amount,
      free: amount < FREE_THRESHOLD_YEN,
      courseId: training.courseId,
      trainingId: training.id,
      enrollmentId: enrollment.id,
      lines: oneLine(`${training.name} 受講料`, amount),
    };
  }
  throw badRequest(PAYMENT_MESSAGES.notPayable);
}

/** Courses whose enrolment unlocks a product (allow_buy_with_course). */
export async function productCourseIds(db: Executor, productId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: productCourses.courseId })
    .from(productCourses)
    .where(eq(productCourses.productId, productId));
  return rows.map((row) => row.courseId);
}
