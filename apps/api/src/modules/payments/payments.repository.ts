/**
 * Queries of the one-purchase-one-charge rules (decision 017): the open intent of a purchase, the
 * live order a second charge collides with, and the duplicate charges.
 */
import { OBJECT_TYPE, ORDER_STATUS, ORDER_TYPE, type ObjectType } from '@mels/domain';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { duplicateCharges, orders, payments, transactions, users } from '../../db/schema.ts';

export type Payment = typeof payments.$inferSelect;
export type DuplicateCharge = typeof duplicateCharges.$inferSelect;

/** What one purchase is: the user's object (with its request or legacy certificate), or a shop transaction. */
export type PurchaseSlot = {
  userId: number;
  objectType: ObjectType;
  objectId: number | null;
  /** The request (5, 7) or legacy certificate (3) the purchase is keyed on, else 0. */
  objectKey: number;
  transactionId: number;
};

/** The key of a purchase besides its object: the request (5, 7) or the legacy certificate (3), else 0. */
export function objectKeyOf(
  objectType: ObjectType,
  keys: { requestId?: number | null; legacyCertificateId?: number | null },
): number {
  if (objectType === OBJECT_TYPE.instructorRequest || objectType === OBJECT_TYPE.renewal)
    return keys.requestId ?? 0;
  if (objectType === OBJECT_TYPE.certificate) return keys.legacyCertificateId ?? 0;
  return 0;
}

const slotWhere = (slot: PurchaseSlot) =>
  slot.objectType === OBJECT_TYPE.shopOrder
    ? eq(payments.transactionId, slot.transactionId)
    : and(
        eq(payments.userId, slot.userId),
        eq(payments.objectType, slot.objectType),
        slot.objectId === null ? isNull(payments.objectId) : eq(payments.objectId, slot.objectId),
        eq(payments.objectKey, slot.objectKey),
      );

/** The open intent of a purchase (at most one: payments_open_purchase_uq / payments_open_transaction_uq). */
export async function findOpenPayment(
  db: Executor,
  slot: PurchaseSlot,
): Promise<(Payment & { tKey: string | null }) | null> {
  const [row] = await db
    .select({ payment: payments, tKey: transactions.tKey })
    .from(payments)
    .leftJoin(transactions, eq(transactions.id, payments.transactionId))
    .where(and(eq(payments.open, true), slotWhere(slot)))
    .limit(1);
  return row ? { ...row.payment, tKey: row.tKey } : null;
}

/**
 * Records a new intent as the purchase's open one. Answers null when another request holds the
 * slot already (the partial unique index decides; nothing is read before).
 */
