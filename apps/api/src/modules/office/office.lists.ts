/**
 * The office console's read side: the dashboard counts and the lists its screens page through
 * (sessions, one session's recruitments, cancel requests, orders awaiting the office).
 */
import {
  attributePairs,
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_METHOD,
  STEP_STATUS,
  USER_TYPE,
  holdsPlace,
  type OfficeCancelRequest,
  type OfficeDashboard,
  type OfficeOrder,
  type OfficeOrderKind,
  type OfficeOrderLine,
  type OfficeTraining,
  type OfficeTrainingDetail,
  type OfficeTrainingsQuery,
  type CancelRequestStatus,
  CANCEL_REQUEST_STATUS,
  ORDER_TYPE,
  K,
} from '@mels/domain';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cancelRequests,
  courses,
  enrollments,
  lotteryDraws,
  orderItems,
  orders,
  trainings,
  trainingUserTypes,
  userTypes,
  users,
} from '../../db/schema.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { countExpiringCertificates } from '../expiries/index.ts';
import { officeLabel } from './office.labels.ts';
import { findStatusFacts } from './office.repository.ts';

const count = sql<number>`count(*)::int`;
const orderStatusNames = K.orderStatus as Record<number, string>; // keys: answered in the request's language
const methodNames = K.paymentMethods as Record<number, string>;

/** A recruitment whose lottery can be drawn now: window closed, not drawn, applicants waiting. */
const lotteryReadySql = (now: Date) => sql<boolean>`(${trainingUserTypes.selection} = 'lottery'
  and ${trainingUserTypes.applyEndDate} < ${now.toISOString()}
  and not exists (select 1 from ${lotteryDraws} d where d.training_id = ${trainingUserTypes.trainingId}
    and d.user_type_id = ${trainingUserTypes.userTypeId})
  and exists (select 1 from ${enrollments} e where e.training_id = ${trainingUserTypes.trainingId}
    and e.user_type_id = ${trainingUserTypes.userTypeId} and e.status = ${STEP_STATUS.awaitingLottery}))`;

/** An assistant application the office has not approved yet. */
const assistantAwaiting = and(
  eq(enrollments.userTypeId, USER_TYPE.assistant),
  isNull(enrollments.assistantApprovedAt),
  eq(enrollments.status, STEP_STATUS.applying),
);

const pendingOrder = (method: number) =>
  and(
    eq(orders.type, ORDER_TYPE.purchase),
    eq(orders.status, ORDER_STATUS.inPayment),
    eq(orders.paymentMethodId, method),
  );

/** Paid shop orders not yet sent (complete, or being prepared). */
const shopOrderToShip = and(
  eq(orders.type, ORDER_TYPE.purchase),
  eq(orders.objectType, OBJECT_TYPE.shopOrder),
  inArray(orders.status, [ORDER_STATUS.complete, ORDER_STATUS.shipping]),
);

