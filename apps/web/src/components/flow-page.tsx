import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from './page-heading.tsx';

/**
 * The pieces of a member's step-by-step flow (the basic-instructor request, the renewal): the page
 * frame, a panel per step, a refusal with its way back, and a fact of a definition list.
 */

/** The page frame: the h1 (the flow's title) and the page below it. */
export function FlowFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="md" py="xl">
      <PageHeading title={title} lead={lead} />
      {children}
    </Container>
  );
}

/** A step's panel with its h2. */
export function FlowPanel({
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

/** A refusal: the message in an alert under the panel's h2, and a link back (spec 001 §8). */
export function FlowError(props: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <FlowPanel title={props.title} testId={props.testId}>
      <Alert color="red" variant="light" role="alert">
        {props.message}
      </Alert>
      <Anchor component={Link} to={props.backTo}>
        {props.backLabel}
      </Anchor>
    </FlowPanel>
  );
}

/** An error's message (the server's, by key), or the fallback when it has none. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message || fallback : fallback;
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
