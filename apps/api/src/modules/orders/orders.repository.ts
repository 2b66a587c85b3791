import { OBJECT_TYPE, ORDER_STATUS, ORDER_TYPE, type ObjectType } from '@mels/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, orderItems, orders, trainings, users } from '../../db/schema.ts';
import type { OrderExtras, OrderRow } from './orders.presenter.ts';

export async function findUserOrder(db: Executor, userId: number, orderId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export async function listUserOrders(db: Executor, userId: number, page: number, limit: number) {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: count?.n ?? 0 };
}

/** Object types whose object_id is a course: registration (1), certificate claim (3), instructor request (5), renewal (7). */
const objectIsCourse = (objectType: number) =>
  objectType === OBJECT_TYPE.courseRegistration ||
  objectType === OBJECT_TYPE.certificate ||
  objectType === OBJECT_TYPE.instructorRequest ||
  objectType === OBJECT_TYPE.renewal;

/** Items, course, session and buyer's name of each order (three queries for a page). */
export async function orderExtras(
  db: Executor,
  rows: readonly OrderRow[],
): Promise<Map<number, OrderExtras>> {
  const ids = rows.map((row) => row.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id)
    : [];
  const trainingIds = [
    ...new Set(
      rows
        .map((row) => row.trainingId ?? (row.objectType === OBJECT_TYPE.sessionFee ? row.objectId : null))
        .filter((id): id is number => id !== null),
    ),
  ];
  const trainingRows = trainingIds.length
    ? await db
        .select({
          id: trainings.id,
          name: trainings.name,
          eventDate: trainings.eventDate,
          courseId: trainings.courseId,
        })
        .from(trainings)
        .where(inArray(trainings.id, trainingIds))
    : [];
  const trainingById = new Map(trainingRows.map((t) => [t.id, t]));
  const courseIds = new Set<number>(trainingRows.map((t) => t.courseId));
  for (const row of rows) if (objectIsCourse(row.objectType) && row.objectId) courseIds.add(row.objectId);
  const courseRows = courseIds.size
    ? await db
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(inArray(courses.id, [...courseIds]))
    : [];
  const courseById = new Map(courseRows.map((c) => [c.id, c]));
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const userRows = userIds.length
    ? await db
        .select({ id: users.id, lastName: users.lastName, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const userById = new Map(userRows.map((u) => [u.id, `${u.lastName} ${u.firstName}`]));

  const result = new Map<number, OrderExtras>();
  for (const row of rows) {
    const training =
      trainingById.get(
        row.trainingId ?? (row.objectType === OBJECT_TYPE.sessionFee ? (row.objectId ?? 0) : 0),
      ) ?? null;
    const courseId = objectIsCourse(row.objectType) ? row.objectId : (training?.courseId ?? null);
    result.set(row.id, {
      items: items.filter((item) => item.orderId === row.id),
      course: courseId ? (courseById.get(courseId) ?? null) : null,
      training,
      username: userById.get(row.userId) ?? '',
    });
  }
  return result;
}

/**
 * The latest purchase order of a certificate request (an instructor request's fee, object type 5, or a
 * renewal's, 7) that is complete or being paid, or undefined.
 */
export async function findRequestPurchase(
  db: Executor,
  options: { requestId: number; objectType: ObjectType },
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.requestId, options.requestId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, options.objectType),
        inArray(orders.status, [ORDER_STATUS.complete, ORDER_STATUS.inPayment]),
      ),
    )
    .orderBy(desc(orders.status), desc(orders.id))
    .limit(1);
  return row;
}

/** An order's amount (the office staff's refund limit is checked against it; decision 041). */
export async function findOrderAmount(db: Executor, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ amount: orders.amount }).from(orders).where(eq(orders.id, orderId));
  return row?.amount;
}
