import { Button } from '@mantine/core';
import { isFreeAmount, OBJECT_TYPE } from '@mels/domain';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import type { PaymentTarget } from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { FreeRegistration } from '../../features/payments/free-registration.tsx';
import { useBiI18n } from '../../features/instructor-request/bi-messages.ts';
import { BiRequestStepsPage, type BiPaymentProps } from '../../features/instructor-request/request-steps.tsx';

/**
 * The fee of a BI certification request (object type 5): the card payment through the existing gateway
 * at 50 yen or more, else the free completion page whose button records the free order (spec 001 §4, §9).
 * Once paid, the request is sent again (onPaid).
 */
function BiPayment({ requestId, courseId, amount, onPaid }: BiPaymentProps) {
  const { b } = useBiI18n();
  const { user } = useAuth();
  const target: PaymentTarget = {
    object_type: OBJECT_TYPE.instructorRequest,
    object_id: courseId,
    request_id: requestId,
  };
  const next = (
    <Button onClick={onPaid} data-testid="bi-continue">
      {b.payment.continue}
    </Button>
  );
  if (isFreeAmount(amount)) return <FreeRegistration target={target} completeActions={next} />;
  return (
    <CardPayment
      target={target}
      amount={amount}
      defaultEmail={user?.email ?? ''}
      onFree={onPaid}
      completeActions={next}
    />
  );
}

/** /certificate/{courseId}/{type}/basic-instructor/request-certificate/{requestId}: the steps, with the fee. */
export function BiRequestPage() {
  return <BiRequestStepsPage Payment={BiPayment} />;
}
