import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { agreementGuard, OBJECT_TYPE, PAYMENT_MESSAGES, STEP_STATUS } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-provider.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { checkProductOrderQuery, type PaymentTarget } from '../payments/api/payment-calls.ts';
import { CardPayment } from '../payments/card-payment.tsx';
import { ProcessingOutcome } from '../payments/payment-outcome.tsx';
import {
  acceptAgreement,
  agreementQuery,
  sessionKeys,
  type AgreementData,
  type SessionKey,
} from './api/session-calls.ts';
import { sessionPath, useSessionKey } from './session-params.ts';
import { BackToSession, ConsentForm, SessionNotFound, SessionSkeleton } from './session-shared.tsx';
import classes from './session.module.css';

function AgreementForm({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  const a = t.session.agreement;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => acceptAgreement(sessionKey),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(sessionKey) });
      void navigate(sessionPath(sessionKey, 'ticket'), { replace: true });
    },
  });
  return (
    <ConsentForm
      consent={a.consent}
      required={a.consentRequired}
      submit={a.submit}
      onConfirm={() => mutation.mutate()}
      pending={mutation.isPending}
      failure={mutation.error}
    />
  );
}

/**
 * A card-paying attendee's agreement (status 8, route payment): the consent first, then the session
 * fee (object_type 2) through the card form; the paid fee moves the enrolment to 9 and issues the ticket.
 */
function SessionFeePayment({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  const a = t.session.agreement;
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [proceed, setProceed] = useState(false);
  const target: PaymentTarget = {
    object_type: OBJECT_TYPE.sessionFee,
    object_id: sessionKey.id,
    training_id: sessionKey.id,
  };
  const check = useQuery({ ...checkProductOrderQuery(target), enabled: proceed, staleTime: 0 });
  // The agreement's own data is left as it is, so the completion stays on screen (a refetch would
  // find status 9 and move straight on to the ticket); everything else about the session reloads.
  const done = () => {
    void queryClient.invalidateQueries({
      queryKey: sessionKeys.all(sessionKey),
      predicate: (query) => query.queryKey[3] !== 'agreement',
      refetchType: 'active',
    });
    void queryClient.invalidateQueries({
      queryKey: [...sessionKeys.all(sessionKey), 'agreement'],
      refetchType: 'none',
    });
    void queryClient.invalidateQueries({ queryKey: ['users', 'orders'] });
  };
  const actions = (
    <Group gap="sm">
      <Button component={Link} to={sessionPath(sessionKey, 'ticket')}>
        {a.showTicket}
      </Button>
      <Button component={Link} to={`${sessionPath(sessionKey)}?payment=true`} variant="default">
        {t.payments.courseFee.backToSession}
      </Button>
    </Group>
  );
  if (!proceed)
    return (
      <ConsentForm
        consent={a.consent}
        required={a.consentRequired}
        submit={a.consentThenPay}
        onConfirm={() => setProceed(true)}
      >
        <Text>{a.payLead}</Text>
      </ConsentForm>
    );
  if (check.isError) return <QueryError error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data) return <Skeleton height={320} radius="sm" />;
  const { canBuy, messages, amount } = check.data;
  return (
    <Stack gap="md" component="section" aria-labelledby="session-fee-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz={20} id="session-fee-title">
          {a.payTitle}
        </Title>
        <Text fw={700} fz="lg" data-testid="course-fee">
          {formatYen(amount)}
        </Text>
      </Group>
      {messages.includes(PAYMENT_MESSAGES.processing) ? (
        <ProcessingOutcome onBack={() => void check.refetch()} />
      ) : !canBuy ? (
        <Alert color="red" variant="light" role="alert">
          {messages.join(' ')}
        </Alert>
      ) : (
        <CardPayment
          target={target}
          amount={amount}
          defaultEmail={user?.email ?? ''}
          onComplete={done}
          completeActions={actions}
        />
      )}
    </Stack>
  );
}

function AgreementBody({ data, sessionKey }: { data: AgreementData; sessionKey: SessionKey }) {
  const { t } = useI18n();
  const a = t.session.agreement;
  const awaitingPayment = data.step_status === STEP_STATUS.awaitingPayment;
  const payByCard = awaitingPayment && data.route === 'payment';
  let notice: string | null = null;
  if (awaitingPayment && !payByCard) notice = data.route === 'waiting' ? a.waiting : a.notPaid;
  else if (!awaitingPayment && !data.can_agree) notice = a.notAvailable;
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <PageHeading title={a.title} lead={a.lead} />
      <Text fw={700}>
        {data.training.name}（{formatDate(data.training.event_date)}）
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <ol className={classes.notes}>
          {a.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </Paper>
      {data.training.note ? (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="agreement-note">
          <Title order={2} fz={18} id="agreement-note" mb="sm">
            {a.sessionNote}
          </Title>
          <Text className={classes.prose}>{data.training.note}</Text>
        </Paper>
      ) : null}
      {payByCard ? (
        <SessionFeePayment sessionKey={sessionKey} />
      ) : notice ? (
        <Alert color="blue" variant="light" role="status" data-testid="agreement-notice">
          {notice}
        </Alert>
      ) : (
        <AgreementForm sessionKey={sessionKey} />
      )}
    </Stack>
  );
}

/** /session/{id}/{type_id}/agreement: the notes for attendees and the consent that issues the ticket. */
export function AgreementPage() {
  const { t } = useI18n();
  const key = useSessionKey();
  const query = useQuery({ ...agreementQuery(key ?? { id: 0, typeId: 0 }), enabled: key !== null });
  const title = t.session.agreement.title;
  if (!key) return <SessionNotFound title={title} />;
  if (query.isPending) return <SessionSkeleton title={title} />;
  if (query.isError) {
    // Not applied (404) or refused: the step is not reached yet, so the detail page (§2).
    if (query.error instanceof ApiRequestError && [403, 404, 409].includes(query.error.status))
      return <Navigate to={sessionPath(key)} replace />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const status = query.data.step_status;
  // §2: /agreement → the detail page when the status is above 9; an accepted agreement shows the ticket.
  if (agreementGuard(status) === 'detail') return <Navigate to={sessionPath(key)} replace />;
  if (status === STEP_STATUS.attending) return <Navigate to={sessionPath(key, 'ticket')} replace />;
  if (status < STEP_STATUS.won || status === STEP_STATUS.lost)
    return <Navigate to={sessionPath(key)} replace />;
  return (
    <>
      <AgreementBody data={query.data} sessionKey={key} />
      <BackToSession sessionKey={key} />
    </>
  );
}
