import {
  OBJECT_TYPE,
  ORDER_STATUS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD,
  ORDER_TYPE,
  type OrderView,
} from '@mels/domain';
import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, jobs, orderItems, orders } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import type { Deps } from '../../plugins/deps.ts';
import { mailMember } from '../notifications/index.ts';
import { emitOrderCompleted, emitOrderRefunded } from './order-events.ts';
import { shippedMail, transferCancelledMail } from './orders.mails.ts';
import { receiptPdf } from './orders.pdf.ts';
import { presentOrder, type OrderExtras, type OrderRow } from './orders.presenter.ts';
import { findUserOrder, listUserOrders, orderExtras } from './orders.repository.ts';

const NO_EXTRAS: OrderExtras = { items: [], course: null, training: null, username: '' };

/** Orders as the API answers them: each row with its items, course, session and buyer (orders.presenter.ts). */
export async function orderViews(db: Executor, rows: readonly OrderRow[]): Promise<OrderView[]> {
  const extras = await orderExtras(db, rows);
  return rows.map((row) => presentOrder(row, extras.get(row.id) ?? NO_EXTRAS));
}

export async function orderView(db: Executor, order: OrderRow): Promise<OrderView> {
  const extras = (await orderExtras(db, [order])).get(order.id) ?? NO_EXTRAS;
  return presentOrder(order, extras);
}

export async function userOrders(deps: Deps, userId: number, page: number, limit: number) {
  const { rows, total } = await listUserOrders(deps.db, userId, page, limit);
  return { data: await orderViews(deps.db, rows), total };
}

/** Paid: complete, or a shop order being prepared or shipped (its receipt stays available). */
const PAID_STATUSES: readonly number[] = [ORDER_STATUS.complete, ORDER_STATUS.shipping, ORDER_STATUS.shipped];

/** The receipt of a paid order of the user (another user's order is not found). */
export async function receipt(
  deps: Deps,
  userId: number,
  orderId: number,
  fullName: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findUserOrder(deps.db, userId, orderId);
  if (!order) throw notFound();
  if (order.type !== ORDER_TYPE.purchase || !PAID_STATUSES.includes(order.status))
    throw conflict(PAYMENT_MESSAGES.receiptNotAvailable, 'RECEIPT_NOT_AVAILABLE');
  const extras = (await orderExtras(deps.db, [order])).get(order.id);
  return receiptPdf({
    order,
    extras,
    recipient: fullName,
    registrationNumber: deps.config.invoiceRegistrationNumber,
  });
}

/** Marks an order paid (office: transfer received, paid at the venue) and tells the listeners. */
export async function completePendingOrder(deps: Deps, tx: Tx, order: OrderRow): Promise<OrderRow> {
  const now = deps.clock.now();
  const [updated] = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.complete, paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.inPayment)))
    .returning();
  if (!updated) throw conflict(PAYMENT_MESSAGES.orderNotPending);
  await emitOrderCompleted(deps, tx, updated);
  return updated;
}

async function audit(
  tx: Tx,
  deps: Deps,
  actorUserId: number,
  action: string,
  orderId: number,
  data: Record<string, unknown>,
) {
  await tx
    .insert(auditEvents)
    .values({ actorUserId, action, entity: 'order', entityId: orderId, data, createdAt: deps.clock.now() });
}

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  return order;
}

/** Office: the bank transfer arrived (2 → complete). */
export async function confirmTransfer(deps: Deps, actorId: number, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (
      order.paymentMethodId !== PAYMENT_METHOD.bankTransfer ||
      order.status !== ORDER_STATUS.inPayment ||
      order.type !== ORDER_TYPE.purchase
    )
      throw conflict(PAYMENT_MESSAGES.orderNotPending);
    const done = await completePendingOrder(deps, tx, order);
    await tx
      .update(jobs)
      .set({ status: 'done' })
      .where(and(eq(jobs.dedupeKey, `${CANCEL_TRANSFER_JOB}:${order.id}`), eq(jobs.status, 'pending')));
    await audit(tx, deps, actorId, 'order.confirm-transfer', order.id, { amount: order.amount });
    return done;
  });
}

/** Office: paid at the venue (3 → complete). */
export async function markPaid(deps: Deps, actorId: number, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (
      order.paymentMethodId !== PAYMENT_METHOD.onSite ||
      order.status !== ORDER_STATUS.inPayment ||
      order.type !== ORDER_TYPE.purchase
    )
      throw conflict(PAYMENT_MESSAGES.orderNotPending);
    const done = await completePendingOrder(deps, tx, order);
    await audit(tx, deps, actorId, 'order.mark-paid', order.id, { amount: order.amount });
    return done;
  });
}

/**
 * Office: refund a paid order: a type 2 entry (refund_of_id) and the original marked refunded, in
 * one transaction. Registration fees are not refundable (spec 000 §9). A card payment is refunded
 * at the gateway; a transfer or cash the office returns itself.
 */