/** GET /office/dashboard */
export async function dashboard(db: Executor, now: Date): Promise<OfficeDashboard> {
  const [lotteries] = await db.select({ n: count }).from(trainingUserTypes).where(lotteryReadySql(now));
  const [assistants] = await db.select({ n: count }).from(enrollments).where(assistantAwaiting);
  const [cancels] = await db
    .select({ n: count })
    .from(cancelRequests)
    .where(eq(cancelRequests.status, CANCEL_REQUEST_STATUS.awaitingApproval));
  const [transfers] = await db
    .select({ n: count })
    .from(orders)
    .where(pendingOrder(PAYMENT_METHOD.bankTransfer));
  const [onsite] = await db.select({ n: count }).from(orders).where(pendingOrder(PAYMENT_METHOD.onSite));
  const [toShip] = await db.select({ n: count }).from(orders).where(shopOrderToShip);
  return {
    lotteries_ready: lotteries?.n ?? 0,
    assistants_awaiting: assistants?.n ?? 0,
    cancel_requests_pending: cancels?.n ?? 0,
    transfers_awaiting: transfers?.n ?? 0,
    onsite_unpaid: onsite?.n ?? 0,
    shop_orders_to_ship: toShip?.n ?? 0,
    certificates_expiring: await countExpiringCertificates(db, now),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function recruitmentsOf(db: Executor, trainingIds: readonly number[], now: Date) {
  if (trainingIds.length === 0) return [];
  const perStatus = (status: number) =>
    sql<number>`(select count(*)::int from ${enrollments} e where e.training_id = ${trainingUserTypes.trainingId}
      and e.user_type_id = ${trainingUserTypes.userTypeId} and e.status = ${status})`;
  return db
    .select({
      trainingId: trainingUserTypes.trainingId,
      userTypeId: trainingUserTypes.userTypeId,
      userTypeName: userTypes.type,
      selection: trainingUserTypes.selection,
      capacity: trainingUserTypes.capacity,
      participant: trainingUserTypes.participant,
      price: trainingUserTypes.price,
      applyStartDate: trainingUserTypes.applyStartDate,
      applyEndDate: trainingUserTypes.applyEndDate,
      applicants: sql<number>`(select count(*)::int from ${enrollments} e where e.training_id = ${trainingUserTypes.trainingId}
        and e.user_type_id = ${trainingUserTypes.userTypeId})`,
      awaitingLottery: perStatus(STEP_STATUS.awaitingLottery),
      awaitingApproval: sql<number>`(select count(*)::int from ${enrollments} e where e.training_id = ${trainingUserTypes.trainingId}
        and e.user_type_id = ${trainingUserTypes.userTypeId} and e.user_type_id = ${USER_TYPE.assistant}
        and e.assistant_approved_at is null and e.status = ${STEP_STATUS.applying})`,
      drawn: sql<boolean>`exists (select 1 from ${lotteryDraws} d where d.training_id = ${trainingUserTypes.trainingId}
        and d.user_type_id = ${trainingUserTypes.userTypeId})`,
      lotteryReady: lotteryReadySql(now),
    })
    .from(trainingUserTypes)
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(inArray(trainingUserTypes.trainingId, [...trainingIds]))
    .orderBy(asc(trainingUserTypes.trainingId), asc(trainingUserTypes.userTypeId));
}

type RecruitmentRow = Awaited<ReturnType<typeof recruitmentsOf>>[number];

function presentRecruitment(r: RecruitmentRow, now: Date) {
  return {
    user_type_id: r.userTypeId,
    user_type_name: r.userTypeName,
    selection: r.selection === 'lottery' ? ('lottery' as const) : ('first_come' as const),
    capacity: r.capacity,
    participant: r.participant,
    price: r.price,
    apply_start_date: new Date(r.applyStartDate).toISOString(),
    apply_end_date: new Date(r.applyEndDate).toISOString(),
    applicants: Number(r.applicants),
    awaiting_lottery: Number(r.awaitingLottery),
    awaiting_approval: Number(r.awaitingApproval),
    window_closed: new Date(r.applyEndDate) < now,
    lottery_ready: Boolean(r.lotteryReady),
    drawn: Boolean(r.drawn),
  };
}

const trainingColumns = {
  id: trainings.id,
  name: trainings.name,
  eventDate: trainings.eventDate,
  eventStartTime: trainings.eventStartTime,
  eventEndTime: trainings.eventEndTime,
  venueName: trainings.venueName,
  isActive: trainings.isActive,
  courseId: courses.id,
  courseName: courses.name,
};

type TrainingRow = {
  id: number;
  name: string;
  eventDate: string;
  eventStartTime: string;
  eventEndTime: string;
  venueName: string;
  isActive: boolean;
  courseId: number;
  courseName: string;
};

const presentTraining = (t: TrainingRow) => ({
  id: t.id,
  name: t.name,
  event_date: t.eventDate,
  event_start_time: t.eventStartTime.slice(0, 5),
  event_end_time: t.eventEndTime.slice(0, 5),
  venue_name: t.venueName,
  is_active: t.isActive,
  course: { id: t.courseId, name: t.courseName },
});

/** GET /office/trainings: upcoming sessions first (soonest first), then past ones (latest first). */
export async function officeTrainings(db: Executor, query: OfficeTrainingsQuery, now: Date) {
  const filters: SQL[] = [];
  if (query.from) filters.push(sql`${trainings.eventDate} >= ${query.from}`);
  if (query.to) filters.push(sql`${trainings.eventDate} <= ${query.to}`);
  if (query.course) filters.push(eq(trainings.courseId, query.course));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    const keyword = or(
      ilike(trainings.name, like),
      ilike(trainings.venueName, like),
      ilike(trainings.venue, like),
      ilike(courses.name, like),
    );
    if (keyword) filters.push(keyword);
  }
  if (query.waiting === 'lottery')
    filters.push(sql`exists (select 1 from ${trainingUserTypes} where ${trainingUserTypes.trainingId} = ${trainings.id}
      and ${lotteryReadySql(now)})`);
  if (query.waiting === 'assistant')
    filters.push(sql`exists (select 1 from ${enrollments} e where e.training_id = ${trainings.id}
      and e.user_type_id = ${USER_TYPE.assistant} and e.assistant_approved_at is null and e.status = ${STEP_STATUS.applying})`);
  const where = filters.length ? and(...filters) : undefined;
  const today = tokyoDate(now);
  const [total] = await db
    .select({ n: count })
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(where);
  const rows = await db
    .select(trainingColumns)
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(where)
    .orderBy(
      sql`case when ${trainings.eventDate} >= ${today} then 0 else 1 end`,
      sql`case when ${trainings.eventDate} >= ${today} then ${trainings.eventDate} end asc`,
      desc(trainings.eventDate),
      asc(trainings.eventStartTime),
      asc(trainings.id),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const recruitments = await recruitmentsOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  const data: OfficeTraining[] = rows.map((t) => ({
    ...presentTraining(t),
    recruitments: recruitments.filter((r) => r.trainingId === t.id).map((r) => presentRecruitment(r, now)),
  }));
  return { data, total: total?.n ?? 0 };
}

/** Enrolments counted by the office's label (a cancelled first-come booking is キャンセル済み, not 落選). */
function statusCounts(facts: Awaited<ReturnType<typeof findStatusFacts>>, selection: string) {
  const out: Array<{ key: string; status: number; label: string; count: number }> = [];
  for (const f of facts) {
    const { key, label } = officeLabel({
      selection,
      status: f.status,
      userTypeId: f.userTypeId,
      approved: Boolean(f.approved),
      cancelStatus: f.cancelStatus,
      wonElsewhere: Boolean(f.wonElsewhere),
    });
    const same = out.find((o) => o.key === key);
    if (same) same.count += Number(f.n);
    else out.push({ key, status: f.status, label, count: Number(f.n) });
  }
  return out;
}

/** GET /office/trainings/{id}: the session, each recruitment's counts by status and its recorded draw. */
export async function officeTraining(
  db: Executor,
  trainingId: number,
  now: Date,
): Promise<OfficeTrainingDetail> {
  const [t] = await db
    .select(trainingColumns)
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(eq(trainings.id, trainingId));
  if (!t) throw notFound(K.errors.notFound);
  const recruitments = await recruitmentsOf(db, [t.id], now);
  const facts = await findStatusFacts(db, t.id);
  const draws = await db.select().from(lotteryDraws).where(eq(lotteryDraws.trainingId, t.id));
  const waiting = await db
    .select({ userTypeId: enrollments.userTypeId, n: count })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, t.id),
        eq(enrollments.status, STEP_STATUS.lost),
        sql`${enrollments.lotteryRank} is not null`,
      ),
    )
    .groupBy(enrollments.userTypeId);
  return {
    ...presentTraining(t),
    recruitments: recruitments.map((r) => {
      const draw = draws.find((d) => d.userTypeId === r.userTypeId);
      return {
        ...presentRecruitment(r, now),
        status_counts: statusCounts(
          facts.filter((c) => c.userTypeId === r.userTypeId),
          r.selection,
        ),
        draw: draw
          ? {
              seed: draw.seed,
              places: draw.capacity,
              entrants: (draw.entrants as number[]).length,
              winners: (draw.winners as number[]).length,
              drawn_at: new Date(draw.drawnAt).toISOString(),
            }
          : null,
        waiting_list: waiting.find((w) => w.userTypeId === r.userTypeId)?.n ?? 0,
      };
    }),
  };
}

