import { OBJECT_TYPE, ORDER_STATUS, PAYMENT_METHOD, USER_TYPE, ORDER_TYPE } from '@mels/domain';
import type { Deps } from '../../plugins/deps.ts';
import { onOrderCompleted } from '../orders/index.ts';
import { markCourseRegistered, markEnrollmentPaid } from './enrollments.service.ts';

/**
 * The payment hand-off: when an order completes (card, free, transfer confirmed, paid on site), in
 * the same transaction, the enrolment moves on: a session fee 8 → 9 (attending, with an attendance
 * code); a course registration fee records step 1 status 1 on the attendee's enrolment of the session
 * the registration was paid from (created when missing). Anything else is not ours.
 */
export function subscribeToPayments(deps: Deps): () => void {
  return onOrderCompleted(deps, async ({ tx, order, deps: d }) => {
    if (order.type !== ORDER_TYPE.purchase || order.status !== ORDER_STATUS.complete) return;
    const now = d.clock.now();
    const actor = order.paymentMethodId === PAYMENT_METHOD.card ? order.userId : null;
    if (order.objectType === OBJECT_TYPE.sessionFee && order.enrollmentId) {
      await markEnrollmentPaid(tx, order.enrollmentId, actor, now);
    } else if (order.objectType === OBJECT_TYPE.courseRegistration && order.trainingId) {
      await markCourseRegistered(
        tx,
        { trainingId: order.trainingId, userId: order.userId, userTypeId: USER_TYPE.attendee },
        actor ?? order.userId,
        now,
      );
    }
  });
}
