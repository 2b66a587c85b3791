import {
  BI_PREFIX,
  FREE_THRESHOLD_YEN,
  OBJECT_TYPE,
  PAYMENT_MESSAGES,
  paymentMessage,
  type CartProduct,
} from '@mels/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  enrollments,
  productCourses,
  products,
  trainings,
  trainingUserTypes,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

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
  objectType: number;
  objectId: number | null;
  /** Integer yen, computed from the server's data only. */
  amount: number;
  /** Under 50 yen (or a BI course's registration): completed through the free path. */
  free: boolean;
  courseId: number | null;
  trainingId: number | null;
  enrollmentId: number | null;
  lines: PayableLine[];
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
): Promise<{ lines: PayableLine[]; messages: string[]; rows: Array<typeof products.$inferSelect> }> {
  const ids = [...new Set(cart.map((item) => item.id))];
  const rows = ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const messages: string[] = [];
  const lines: PayableLine[] = [];
  if (cart.length === 0) messages.push(PAYMENT_MESSAGES.cartEmpty);
  for (const item of cart) {
    const product = byId.get(item.id);
    if (!product) {
      messages.push(PAYMENT_MESSAGES.productMissing);
      continue;
    }
    if (!product.isActive) messages.push(paymentMessage(PAYMENT_MESSAGES.productInactive, product.name));
    lines.push({
      productId: product.id,
      name: product.name,
      description: product.description,
      unitPrice: product.price,
      quantity: item.quantity,
      attributes: item.attributes,
    });
  }
  return { lines, messages: [...new Set(messages)], rows };
}

export const linesTotal = (lines: readonly PayableLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

/**
 * What the user pays for an object, from the server's own data (spec 000 §9): the course
 * registration fee (1), the session fee of the user's user type (2), a cart (4, its lines given).
 * Throws 404 for an unknown object and 400 for one that cannot be paid for.
 */
export async function payableAmount(
  db: Executor,
  objectType: number,
  objectId: number | null | undefined,
  user: { id: number },
  options: { cart?: readonly CartProduct[]; trainingId?: number | null } = {},
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
  if (!objectId)
    throw badRequest(PAYMENT_MESSAGES.notPayable, { object_id: ['object_idを指定してください'] });
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
      lines: [
        {
          productId: null,
          name: `${course.name} 登録料`,
          description: '',
          unitPrice: amount,
          quantity: 1,
          attributes: [],
        },
      ],
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
      lines: [
        {
          productId: null,
          name: `${training.name} 受講料`,
          description: '',
          unitPrice: amount,
          quantity: 1,
          attributes: [],
        },
      ],
    };
  }
  // Certificates (3), instructor certification (5) and renewals (7) plug in here with their own fee rules.
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
