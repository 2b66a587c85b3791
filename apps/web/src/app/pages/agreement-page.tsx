import { Alert, Button, Group, List, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { agreementGuard, OBJECT_TYPE, STEP_STATUS } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { checkProductOrderQuery, type PaymentTarget } from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { ProcessingOutcome } from '../../features/payments/payment-outcome.tsx';
import {
  acceptAgreement,
  agreementQuery,
  choosePaymentMethod,
  sessionKeys,
  type AgreementData,
  type SessionKey,
} from '../../features/session/api/session-calls.ts';
import { sessionPath, useSessionKey } from '../../features/session/session-params.ts';
import { useSessionPaymentI18n } from '../../features/session/session-payment-messages.ts';
import {
  BackToSession,
  ConsentForm,
  SessionNotFound,
  SessionSkeleton,
} from '../../features/session/session-shared.tsx';
import classes from '../../features/session/session.module.css';

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
  const { canBuy, messages, codes, amount } = check.data;
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
      {codes.includes('NG_PENDING_PAYMENT') ? (
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

/**
 * The payment methods the session offers, each with what it means (decision 021): card now, a bank
 * transfer within the deadline, or payment at reception. The choice is recorded on the enrolment.
 */
function PaymentMethodChooser({
  data,
  sessionKey,
  onDone,
  onKeep,
}: {
  data: AgreementData;
  sessionKey: SessionKey;
  onDone: () => void;
  onKeep?: () => void;
}) {
  const { t, f, p } = useSessionPaymentI18n();
  const m = p.method;
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string | null>(
    data.payment_method_id === null ? null : String(data.payment_method_id),
  );
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: (method: number) => choosePaymentMethod(sessionKey, method),
    onSuccess: (next) => {
      queryClient.setQueryData(agreementQuery(sessionKey).queryKey, next);
      void queryClient.invalidateQueries({
        queryKey: sessionKeys.all(sessionKey),
        predicate: (query) => query.queryKey[3] !== 'agreement',
      });
      onDone();
    },
  });
  const price = formatYen(data.price);
  const days = data.transfer?.days ?? 7;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payment-method-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz={20} id="payment-method-title">
            {m.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {m.lead}
          </Text>
        </div>
        <Radio.Group
          value={value}
          onChange={(v) => {
            setValue(v);
            setMissing(false);
          }}
          label={m.legend}
          error={missing ? m.required : undefined}
        >
          <Stack gap="sm" mt="xs">
            {data.payments_methods.map(({ payment_method_id: id }) => (
              <Radio.Card key={id} value={String(id)} p="md" radius="sm" className={classes.methodCard}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={700}>{m.names[id]}</Text>
                    <Text size="sm" c="dimmed">
                      {id === 2
                        ? f(m.descriptions[id] ?? '', days, price)
                        : f(m.descriptions[id] ?? '', price)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert">
            {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            loading={mutation.isPending}
            onClick={() => {
              if (value === null) setMissing(true);
              else mutation.mutate(Number(value));
            }}
          >
            {m.submit}
          </Button>
          {onKeep ? (
            <Button variant="default" onClick={onKeep}>
              {m.keep}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The association's account, the amount and the deadline of a bank transfer (route waiting). */
function TransferDetails({ data, sessionKey }: { data: AgreementData; sessionKey: SessionKey }) {
  const { t, f, p } = useSessionPaymentI18n();
  const a = t.session.agreement;
  const m = p.transfer;
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => choosePaymentMethod(sessionKey, 2),
    onSuccess: (next) => {
      queryClient.setQueryData(agreementQuery(sessionKey).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['users', 'orders'] });
    },
  });
  const transfer = data.transfer;
  if (!transfer) return null;
  const account = transfer.account;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="transfer-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz={20} id="transfer-title">
            {m.title}
          </Title>
          <Text size="sm" mt={4}>
            {m.lead}
          </Text>
        </div>
        <dl className={classes.facts} data-testid="transfer-details">
          <div className={classes.fact}>
            <dt>{m.amount}</dt>
            <dd>{formatYen(transfer.amount)}</dd>
          </div>
          <div className={classes.fact}>
            <dt>{m.deadline}</dt>
            <dd>{transfer.due_at ? formatDate(transfer.due_at) : f(m.deadlineNotSet, transfer.days)}</dd>
          </div>
          <div className={classes.fact}>
            <dt>{m.bank}</dt>
            <dd>{account.bank}</dd>
          </div>
          <div className={classes.fact}>
            <dt>{m.branch}</dt>
            <dd>{account.branch}</dd>
          </div>
          <div className={classes.fact}>
            <dt>{m.account}</dt>
            <dd>{`${account.type} ${account.number}`}</dd>
          </div>
          <div className={classes.fact}>
            <dt>{m.holder}</dt>
            <dd>{account.holder}</dd>
          </div>
        </dl>
        <List size="sm" spacing={4}>
          {m.notes.map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List>
        {confirm.isError ? (
          <Alert color="red" variant="light" role="alert">
            {confirm.error instanceof ApiRequestError ? confirm.error.message : t.errors.generic}
          </Alert>
        ) : null}
        {transfer.order_id === null ? (
          <Group>
            <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {m.confirm}
            </Button>
          </Group>
        ) : (
          <Alert color="blue" variant="light" role="status" data-testid="agreement-notice">
            <Text size="sm">{a.waiting}</Text>
            <Text size="sm">{m.mailSent}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function AgreementBody({ data, sessionKey }: { data: AgreementData; sessionKey: SessionKey }) {
  const { t, f, p } = useSessionPaymentI18n();
  const a = t.session.agreement;
  const [changing, setChanging] = useState(false);
  const awaitingPayment = data.step_status === STEP_STATUS.awaitingPayment;
  const choosing = data.route === 'choose' || changing;
  const canChange =
    data.can_choose_payment_method && data.payments_methods.length > 1 && data.route !== 'choose';
  let body: ReactNode;
  if (choosing)
    body = (
      <PaymentMethodChooser
        data={data}
        sessionKey={sessionKey}
        onDone={() => setChanging(false)}
        onKeep={changing ? () => setChanging(false) : undefined}
      />
    );
  else if (awaitingPayment && data.route === 'payment') body = <SessionFeePayment sessionKey={sessionKey} />;
  else if (awaitingPayment && data.route === 'waiting')
    body = <TransferDetails data={data} sessionKey={sessionKey} />;
  else if (data.can_agree)
    body = (
      <>
        {data.payment_method_id === 3 ? (
          <Alert color="blue" variant="light" role="status" data-testid="on-site-notice">
            {f(p.onSite, formatYen(data.price))}
          </Alert>
        ) : null}
        <AgreementForm sessionKey={sessionKey} />
      </>
    );
  else
    body = (
      <Alert color="blue" variant="light" role="status" data-testid="agreement-notice">
        {awaitingPayment ? a.notPaid : a.notAvailable}
      </Alert>
    );
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
      {canChange && !changing && data.payment_method_id !== null ? (
        <Group justify="space-between" gap="sm" data-testid="payment-method-current">
          <Text>{f(p.method.current, p.method.names[data.payment_method_id] ?? '')}</Text>
          <Button variant="default" size="sm" onClick={() => setChanging(true)}>
            {p.method.change}
          </Button>
        </Group>
      ) : null}
      {body}
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
