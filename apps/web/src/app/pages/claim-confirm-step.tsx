import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isFreeAmount, OBJECT_TYPE } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useClaimI18n } from '../../features/certificate-claim/claim-messages.ts';
import type { PaymentTarget } from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { ProcessingOutcome } from '../../features/payments/payment-outcome.tsx';
import {
  checkClaim,
  createClaim,
  type ClaimCourse,
  type ClaimedCertificate,
} from '../../features/certificate-claim/api/claim-calls.ts';
import { ClaimCertificateView } from '../../features/certificate-claim/claim-certificate-view.tsx';
import {
  claimBody,
  ClaimErrorPanel,
  ClaimFrame,
  claimPath,
  errorText,
  Fact,
  isClaimState,
  type ClaimState,
} from '../../features/certificate-claim/claim-shared.tsx';

type Phase =
  | { kind: 'confirm' }
  | { kind: 'pay' }
  | { kind: 'processing' }
  | { kind: 'view'; certificate: ClaimedCertificate }
  | { kind: 'error'; message: string };

function Confirmation({
  course,
  state,
  onView,
}: {
  course: ClaimCourse;
  state: ClaimState;
  onView: () => void;
}) {
  const { t, c } = useClaimI18n();
  const m = c.confirm;
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const body = claimBody(course.id, state.kind, state.code, state.email);
  // The check the code step made is shown at once; a minute later (a reload) it is asked again.
  const check = useQuery({
    queryKey: ['certificates', 'claims', 'check', body],
    queryFn: () => checkClaim(body),
    initialData: state.check,
    initialDataUpdatedAt: state.checkedAt,
    staleTime: 60_000,
    retry: false,
  });
  const data = check.data;
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const codePath = claimPath(course.id, state.kind === 'attendance' ? 'input-code' : 'certificate-no');

  const claim = useMutation({
    mutationFn: () => createClaim(body),
    onSuccess: (certificate) => {
      setPhase({ kind: 'view', certificate });
      onView();
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'NG_NOT_PAYMENT') setPhase({ kind: 'pay' });
      else if (error instanceof ApiRequestError && error.code === 'NG_PENDING_PAYMENT')
        setPhase({ kind: 'processing' });
      else setPhase({ kind: 'error', message: errorText(error, t.errors.generic) });
    },
  });

  const free = data.free || isFreeAmount(data.amount);
  const target: PaymentTarget = {
    object_type: OBJECT_TYPE.certificate,
    object_id: course.id,
    ...(state.kind === 'attendance' ? { attendance_code: state.code } : { certificate_code: state.code }),
  };

  if (phase.kind === 'view')
    return <ClaimCertificateView certificate={phase.certificate} holderName={data.holder_name} />;
  if (phase.kind === 'error') return <ClaimErrorPanel message={phase.message} backTo={codePath} />;
  if (phase.kind === 'processing') return <ProcessingOutcome onBack={() => setPhase({ kind: 'pay' })} />;

  const facts = (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0} data-testid="claim-facts">
        <Fact label={t.fields.course}>{data.course.name}</Fact>
        <Fact label={m.holder} testId="claim-holder">
          {data.holder_name}
        </Fact>
        <Fact label={m.participated}>{formatDate(data.participated_date)}</Fact>
        <Fact label={m.fee} testId="claim-fee">
          {free ? m.free : formatYen(data.amount)}
        </Fact>
      </SimpleGrid>
    </Paper>
  );

  if (phase.kind === 'pay')
    return (
      <Stack gap="lg">
        {facts}
        <Stack gap="md" component="section" aria-labelledby="claim-pay-title">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz={20} id="claim-pay-title">
              {m.payTitle}
            </Title>
            <Text fw={700} fz="lg">
              {formatYen(data.amount)}
            </Text>
          </Group>
          <CardPayment
            target={target}
            amount={data.amount}
            defaultEmail={user?.email ?? ''}
            onFree={() => claim.mutate()}
            completeActions={
              <Button onClick={() => claim.mutate()} loading={claim.isPending}>
                {m.showCertificate}
              </Button>
            }
          />
        </Stack>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Text>{m.lead}</Text>
      {facts}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!agreed) {
            setConsentError(t.validation.privacyConsent);
            return;
          }
          setConsentError(null);
          if (data.claimed || free || data.paid) claim.mutate();
          else setPhase({ kind: 'pay' });
        }}
      >
        <Stack gap="md">
          <Checkbox
            label={m.consent}
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
              if (event.currentTarget.checked) setConsentError(null);
            }}
            error={consentError}
            required
          />
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate(codePath)}>
              {t.app.back}
            </Button>
            <Button type="submit" loading={claim.isPending}>
              {c.next}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Without the code step's state (opened directly), back to the code. */
function ConfirmationGuard({ course, onView }: { course: ClaimCourse; onView: () => void }) {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isClaimState(state, course.id)) return <Navigate to={claimPath(course.id, 'input-code')} replace />;
  return <Confirmation course={course} state={state} onView={onView} />;
}

/** /certificate/{courseId}/attendance-code: the record found, the consent, then payment or the certificate. */
export function ConfirmStep() {
  const { c } = useClaimI18n();
  // Once the certificate is shown, the page is the certificate's.
  const [viewing, setViewing] = useState(false);
  return (
    <ClaimFrame title={viewing ? c.certificate.title : c.confirm.title}>
      {(course) => <ConfirmationGuard course={course} onView={() => setViewing(true)} />}
    </ClaimFrame>
  );
}
