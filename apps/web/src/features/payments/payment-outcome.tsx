import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.tsx';

type Tone = 'complete' | 'failed' | 'processing' | 'system' | 'info';
const colors: Record<Tone, string> = {
  complete: 'teal',
  failed: 'red',
  processing: 'yellow',
  system: 'red',
  info: 'blue',
};

/** One outcome of a payment: a heading that takes focus, a message and its buttons. */
export function PaymentOutcome({
  tone,
  title,
  message,
  children,
}: {
  tone: Tone;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={`payment-outcome-${tone}`}>
      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 24 }} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {message ? (
          <Alert
            color={colors[tone]}
            variant="light"
            role={tone === 'failed' || tone === 'system' ? 'alert' : 'status'}
          >
            {message}
          </Alert>
        ) : null}
        {children ? <Group gap="sm">{children}</Group> : null}
      </Stack>
    </Paper>
  );
}

/** Status K: the order is pending at the gateway. Reload, or go back to the payment form. */
export function ProcessingOutcome({ onBack }: { onBack: () => void }) {
  const { t } = useI18n();
  const m = t.payments.outcome;
  return (
    <PaymentOutcome tone="processing" title={m.processingTitle} message={m.processingBody}>
      <Button onClick={() => window.location.reload()}>{m.reload}</Button>
      <Button variant="default" onClick={onBack}>
        {m.backToPayment}
      </Button>
    </PaymentOutcome>
  );
}

/** A system-check error: the message without its marker, and a back button. */
export function SystemErrorOutcome({ message, onBack }: { message: string; onBack: () => void }) {
  const { t } = useI18n();
  const m = t.payments.outcome;
  return (
    <PaymentOutcome tone="system" title={m.systemErrorTitle} message={<Text size="sm">{message}</Text>}>
      <Button variant="default" onClick={onBack}>
        {m.back}
      </Button>
    </PaymentOutcome>
  );
}
