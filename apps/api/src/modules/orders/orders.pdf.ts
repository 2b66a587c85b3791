import { ASSOCIATION_NAME_JA, OBJECT_TYPE, orderNumber, taxSummary } from '@mels/domain';
import { jaDate, renderReceipt } from '../../lib/pdf/receipt.ts';
import type { OrderExtras, OrderRow } from './orders.presenter.ts';

/** The association's address as the receipt prints it (the 特定商取引法 page's). */
export const TOKUSHO_ADDRESS = '〒102-0083 東京都千代田区麹町4-1-5 麹町ビル6階';

export const receiptFileName = (orderId: number) => `receipt_${orderNumber(orderId)}.pdf`;

/** What the receipt says was paid for: the course's registration, the session's fee, the items, or the order. */
function receiptPurpose(order: OrderRow, extras: OrderExtras | undefined): string {
  if (order.objectType === OBJECT_TYPE.courseRegistration && extras?.course)
    return `${extras.course.name} 登録料`;
  if (order.objectType === OBJECT_TYPE.sessionFee && extras?.training)
    return `${extras.training.name} 受講料`;
  if (extras && extras.items.length > 0) {
    const names = extras.items.map((item) =>
      item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name,
    );
    return names.join('、').slice(0, 80);
  }
  return 'お申込み代金';
}

/** The receipt (a qualified invoice) of a paid order, addressed to the name the member typed. */
export async function receiptPdf(input: {
  order: OrderRow;
  extras: OrderExtras | undefined;
  recipient: string;
  registrationNumber: string;
}): Promise<{ fileName: string; pdf: Buffer }> {
  const { order } = input;
  const pdf = await renderReceipt({
    number: orderNumber(order.id),
    recipient: input.recipient,
    amount: order.amount,
    purpose: receiptPurpose(order, input.extras),
    date: jaDate(order.paidAt ?? order.createdAt),
    issuer: {
      name: ASSOCIATION_NAME_JA,
      address: TOKUSHO_ADDRESS,
      registrationNumber: input.registrationNumber,
    },
    // Every fee and item of the portal is at the standard rate, so the order is one line of it.
    taxes: taxSummary([{ amount: order.amount }]),
  });
  return { fileName: receiptFileName(order.id), pdf };
}