export async function insertOpenPayment(
  db: Executor,
  input: { slot: PurchaseSlot; gateway: string; intentId: string; amount: number; status: string; now: Date },
): Promise<Payment | null> {
  const [row] = await db
    .insert(payments)
    .values({
      transactionId: input.slot.transactionId,
      userId: input.slot.userId,
      objectType: input.slot.objectType,
      objectId: input.slot.objectId,
      objectKey: input.slot.objectKey,
      gateway: input.gateway,
      intentId: input.intentId,
      amount: input.amount,
      status: input.status,
      open: true,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Keeps a closed intent for the record: one that lost the race for the slot (cancelled, never handed
 * out) or a duplicate charge (an open row of it is closed).
 */
export async function insertClosedPayment(
  db: Executor,
  input: { slot: PurchaseSlot; gateway: string; intentId: string; amount: number; status: string; now: Date },
): Promise<void> {
  await db
    .insert(payments)
    .values({
      transactionId: input.slot.transactionId,
      userId: input.slot.userId,
      objectType: input.slot.objectType,
      objectId: input.slot.objectId,
      objectKey: input.slot.objectKey,
      gateway: input.gateway,
      intentId: input.intentId,
      amount: input.amount,
      status: input.status,
      open: false,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: payments.intentId,
      set: { open: false, status: input.status, updatedAt: input.now },
    });
}

/** Closes an intent (paid, cancelled, replaced): the purchase may get a new one. */
export async function closePayment(db: Executor, intentId: string, status: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ open: false, status, updatedAt: now })
    .where(eq(payments.intentId, intentId));
}

/**
 * The live purchase (in payment or complete) a second charge collides with: the one of the same
 * object and key (orders_live_purchase_uq) or, for a shop order, of the same transaction.
 */
export async function findLiveOrder(
  db: Executor,
  slot: PurchaseSlot & { requestId: number | null; legacyCertificateId: number | null },
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.type, ORDER_TYPE.purchase),
        slot.objectType === OBJECT_TYPE.shopOrder
          ? eq(orders.transactionId, slot.transactionId)
          : or(
              eq(orders.transactionId, slot.transactionId),
              and(
                eq(orders.userId, slot.userId),
                eq(orders.objectType, slot.objectType),
                slot.objectId === null ? isNull(orders.objectId) : eq(orders.objectId, slot.objectId),
                sql`coalesce(${orders.requestId}, 0) = ${slot.requestId ?? 0}`,
                sql`coalesce(${orders.legacyCertificateId}, 0) = ${slot.legacyCertificateId ?? 0}`,
                inArray(orders.status, [ORDER_STATUS.inPayment, ORDER_STATUS.complete]),
              ),
            ),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row ?? null;
}

/** Records a second charge once per intent; answers whether this call recorded it. */
export async function insertDuplicateCharge(
  db: Executor,
  input: Omit<
    typeof duplicateCharges.$inferInsert,
    'id' | 'refundStatus' | 'refundId' | 'refundedAt' | 'mailedAt'
  >,
): Promise<boolean> {
  const rows = await db
    .insert(duplicateCharges)
    .values(input)
    .onConflictDoNothing({ target: duplicateCharges.intentId })
    .returning({ id: duplicateCharges.id });
  return rows.length > 0;
}

export async function findDuplicateCharge(db: Executor, intentId: string): Promise<DuplicateCharge | null> {
  const [row] = await db.select().from(duplicateCharges).where(eq(duplicateCharges.intentId, intentId));
  return row ?? null;
}

/** Stores the gateway's refund (unless it already succeeded); answers the row when this call changed it. */
export async function storeRefund(
  db: Executor,
  input: { intentId: string; refundId: string; status: string; now: Date },
): Promise<DuplicateCharge | null> {
  const [row] = await db
    .update(duplicateCharges)
    .set({
      refundId: input.refundId,
      refundStatus: input.status,
      refundedAt: input.status === 'succeeded' ? input.now : null,
      updatedAt: input.now,
    })
    .where(and(eq(duplicateCharges.intentId, input.intentId), ne(duplicateCharges.refundStatus, 'succeeded')))
    .returning();
  return row ?? null;
}

/** Claims the member's mail of a duplicate (once: a conditional UPDATE); null when already claimed. */
export async function claimDuplicateMail(db: Executor, intentId: string, now: Date) {
  const [row] = await db
    .update(duplicateCharges)
    .set({ mailedAt: now, updatedAt: now })
    .where(and(eq(duplicateCharges.intentId, intentId), isNull(duplicateCharges.mailedAt)))
    .returning();
  if (!row) return null;
  const [user] = await db
    .select({
      email: users.email,
      lastName: users.lastName,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  return user ? { charge: row, user } : null;
}

/** GET /office/payments/duplicate-charges: newest first, with the member's name and address. */
export async function listDuplicateCharges(db: Executor, page: number, limit: number) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(duplicateCharges);
  const rows = await db
    .select({
      charge: duplicateCharges,
      fullname: sql<string>`${users.lastName} || ' ' || ${users.firstName}`,
      email: users.email,
    })
    .from(duplicateCharges)
    .innerJoin(users, eq(users.id, duplicateCharges.userId))
    .orderBy(desc(duplicateCharges.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: count?.n ?? 0 };
}
