import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useBiI18n } from './bi-messages.ts';

/** The course kinds of /certificate/{courseId}/{type}/basic-instructor/… (spec 001 §2, §9). */
export const BI_KINDS = [
  'enrolled',
  'attendance-code',
  'certificate-no',
  'input-code',
  'extend-certificate',
  'basic-course',
] as const;
export type BiKind = (typeof BI_KINDS)[number];
export const isBiKind = (value: string | undefined): value is BiKind =>
  (BI_KINDS as readonly string[]).includes(value ?? '');

export const biStartPath = (courseId: number | string, kind: string = 'enrolled') =>
  `/certificate/${courseId}/${kind}/basic-instructor/request-certificate`;
export const biRequestPath = (courseId: number | string, requestId: number, kind: string = 'enrolled') =>
  `${biStartPath(courseId, kind)}/${requestId}`;

/** The page frame of every step: the h1 (the request's title) and the step below it. */
export function BiFrame({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const { b } = useBiI18n();
  return (
    <Container size="md" py="xl">
      <PageHeading title={b.title} lead={lead} />
      {children}
    </Container>
  );
}

/** A step's panel with its h2. */
export function StepPanel({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={testId}>
      <Stack gap="md" component="section" aria-label={title}>
        <Title order={2} fz={20}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError || error instanceof Error ? error.message || fallback : fallback;
}

/** Other errors: the message(s) and a way back (spec 001 §8). */
export function BiErrorPanel({
  message,
  backTo = '/my-page/completed',
}: {
  message: string;
  backTo?: string;
}) {
  const { b } = useBiI18n();
  return (
    <StepPanel title={b.error.title} testId="bi-error">
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to={backTo}>
        {b.back}
      </Anchor>
    </StepPanel>
  );
}

export function BackToMyPage() {
  const { b } = useBiI18n();
  return (
    <Button component={Link} to="/my-page/completed" variant="default" style={{ alignSelf: 'flex-start' }}>
      {b.backToMyPage}
    </Button>
  );
}

/** One fact of a definition list. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
