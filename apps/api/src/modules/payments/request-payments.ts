import { OBJECT_TYPE, ORDER_STATUS, ORDER_TYPE } from '@mels/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { certificateRequests, legacyCertificates } from '../../db/schema.ts';
import type { Deps } from '../../plugins/deps.ts';
import { onOrderCompleted } from '../orders/index.ts';
import { INSTRUCTOR_AWAITING_PAYMENT, REQUEST_AWAITING_PAYMENT, REQUEST_TYPE } from './payable.ts';

/** Instructor certification request status once paid: the office checks it (spec: 2 processing). */
export const REQUEST_PROCESSING = 2;
/** Renewal request status once paid: the renewal session is in progress (spec: 3). */
export const RENEWAL_IN_PROGRESS = 3;

/**
 * What a paid fee of a certificate request or claim does, in the order's transaction (card, free):
 * an instructor certification request (5) goes to 2 (the office checks it), a renewal (7) to 3
 * (session in progress), a certificate claimed by attendance code (3) becomes the user's. Each is a
 * compare-and-set from the awaiting states, so a second completion (retry, webhook) changes nothing;
 * a code claimed by someone else in between is left as it is (the paid order stays for the office to refund).
 */
export function subscribeRequestPayments(deps: Deps): () => void {
  return onOrderCompleted(deps, async ({ tx, order, deps: d }) => {
    if (order.type !== ORDER_TYPE.purchase || order.status !== ORDER_STATUS.complete) return;
    const now = d.clock.now();
    if (
      (order.objectType === OBJECT_TYPE.instructorRequest || order.objectType === OBJECT_TYPE.renewal) &&
      order.requestId
    ) {
      const renewal = order.objectType === OBJECT_TYPE.renewal;
      await tx
        .update(certificateRequests)
        .set({ status: renewal ? RENEWAL_IN_PROGRESS : REQUEST_PROCESSING, updatedAt: now })
        .where(
          and(
            eq(certificateRequests.id, order.requestId),
            eq(certificateRequests.userId, order.userId),
            eq(certificateRequests.certificateType, renewal ? REQUEST_TYPE.renewal : REQUEST_TYPE.instructor),
            inArray(certificateRequests.status, [
              ...(renewal ? REQUEST_AWAITING_PAYMENT : INSTRUCTOR_AWAITING_PAYMENT),
            ]),
          ),
        );
    } else if (order.objectType === OBJECT_TYPE.certificate && order.legacyCertificateId) {
      await tx
        .update(legacyCertificates)
        .set({ claimedByUserId: order.userId })
        .where(
          and(
            eq(legacyCertificates.id, order.legacyCertificateId),
            isNull(legacyCertificates.claimedByUserId),
          ),
        );
    }
  });
}
