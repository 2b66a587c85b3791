import { Alert, Anchor, Button, Checkbox, Group, Skeleton, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { SessionKey } from './api/session-calls.ts';
import { sessionPath } from './session-params.ts';

/** 'データが見つかりません' for a session that does not exist (or a malformed URL). */
export function SessionNotFound({ title }: { title?: string }) {
  const { t } = useI18n();
  return (
    <>
      <PageTitle title={title ?? t.session.fallbackTitle} />
      <EmptyState>{t.session.notFound}</EmptyState>
    </>
  );
}

export function SessionSkeleton({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Skeleton height={36} width="60%" />
      <Skeleton height={160} />
      <Skeleton height={280} />
    </Stack>
  );
}

export function BackToSession({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  return (
    <Group className="no-print" mt="xl">
      <Anchor component={Link} to={sessionPath(sessionKey)}>
        ← {t.session.backToSession}
      </Anchor>
    </Group>
  );
}

/**
 * A consent checkbox and its submit button (application, agreement, session fee): without the tick
 * the spec's message shows under the box and nothing is sent; `failure` is the server's refusal.
 */
export function ConsentForm({
  consent,
  required,
  submit,
  onConfirm,
  pending = false,
  failure,
  children,
}: {
  consent: string;
  required: string;
  submit: string;
  onConfirm: () => void;
  pending?: boolean;
  failure?: unknown;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!agreed) {
          setError(required);
          return;
        }
        setError(null);
        onConfirm();
      }}
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure instanceof ApiRequestError ? failure.message : t.errors.generic}
          </Alert>
        ) : null}
        {children}
        <Checkbox
          label={consent}
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.currentTarget.checked);
            if (e.currentTarget.checked) setError(null);
          }}
          error={error}
          required
        />
        <Button type="submit" size="md" loading={pending} fullWidth maw={360}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
