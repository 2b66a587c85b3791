import { ORDER_STATUS, type OrderView } from '@mels/domain';
import type { Order } from './payments.service.ts';

/**
 * check-payment's answer: the order's status and view, and the state the payment pages branch on
 * (complete; K: a card payment still with the gateway; pending: transfer or on-site; failed; none).
 */
export function presentPaymentStatus(order: Order | null, view: OrderView | null) {
  if (!order || !view) return { status: null, status_name: null, state: 'none' as const, order: null };
  const state =
    order.status === ORDER_STATUS.complete
      ? ('complete' as const)
      : order.status === ORDER_STATUS.inPayment
        ? order.paymentIntentId
          ? ('K' as const)
          : ('pending' as const)
        : ('failed' as const);
  return { status: order.status, status_name: view.status_name, state, order: view };
}
