import { K, mayRefund, message, type OfficeRole } from '@mels/domain';
import { forbidden } from '../../lib/errors.ts';
import type { Deps } from '../../plugins/deps.ts';
import { findOrderAmount } from './orders.repository.ts';

/**
 * Office staff refund up to config.officeStaffRefundLimit yen; above it only an admin (decision 041).
 * Checked before the refund's own checks: the amount of an order does not change once it is paid. An
 * unknown order passes here and is answered 404 by the refund itself.
 */
export async function assertRefundAllowed(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { orderId: number; officeRole: OfficeRole | null },
) {
  const amount = await findOrderAmount(deps.db, input.orderId);
  if (amount === undefined) return;
  const staffLimit = deps.config.officeStaffRefundLimit;
  if (!mayRefund({ officeRole: input.officeRole, amount, staffLimit }))
    throw forbidden(
      message(K.office.people.errors.refundAboveLimit, staffLimit.toLocaleString('en-US')),
      'REFUND_ABOVE_STAFF_LIMIT',
    );
}