export async function refund(deps: Deps, actorId: number, orderId: number) {
  const checkRefundable = (order: OrderRow | undefined | null) => {
    if (!order) throw notFound();
    if (order.objectType === OBJECT_TYPE.courseRegistration)
      throw conflict(PAYMENT_MESSAGES.registrationNotRefundable, 'NOT_REFUNDABLE');
    if (order.type !== ORDER_TYPE.purchase || order.status !== ORDER_STATUS.complete)
      throw conflict(PAYMENT_MESSAGES.notRefundable, 'NOT_REFUNDABLE');
    return order;
  };
  const [found] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const before = checkRefundable(found);
  // A card payment is returned at the gateway first (its idempotency key makes a retry after a failed
  // database write safe); a transfer or cash is returned by the office itself.
  let gatewayRefund: { id: string; status: string } | null = null;
  if (before.paymentIntentId && before.amount > 0) {
    gatewayRefund = await deps.payments.refund({
      intentId: before.paymentIntentId,
      amount: before.amount,
      idempotencyKey: `mels-refund-${before.id}`,
    });
  }
  return deps.db.transaction(async (tx) => {
    const order = checkRefundable(await lockOrder(tx, orderId));
    const now = deps.clock.now();
    const [refunded] = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.refunded, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!refunded) throw new Error('refund not recorded');
    const [entry] = await tx
      .insert(orders)
      .values({
        userId: order.userId,
        type: ORDER_TYPE.refund,
        refundOfId: order.id,
        objectType: order.objectType,
        objectId: order.objectId,
        trainingId: order.trainingId,
        enrollmentId: order.enrollmentId,
        transactionId: order.transactionId,
        amount: order.amount,
        status: ORDER_STATUS.refunded,
        paymentMethodId: order.paymentMethodId,
        postalCode: order.postalCode,
        address: order.address,
        customerName: order.customerName,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!entry) throw new Error('refund not recorded');
    await emitOrderRefunded(deps, tx, refunded);
    await audit(tx, deps, actorId, 'order.refund', order.id, {
      amount: order.amount,
      refundOrderId: entry.id,
      gatewayRefund,
    });
    return entry;
  });
}

/** A shop order (paid by card, transfer or on site) the office can still send: complete (3) or being prepared (4). */
function checkShippable(order: OrderRow, from: readonly number[]) {
  if (
    order.objectType !== OBJECT_TYPE.shopOrder ||
    order.type !== ORDER_TYPE.purchase ||
    !from.includes(order.status)
  )
    throw conflict(PAYMENT_MESSAGES.notShippable, 'NOT_SHIPPABLE');
}

/** Office: a paid shop order is being prepared for shipping (3 → 4). */
export async function prepareShipping(deps: Deps, actorId: number, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    checkShippable(order, [ORDER_STATUS.complete]);
    const [updated] = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.shipping, updatedAt: deps.clock.now() })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw notFound();
    await audit(tx, deps, actorId, 'order.prepare-shipping', order.id, { from: order.status });
    return updated;
  });
}

/**
 * Office: a shop order is sent (3 or 4 → 5). The customer is mailed once the change is committed
 * (nothing is sent when the transaction rolls back).
 */
export async function ship(deps: Deps, actorId: number, orderId: number) {
  const { updated, lines } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    checkShippable(order, [ORDER_STATUS.complete, ORDER_STATUS.shipping]);
    const [row] = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.shipped, updatedAt: deps.clock.now() })
      .where(eq(orders.id, order.id))
      .returning();
    if (!row) throw notFound();
    await audit(tx, deps, actorId, 'order.ship', order.id, { from: order.status });
    const lines = await tx
      .select({ name: orderItems.name, quantity: orderItems.quantity, attributes: orderItems.attributes })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { updated: row, lines };
  });
  await mailMember(deps, updated.userId, (reader, site) =>
    shippedMail({ reader, orderId: updated.id, lines, delivery: updated, site }),
  );
  return updated;
}

/** The job payments schedules for a bank transfer's due time (dedupe key `${CANCEL_TRANSFER_JOB}:{order id}`). */
export const CANCEL_TRANSFER_JOB = 'cancel-unpaid-transfer';

/** The job: a bank transfer still unpaid at its due time is cancelled and the user told by mail. */
export function cancelUnpaidTransferJob(deps: Deps): JobHandler {
  return async (tx, payload) => {
    const orderId = Number(payload.orderId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (
      !order ||
      order.status !== ORDER_STATUS.inPayment ||
      order.paymentMethodId !== PAYMENT_METHOD.bankTransfer
    )
      return;
    const now = deps.clock.now();
    if (order.dueAt && order.dueAt.getTime() > now.getTime()) return;
    await tx
      .update(orders)
      .set({ status: ORDER_STATUS.cancelled, updatedAt: now })
      .where(eq(orders.id, order.id));
    return () =>
      mailMember(deps, order.userId, (reader, site) =>
        transferCancelledMail({
          reader,
          orderId: order.id,
          amount: order.amount,
          dueAt: order.dueAt ?? now,
          site,
        }),
      );
  };
}
