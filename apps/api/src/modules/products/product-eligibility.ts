import { ORDER_STATUS } from '@mels/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enrollments, orderItems, orders, productCourses, trainings } from '../../db/schema.ts';

/** Orders that count as bought: being paid, paid, being shipped or shipped. */
export const BOUGHT_ORDER_STATUSES = [
  ORDER_STATUS.inPayment,
  ORDER_STATUS.complete,
  ORDER_STATUS.shipping,
  ORDER_STATUS.shipped,
];

export type EligibilityProduct = { id: number; buyOncePerUser: boolean; allowBuyWithCourse: boolean };

export type Eligibility = {
  /** False when a one-per-person product was already bought by the user (always true otherwise). */
  oncePerUserOk: boolean;
  /** True without a course restriction, or when the user is enrolled in a session of one of its courses. */
  withCourseOk: boolean;
};

/**
 * The shop's per-user rules for each product (one per person; course-only), in a few queries for a
 * whole page. Without a user (anonymous visitor) nothing was bought and no course is held.
 */
export async function productEligibility(
  db: Executor,
  userId: number | null,
  products: readonly EligibilityProduct[],
): Promise<Map<number, Eligibility>> {
  const onceIds = products.filter((p) => p.buyOncePerUser).map((p) => p.id);
  const courseOnlyIds = products.filter((p) => p.allowBuyWithCourse).map((p) => p.id);

  const bought = new Set<number>();
  if (userId !== null && onceIds.length > 0) {
    const rows = await db
      .selectDistinct({ productId: orderItems.productId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orderItems.productId, onceIds),
          inArray(orders.status, BOUGHT_ORDER_STATUSES),
        ),
      );
    for (const row of rows) if (row.productId !== null) bought.add(row.productId);
  }

  const unlocked = new Set<number>();
  if (userId !== null && courseOnlyIds.length > 0) {
    const rows = await db
      .selectDistinct({ productId: productCourses.productId })
      .from(productCourses)
      .innerJoin(trainings, eq(trainings.courseId, productCourses.courseId))
      .innerJoin(enrollments, eq(enrollments.trainingId, trainings.id))
      .where(and(eq(enrollments.userId, userId), inArray(productCourses.productId, courseOnlyIds)));
    for (const row of rows) unlocked.add(row.productId);
  }

  return new Map(
    products.map((p) => [
      p.id,
      {
        oncePerUserOk: !p.buyOncePerUser || !bought.has(p.id),
        withCourseOk: !p.allowBuyWithCourse || unlocked.has(p.id),
      },
    ]),
  );
}