const fullname = sql<string>`${users.lastName} || ' ' || ${users.firstName}`;

/** GET /office/cancel-requests?status=: oldest first while awaiting, newest first once decided. */
export async function officeCancelRequests(
  db: Executor,
  status: CancelRequestStatus,
  page: number,
  limit: number,
) {
  const where = eq(cancelRequests.status, status);
  const [total] = await db.select({ n: count }).from(cancelRequests).where(where);
  const rows = await db
    .select({
      id: cancelRequests.id,
      status: cancelRequests.status,
      reason: cancelRequests.reason,
      createdAt: cancelRequests.createdAt,
      decidedAt: cancelRequests.decidedAt,
      enrollmentId: enrollments.id,
      enrollmentStatus: enrollments.status,
      fullname,
      kana: sql<string>`${users.lastNameKana} || ' ' || ${users.firstNameKana}`,
      email: users.email,
      userTypeId: userTypes.id,
      userTypeName: userTypes.type,
      trainingId: trainings.id,
      trainingName: trainings.name,
      eventDate: trainings.eventDate,
      paidOrderId: sql<number | null>`(select o.id from ${orders} o where o.enrollment_id = ${enrollments.id}
        and o.type = 1 and o.object_type = ${OBJECT_TYPE.sessionFee} and o.status = ${ORDER_STATUS.complete} limit 1)`,
      paidAmount: sql<
        number | null
      >`(select o.amount from ${orders} o where o.enrollment_id = ${enrollments.id}
        and o.type = 1 and o.object_type = ${OBJECT_TYPE.sessionFee} and o.status = ${ORDER_STATUS.complete} limit 1)`,
    })
    .from(cancelRequests)
    .innerJoin(enrollments, eq(enrollments.id, cancelRequests.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(userTypes, eq(userTypes.id, enrollments.userTypeId))
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(where)
    .orderBy(
      status === CANCEL_REQUEST_STATUS.awaitingApproval ? asc(cancelRequests.id) : desc(cancelRequests.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const data: OfficeCancelRequest[] = rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    created_at: new Date(r.createdAt).toISOString(),
    decided_at: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    enrollment_id: r.enrollmentId,
    enrollment_status: r.enrollmentStatus,
    holds_place: holdsPlace(r.enrollmentStatus),
    fullname: r.fullname,
    fullname_kana: r.kana,
    email: r.email,
    user_type: { id: r.userTypeId, type: r.userTypeName },
    training: { id: r.trainingId, name: r.trainingName, event_date: r.eventDate },
    paid_order:
      r.paidOrderId !== null && r.paidOrderId !== undefined
        ? { id: Number(r.paidOrderId), amount: Number(r.paidAmount ?? 0) }
        : null,
  }));
  return { data, total: total?.n ?? 0 };
}

/** Paid shop orders not sent yet: waiting to be prepared (3) or being prepared (4). */

const whereOfKind: Record<OfficeOrderKind, SQL | undefined> = {
  transfer: pendingOrder(PAYMENT_METHOD.bankTransfer),
  onsite: pendingOrder(PAYMENT_METHOD.onSite),
  paid: and(eq(orders.type, ORDER_TYPE.purchase), eq(orders.status, ORDER_STATUS.complete)),
  shop: shopOrderToShip,
};

/** The lines of each order of a page (one query). */
async function linesOf(db: Executor, orderIds: readonly number[]) {
  const map = new Map<number, OfficeOrderLine[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      attributes: orderItems.attributes,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.id));
  for (const row of rows) {
    const lines = map.get(row.orderId) ?? [];
    lines.push({ name: row.name, quantity: row.quantity, attributes: attributePairs(row.attributes) });
    map.set(row.orderId, lines);
  }
  return map;
}

