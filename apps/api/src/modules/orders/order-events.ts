import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import type { Deps } from '../../plugins/deps.ts';

export type CompletedOrder = typeof orders.$inferSelect;

/**
 * Told when an order becomes complete (status 3: paid by card, free, transfer confirmed, paid on
 * site). It runs INSIDE the database transaction that completes the order, with that transaction,
 * so what it records (the enrolment's next step) commits or rolls back with the payment record.
 * A listener that throws rolls the order back: the payment stays in the gateway and check-payment
 * or the webhook completes it later.
 */
export type OrderCompletedListener = (event: { tx: Tx; order: CompletedOrder; deps: Deps }) => Promise<void>;

const registry = new WeakMap<object, Set<OrderCompletedListener>>();

/**
 * Subscribes to completed orders of one app (its deps object: `app.deps`). Returns the unsubscribe
 * function. Object types: 1 course registration, 2 session fee, 4 shop … (OBJECT_TYPE).
 */
export function onOrderCompleted(deps: Deps, listener: OrderCompletedListener): () => void {
  let set = registry.get(deps);
  if (!set) {
    set = new Set();
    registry.set(deps, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export async function emitOrderCompleted(deps: Deps, tx: Tx, order: CompletedOrder): Promise<void> {
  for (const listener of registry.get(deps) ?? []) await listener({ tx, order, deps });
}

/** The paid order a refund returned (status 2 now), with the refund entry's id. */
export type RefundedOrder = typeof orders.$inferSelect;

/**
 * Told when the office refunds an order (decision 038), INSIDE the refund's transaction: what a listener
 * undoes (a request paid for goes back to awaiting its fee) commits or rolls back with the refund record.
 */
export type OrderRefundedListener = (event: { tx: Tx; order: RefundedOrder; deps: Deps }) => Promise<void>;

const refundRegistry = new WeakMap<object, Set<OrderRefundedListener>>();

/** Subscribes to refunded orders of one app (its deps object). Returns the unsubscribe function. */
export function onOrderRefunded(deps: Deps, listener: OrderRefundedListener): () => void {
  let set = refundRegistry.get(deps);
  if (!set) {
    set = new Set();
    refundRegistry.set(deps, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export async function emitOrderRefunded(deps: Deps, tx: Tx, order: RefundedOrder): Promise<void> {
  for (const listener of refundRegistry.get(deps) ?? []) await listener({ tx, order, deps });
}
