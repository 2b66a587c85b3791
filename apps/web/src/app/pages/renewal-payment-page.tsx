import { Button, Stack, Text } from '@mantine/core';
import { isFreeAmount, OBJECT_TYPE, type RenewalView } from '@mels/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatYen } from '../../lib/format.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import type { PaymentTarget } from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { FreeRegistration } from '../../features/payments/free-registration.tsx';
import { renewalKeys } from '../../features/renewal/api/renewal-calls.ts';
import { useRenewalI18n } from '../../features/renewal/renewal-messages.ts';
import {
  Fact,
  Panel,
  RenewalGuard,
  renewalPaths,
  type RenewalKey,
} from '../../features/renewal/renewal-shared.tsx';

/**
 * The renewal course's fee (object type 7) through the existing gateway: the card payment at 50 yen or
 * more, else the free completion page; the cost is shown only when the price is not 0 (spec 001 §4, §9).
 */
function RenewalPayment({ renewal, k }: { renewal: RenewalView; k: RenewalKey }) {
  const { r } = useRenewalI18n();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target: PaymentTarget = {
    object_type: OBJECT_TYPE.renewal,
    object_id: renewal.course.id,
    request_id: renewal.id,
  };
  const toSession = async () => {
    await queryClient.invalidateQueries({ queryKey: renewalKeys.all(renewal.id) });
    void navigate(renewalPaths.session(k));
  };
  const next = (
    <Button onClick={() => void toSession()} data-testid="renewal-continue">
      {r.payment.continue}
    </Button>
  );
  return (
    <Stack gap="lg">
      <Panel title={r.payment.title} testId="renewal-payment">
        <dl style={{ display: 'grid', gap: 8, margin: 0 }}>
          <Fact label={r.payment.course}>
            <span data-user-content>{renewal.course.name}</span>
          </Fact>
          {renewal.fee !== 0 ? (
            <Fact label={r.payment.fee} testId="renewal-fee">
              {formatYen(renewal.fee)}
            </Fact>
          ) : null}
        </dl>
        {isFreeAmount(renewal.fee) ? <Text size="sm">{r.payment.free}</Text> : null}
      </Panel>
      {isFreeAmount(renewal.fee) ? (
        <FreeRegistration target={target} completeActions={next} />
      ) : (
        <CardPayment
          target={target}
          amount={renewal.fee}
          defaultEmail={user?.email ?? ''}
          onFree={() => void toSession()}
          completeActions={next}
        />
      )}
    </Stack>
  );
}

/** …/extend/{certificateId}/{requestId}/payment */
export function RenewalPaymentPage() {
  const { r } = useRenewalI18n();
  return (
    <RenewalGuard page="payment" lead={r.payment.lead}>
      {(renewal, k) => <RenewalPayment renewal={renewal} k={k} />}
    </RenewalGuard>
  );
}
