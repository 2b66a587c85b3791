import { attributePairs, type OrderView, K } from '@mels/domain';
import type { orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderExtras = {
  items: Array<typeof orderItems.$inferSelect>;
  course: { id: number; name: string } | null;
  training: { id: number; name: string; eventDate: string } | null;
  username: string;
};

const statusNames = K.orderStatus as Record<number, string>; // keys: answered in the request's language
const methodNames = K.paymentMethods as Record<number, string>;

export function presentOrder(order: OrderRow, extras: OrderExtras): OrderView {
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    price: order.amount,
    amount: order.amount,
    type: order.type,
    status: order.status,
    status_name: statusNames[order.status] ?? '',
    payment_method_id: order.paymentMethodId,
    payment_method_name: methodNames[order.paymentMethodId] ?? '',
    object_id: order.objectId,
    object_type: order.objectType,
    refund_of_id: order.refundOfId,
    due_at: order.dueAt?.toISOString() ?? null,
    paid_at: order.paidAt?.toISOString() ?? null,
    course: extras.course,
    training: extras.training
      ? { id: extras.training.id, name: extras.training.name, event_date: extras.training.eventDate }
      : null,
    products: extras.items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      attributes: attributePairs(item.attributes),
    })),
    username: extras.username,
    postal_code: order.postalCode,
    address: order.address,
    customer_name: order.customerName,
    phone: order.phone,
  };
}
