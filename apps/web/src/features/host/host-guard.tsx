import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useHostI18n } from './host-i18n.ts';

/** The host view is for a local holding's account only; anyone else sees a plain refusal. */
export function HostGuard({ children }: { children: ReactNode }) {
  const { t, h } = useHostI18n();
  const { user, isLoadingUser } = useAuth();
  if (!user)
    return isLoadingUser ? (
      <Center py="xl" role="status" aria-label={t.app.loading}>
        <Loader />
      </Center>
    ) : (
      <Refusal
        title={h.forbiddenTitle}
        body={h.forbiddenBody}
        action={{ to: '/login', label: t.nav.login }}
      />
    );
  if (user.role !== 'host') return <Refusal title={h.forbiddenTitle} body={h.forbiddenBody} />;
  return <>{children}</>;
}

function Refusal({
  title,
  body,
  action,
}: {
  title: string;
  body: string;
  action?: { to: string; label: string };
}) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="host-forbidden">
      <PageTitle title={title} />
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={560}>
        {body}
      </Text>
      {action ? (
        <Button component={Link} to={action.to}>
          {action.label}
        </Button>
      ) : null}
    </Stack>
  );
}
