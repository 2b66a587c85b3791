import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { OBJECT_TYPE, WORKFLOW_STEP, isFreeAmount } from '@mels/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { sessionDetailQuery } from '../../features/session/api/session-calls.ts';
import {
  checkProductOrderQuery,
  trainingQuery,
  type PaymentTarget,
} from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { FreeRegistration } from '../../features/payments/free-registration.tsx';
import { PaymentOutcome, ProcessingOutcome } from '../../features/payments/payment-outcome.tsx';

const positiveInt = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /session/{id}/{typeId}/payment: the course registration fee (object_type 1), or the free registration. */
export function CourseFeePaymentPage() {
  const { t } = useI18n();
  const m = t.payments.courseFee;
  const params = useParams();
  const id = positiveInt(params.id);
  const typeId = positiveInt(params.typeId);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [forceFree, setForceFree] = useState(false);
  const [searchParams] = useSearchParams();
  const retry = searchParams.get('retry') === 'true';
  // §2 guard, once on arrival: the course registration is per member and course (decision 021), so a
  // member whose records already finish step 1 (here or on another session of the course) is sent on
  // to the session page instead of a page with nothing to do. Decided once: a payment made here keeps
  // its completion on screen.
  const [arrival, setArrival] = useState<'checking' | 'stay' | 'leave'>('checking');
  const detail = useQuery({
    ...sessionDetailQuery({ id: id ?? 0, typeId: typeId ?? 0 }),
    enabled: id !== null && typeId !== null && user !== null && arrival === 'checking',
  });
  if (arrival === 'checking' && (retry || detail.isError)) setArrival('stay');
  else if (arrival === 'checking' && detail.data)
    setArrival(
      detail.data.steps.find((v) => v.step === WORKFLOW_STEP.courseRegistration)?.state === 'finished'
        ? 'leave'
        : 'stay',
    );
  const training = useQuery({
    ...trainingQuery(id ?? 0, typeId ?? 0),
    enabled: id !== null && typeId !== null,
  });
  const course = training.data?.course;
  const target: PaymentTarget | null = course
    ? { object_type: OBJECT_TYPE.courseRegistration, object_id: course.id, training_id: id }
    : null;
  const check = useQuery({
    ...checkProductOrderQuery(target ?? { object_type: OBJECT_TYPE.courseRegistration, object_id: 0 }),
    // The signed-in user first: the API client gets its token when the auth provider has mounted.
    enabled: target !== null && user !== null,
    staleTime: 0,
  });

  const sessionPath = `/session/${id ?? ''}/${typeId ?? ''}`;
  const backLink = (
    <Button component={Link} to={`${sessionPath}?payment=true`}>
      {m.backToSession}
    </Button>
  );
  const continueLink = (
    <Button component={Link} to={`${sessionPath}?payment=true`}>
      {m.continueToSession}
    </Button>
  );
  if (arrival === 'leave') return <Navigate to={sessionPath} replace />;
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['users', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['trainings'] });
  };

  let body;
  if (id === null || typeId === null) body = <EmptyState>{t.errors.notFound}</EmptyState>;
  else if (arrival === 'checking') body = <Skeleton height={320} radius="sm" />;
  else if (training.isError)
    body = <QueryError error={training.error} onRetry={() => void training.refetch()} />;
  else if (check.isError) body = <QueryError error={check.error} onRetry={() => void check.refetch()} />;
  else if (!target || !check.data || !training.data) body = <Skeleton height={320} radius="sm" />;
  else {
    const { canBuy, messages, codes, amount } = check.data;
    const free = forceFree || isFreeAmount(amount);
    body = (
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {m.course}
              </Text>
              <Text component="dd" m={0} fw={700}>
                {training.data.course.name}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {m.session}
              </Text>
              <Text component="dd" m={0}>
                <Anchor component={Link} to={sessionPath}>
                  {training.data.name}
                </Anchor>
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {m.fee}
              </Text>
              <Text component="dd" m={0} fw={700} fz="lg" data-testid="course-fee">
                {free ? m.free : formatYen(amount)}
              </Text>
            </div>
          </SimpleGrid>
        </Paper>
        {codes.includes('ALREADY_PAID') ? (
          <PaymentOutcome
            tone="info"
            title={t.payments.outcome.completeTitle}
            message={
              <>
                {t.payments.outcome.alreadyPaid}
                <br />
                {m.registeredForCourse}
              </>
            }
          >
            {continueLink}
          </PaymentOutcome>
        ) : codes.includes('NG_PENDING_PAYMENT') ? (
          <ProcessingOutcome onBack={() => void check.refetch()} />
        ) : !canBuy ? (
          <Alert color="red" variant="light" role="alert">
            {messages.join(' ')}
          </Alert>
        ) : free ? (
          <FreeRegistration target={target} onComplete={done} completeActions={backLink} />
        ) : (
          <CardPayment
            target={target}
            amount={amount}
            defaultEmail={user?.email ?? ''}
            onComplete={done}
            onFree={() => setForceFree(true)}
            completeActions={backLink}
          />
        )}
      </Stack>
    );
  }
  return (
    <>
      <PageHeading title={m.title} documentTitle={m.documentTitle} />
      {body}
    </>
  );
}
