import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BI_PREFIX } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useClaimI18n } from './claim-messages.ts';
import { claimCoursesQuery, type ClaimBody, type ClaimCheck, type ClaimCourse } from './api/claim-calls.ts';

/** The steps of /certificate/{courseId}/{type}; any other type is a missing page. */
export const CLAIM_TYPES = [
  'input-code',
  'attendance-code',
  'certificate-no',
  'forgot-certificate-no',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const isClaimType = (value: string | undefined): value is ClaimType =>
  (CLAIM_TYPES as readonly string[]).includes(value ?? '');

export const claimPath = (courseId: number, type: ClaimType) => `/certificate/${courseId}/${type}`;

/** Which code the claim is made with: 受講コード (input-code) or 認定番号 (certificate-no). */
export type CodeKind = 'attendance' | 'certificate';

/** Only courses with the certificate prefix B or BI can be claimed (the API leaves out the renewal course). */
export const claimableCourses = (courses: ClaimCourse[]) =>
  courses.filter((c) => c.certificate_prefix === 'B' || c.certificate_prefix === BI_PREFIX);

const DASHES = /[‐‑‒–—―−ー－﹣]/g;

/** Full-width letters, digits and dashes typed in a Japanese IME become the code's ASCII form. */
export function normalizeCode(value: string): string {
  return value.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, '').toUpperCase();
}

/** What the code step hands to the confirmation (router state). */
export type ClaimState = {
  kind: CodeKind;
  code: string;
  email?: string;
  check: ClaimCheck;
  checkedAt: number;
};

export function isClaimState(value: unknown, courseId: number): value is ClaimState {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<ClaimState>;
  return (
    (s.kind === 'attendance' || s.kind === 'certificate') &&
    typeof s.code === 'string' &&
    s.code !== '' &&
    typeof s.check === 'object' &&
    s.check !== null &&
    s.check.course?.id === courseId
  );
}

export function claimBody(courseId: number, kind: CodeKind, code: string, email?: string): ClaimBody {
  return {
    course_id: courseId,
    ...(kind === 'attendance' ? { attendance_code: code } : { certificate_code: code }),
    ...(email ? { email } : {}),
  };
}

const positiveInt = (value: string | undefined) => {
  const n = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The course of the URL, among the courses that can be claimed. */
export function useClaimCourse():
  | { status: 'pending' }
  | { status: 'missing' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ok'; course: ClaimCourse } {
  const params = useParams();
  const id = positiveInt(params.courseId);
  const query = useQuery({ ...claimCoursesQuery, enabled: id !== null });
  if (id === null) return { status: 'missing' };
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  const course = claimableCourses(query.data).find((c) => c.id === id);
  return course ? { status: 'ok', course } : { status: 'missing' };
}

/** The page frame of every claim step: heading, and the course's loading, missing or failed state. */
export function ClaimFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: (course: ClaimCourse) => ReactNode;
}) {
  const { t, c } = useClaimI18n();
  const state = useClaimCourse();
  let body: ReactNode;
  if (state.status === 'missing')
    body = (
      <Stack gap="md" align="center">
        <EmptyState>{t.errors.notFound}</EmptyState>
        <BackToStart />
      </Stack>
    );
  else if (state.status === 'pending') body = <Skeleton height={240} radius="sm" />;
  else if (state.status === 'error') body = <QueryError error={state.error} onRetry={state.retry} />;
  else body = children(state.course);
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <PageHeading title={title} lead={lead} documentTitle={`${title}｜${c.title}`} />
      {body}
    </Stack>
  );
}

export function BackToStart() {
  const { c } = useClaimI18n();
  return (
    <Anchor component={Link} to="/certificate">
      {c.backToStart}
    </Anchor>
  );
}

/** The message of a failed call: the server's, or the generic one. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/** A heading that takes focus when it appears (a step's outcome replaced the form). */
export function FocusTitle({ children, id }: { children: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [children]);
  return (
    <Title order={2} fz={{ base: 20, sm: 22 }} ref={ref} tabIndex={-1} id={id}>
      {children}
    </Title>
  );
}

/** The error page of a claim: what went wrong and a way back. */
export function ClaimErrorPanel({ message, backTo }: { message: string; backTo: string }) {
  const { t, c } = useClaimI18n();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="claim-error">
      <Stack gap="md">
        <FocusTitle>{c.errorTitle}</FocusTitle>
        <Alert color="red" variant="light" role="alert">
          {message}
        </Alert>
        <Group gap="sm">
          <Button component={Link} to={backTo} variant="default">
            {t.app.back}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Label / value pairs of a confirmation. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
