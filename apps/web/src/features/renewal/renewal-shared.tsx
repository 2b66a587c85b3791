import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { RENEWAL_STATUS, type RenewalView } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { renewalQuery } from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';

/** The renewal's routes under /certificate/{courseId}/extend-certificate/basic-instructor/extend/… (spec 001 §2). */
export const renewalPaths = {
  intro: (courseId: number | string, certificateId: number | string) =>
    `/certificate/${courseId}/extend-certificate/basic-instructor/extend/${certificateId}`,
  request: (k: RenewalKey) => `${renewalPaths.intro(k.courseId, k.certificateId)}/${k.requestId}`,
  payment: (k: RenewalKey) => `${renewalPaths.request(k)}/payment`,
  session: (k: RenewalKey) => `${renewalPaths.request(k)}/session`,
  videos: (k: RenewalKey) => `${renewalPaths.request(k)}/session/prevideo`,
  test: (k: RenewalKey) => `${renewalPaths.request(k)}/session/posttest`,
  certificate: (k: RenewalKey) => `${renewalPaths.request(k)}/certificate`,
};

export type RenewalKey = { courseId: number; certificateId: number; requestId: number };

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The route's ids (course, certificate, request), or null when one is not a positive number. */
export function useRenewalKey(): RenewalKey | null {
  const params = useParams();
  const courseId = positive(params.courseId);
  const certificateId = positive(params.certificateId);
  const requestId = positive(params.requestId);
  if (!courseId || !certificateId || !requestId) return null;
  return { courseId, certificateId, requestId };
}

/** The page frame: the h1 (the renewal's title) and the page below it. */
export function RenewalFrame({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const { r } = useRenewalI18n();
  return (
    <Container size="md" py="xl">
      <PageHeading title={r.title} lead={lead} />
      {children}
    </Container>
  );
}

/** A panel with its h2. */
export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
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
  return error instanceof Error ? error.message || fallback : fallback;
}

/** A refusal: the server's message and the way back (spec 001 §8). */
export function RenewalError({
  message,
  backTo = '/my-page/activities',
}: {
  message: string;
  backTo?: string;
}) {
  const { r } = useRenewalI18n();
  return (
    <Panel title={r.error.title} testId="renewal-error">
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to={backTo}>
        {r.back}
      </Anchor>
    </Panel>
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

/** Which pages a status may show: before payment only the payment; the test from 8; the certificate at 4. */
export type RenewalPage = 'payment' | 'session' | 'videos' | 'test' | 'certificate';

function redirectFor(page: RenewalPage, status: number, k: RenewalKey): string | null {
  const paid =
    status === RENEWAL_STATUS.inProgress ||
    status === RENEWAL_STATUS.postTest ||
    status === RENEWAL_STATUS.complete;
  if (page === 'payment') return paid ? renewalPaths.session(k) : null;
  if (!paid) return renewalPaths.payment(k);
  if (page === 'test' && status === RENEWAL_STATUS.inProgress) return renewalPaths.session(k);
  if (page === 'certificate' && status !== RENEWAL_STATUS.complete) return renewalPaths.session(k);
  return null;
}

/**
 * Loads the member's renewal of the route and sends a page the status does not allow to the one it does
 * (spec 001 §4: the session at 3 and 8, the certificate at 4); another member's renewal reads as missing.
 */
export function RenewalGuard({
  page,
  lead,
  children,
}: {
  page: RenewalPage;
  /** The page's lead under the h1 (default: the session's); null for none. */
  lead?: ReactNode | null;
  children: (renewal: RenewalView, key: RenewalKey) => ReactNode;
}) {
  const { r, t } = useRenewalI18n();
  const key = useRenewalKey();
  const query = useQuery({ ...renewalQuery(key?.requestId ?? 0), enabled: key !== null });
  let body: ReactNode;
  if (!key) body = <RenewalError message={t.errors.notFound} />;
  else if (query.isPending) body = <ListSkeleton count={3} height={80} />;
  else if (query.isError)
    body = (
      <RenewalError
        message={
          query.error instanceof ApiRequestError && query.error.status === 404
            ? t.errors.notFound
            : errorText(query.error, t.errors.generic)
        }
      />
    );
  else if (query.data.source_certificate.id !== key.certificateId)
    body = <RenewalError message={t.errors.notFound} />;
  else {
    const to = redirectFor(page, query.data.status, key);
    if (to) return <Navigate to={to} replace />;
    body = children(query.data, key);
  }
  return (
    <RenewalFrame lead={lead === undefined ? r.session.lead : (lead ?? undefined)}>
      <div aria-live="polite" aria-busy={query.isPending}>
        {body}
      </div>
    </RenewalFrame>
  );
}
