import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { createFreeOrder, type PaymentTarget } from './api/payment-calls.ts';
import { paymentFailure } from './payment-errors.ts';
import { PaymentOutcome, SystemErrorOutcome } from './payment-outcome.tsx';

/** The free path (under 50 yen, or a BI course): a button that records the free order. */
export function FreeRegistration({
  target,
  onComplete,
  completeActions,
}: {
  target: PaymentTarget;
  onComplete?: () => void;
  completeActions?: ReactNode;
}) {
  const { t } = useI18n();
  const m = t.payments.outcome;
  const mutation = useMutation({
    mutationFn: () => createFreeOrder(target),
    onSuccess: () => onComplete?.(),
  });
  if (mutation.isSuccess)
    return (
      <PaymentOutcome tone="complete" title={m.freeCompleteTitle} message={m.freeCompleteBody}>
        {completeActions}
      </PaymentOutcome>
    );
  const failure = mutation.isError ? paymentFailure(mutation.error, t.errors.generic) : null;
  if (failure?.systemError)
    return <SystemErrorOutcome message={failure.message} onBack={() => mutation.reset()} />;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          {m.freeTitle}
        </Title>
        <Text>{m.freeBody}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
        ) : null}
        <Button
          onClick={() => mutation.mutate()}
          loading={mutation.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {m.freeSubmit}
        </Button>
      </Stack>
    </Paper>
  );
}