/**
 * GET /office/orders?kind=: transfers awaiting, on-site unpaid, shop orders to ship (oldest first)
 * or paid orders (newest first).
 */
export async function officeOrders(db: Executor, kind: OfficeOrderKind, page: number, limit: number) {
  const where = whereOfKind[kind];
  const [total] = await db.select({ n: count }).from(orders).where(where);
  const rows = await db
    .select({
      order: orders,
      fullname,
      email: users.email,
      trainingName: trainings.name,
      eventDate: trainings.eventDate,
      courseName: sql<
        string | null
      >`coalesce((select c.name from ${courses} c where c.id = ${trainings.courseId}), case when ${orders.objectType} = ${OBJECT_TYPE.courseRegistration} then (select c.name from ${courses} c where c.id = ${orders.objectId}) end)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(
      trainings,
      eq(
        trainings.id,
        sql`coalesce(${orders.trainingId}, case when ${orders.objectType} = ${OBJECT_TYPE.sessionFee} then ${orders.objectId} end)`,
      ),
    )
    .where(where)
    .orderBy(kind === 'paid' ? desc(orders.id) : asc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const data: OfficeOrder[] = rows.map(({ order, ...r }) => ({
    id: order.id,
    status: order.status,
    status_name: orderStatusNames[order.status] ?? '',
    amount: order.amount,
    object_type: order.objectType,
    payment_method_id: order.paymentMethodId,
    payment_method_name: methodNames[order.paymentMethodId] ?? '',
    refundable: order.objectType !== OBJECT_TYPE.courseRegistration,
    created_at: order.createdAt.toISOString(),
    due_at: order.dueAt ? new Date(order.dueAt).toISOString() : null,
    paid_at: order.paidAt ? new Date(order.paidAt).toISOString() : null,
    user: { id: order.userId, fullname: r.fullname, email: r.email },
    enrollment_id: order.enrollmentId,
    training:
      r.trainingName !== null && r.eventDate !== null
        ? {
            id: order.trainingId ?? order.objectId ?? 0,
            name: r.trainingName,
            event_date: r.eventDate,
          }
        : null,
    course_name: r.courseName,
    postal_code: order.postalCode,
    address: order.address,
    customer_name: order.customerName,
    phone: order.phone,
    lines: lines.get(order.id) ?? [],
  }));
  return { data, total: total?.n ?? 0 };
}

/** The latest purchase of each enrolment (session fee), for the roster's payment column. */
export async function paymentsOfEnrollments(db: Executor, enrollmentIds: readonly number[]) {
  if (enrollmentIds.length === 0) return new Map<number, NonNullable<OfficeRosterPayment>>();
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.enrollmentId, [...enrollmentIds]), eq(orders.type, ORDER_TYPE.purchase)))
    .orderBy(asc(orders.id));
  const map = new Map<number, NonNullable<OfficeRosterPayment>>();
  for (const o of rows)
    if (o.enrollmentId !== null)
      map.set(o.enrollmentId, {
        order_id: o.id,
        status: o.status,
        status_name: orderStatusNames[o.status] ?? '',
        method_name: methodNames[o.paymentMethodId] ?? '',
        amount: o.amount,
      });
  return map;
}

type OfficeRosterPayment = {
  order_id: number;
  status: number;
  status_name: string;
  method_name: string;
  amount: number;
} | null;
