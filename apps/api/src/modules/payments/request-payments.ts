import {
  INSTRUCTOR_REQUEST_STATUS,
  OBJECT_TYPE,
  ORDER_STATUS,
  ORDER_TYPE,
  RENEWAL_STATUS,
} from '@mels/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { certificateRequests, legacyCertificates } from '../../db/schema.ts';
import type { Deps } from '../../plugins/deps.ts';
import { onOrderCompleted, onOrderRefunded } from '../orders/index.ts';
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

/** A renewal's statuses once paid and before it is complete: a refund takes it back to awaiting its fee. */
const RENEWAL_PAID_OPEN: readonly number[] = [RENEWAL_STATUS.inProgress, RENEWAL_STATUS.postTest];

/**
 * What a refund of a certificate request's fee undoes (decision 038), in the refund's transaction: an
 * instructor certification request (5) paid and awaiting the office (2) goes back to pledged (1), a renewal
 * (7) in its session (3 or 8) back to created (0), so that the member can pay again or the office close it.
 * Each is a compare-and-set from the paid states: an approved request (3) or a complete renewal (4), whose
 * certificate exists, is left as it is (the office revokes the certificate by hand).
 */
export function subscribeRequestRefunds(deps: Deps): () => void {
  return onOrderRefunded(deps, async ({ tx, order, deps: d }) => {
    if (order.type !== ORDER_TYPE.purchase || !order.requestId) return;
    const renewal = order.objectType === OBJECT_TYPE.renewal;
    if (!renewal && order.objectType !== OBJECT_TYPE.instructorRequest) return;
    await tx
      .update(certificateRequests)
      .set({
        status: renewal ? RENEWAL_STATUS.created : INSTRUCTOR_REQUEST_STATUS.pledged,
        updatedAt: d.clock.now(),
      })
      .where(
        and(
          eq(certificateRequests.id, order.requestId),
          eq(certificateRequests.userId, order.userId),
          eq(certificateRequests.certificateType, renewal ? REQUEST_TYPE.renewal : REQUEST_TYPE.instructor),
          inArray(
            certificateRequests.status,
            renewal ? [...RENEWAL_PAID_OPEN] : [INSTRUCTOR_REQUEST_STATUS.processing],
          ),
        ),
      );
  });
}
