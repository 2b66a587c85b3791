import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTitle } from '../../components/page-title.tsx';
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
