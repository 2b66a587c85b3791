import { Button, Group } from '@mantine/core';
import { stepPageGuard, type SessionDetail, type WorkflowStep } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { sessionDetailQuery, type SessionKey } from './api/session-calls.ts';
import { sessionPath, useSessionKey } from './session-params.ts';
import { SessionNotFound, SessionSkeleton } from './session-shared.tsx';

export type LearningPage = 'prevideo' | 'pretest' | 'posttest' | 'certificate' | 'surveyComplete';

export function learningPath(k: SessionKey, page: LearningPage) {
  return `${sessionPath(k)}/${page}`;
}

/** The course and occupation conditions of the session are met (spec §2 guards). */
function conditionsMet(detail: SessionDetail) {
  return (
    detail.is_student &&
    detail.is_not_pass_occupation.length === 0 &&
    detail.is_not_pass_course_condition.length === 0
  );
}

/**
 * The §2 page guard of a learning step: loads the session detail and sends the user back to the
 * session page when the displayed step is below `step` or a condition is unmet; else renders the page.
 */
export function StepGuard({
  step,
  title,
  children,
}: {
  step: WorkflowStep;
  title: string;
  children: (sessionKey: SessionKey, detail: SessionDetail) => ReactNode;
}) {
  const key = useSessionKey();
  const query = useQuery({ ...sessionDetailQuery(key ?? { id: 0, typeId: 0 }), enabled: key !== null });
  if (!key) return <SessionNotFound title={title} />;
  if (query.isPending) return <SessionSkeleton title={title} />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <SessionNotFound title={title} />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (stepPageGuard(step, query.data.step, conditionsMet(query.data)) === 'detail')
    return <Navigate to={sessionPath(key)} replace />;
  return <>{children(key, query.data)}</>;
}

/** A button back to the session page (the step list). */
export function BackToSessionButton({
  sessionKey,
  variant = 'default',
}: {
  sessionKey: SessionKey;
  variant?: 'default' | 'filled';
}) {
  const { t } = useI18n();
  return (
    <Group>
      <Button component={Link} to={sessionPath(sessionKey)} variant={variant}>
        {t.learning.pages.backToSession}
      </Button>
    </Group>
  );
}

/** A success alert's title dark enough for its light green background (WCAG AA at 14 px bold). */
export const successAlertStyles = { title: { color: '#0b5d45' } };

/** The server's message of a failed call, or the generic one. */
export function errorMessage(error: unknown, generic: string): string {
  return error instanceof ApiRequestError ? error.message : generic;
}
