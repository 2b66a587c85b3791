import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { confirmEmailChange } from './api/auth-calls.ts';

/** /email-change/{token}: the link mailed to a new address; opening it completes the change. */
export function EmailChangePage() {
  const { t } = useI18n();
  const m = t.account.myPage;
  const { token = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  // Sent once, even when React runs the effect twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutate(token);
  }, [mutation, token]);

  const next = isLoggedIn ? (
    <Button component={Link} to="/my-page/info">
      {m.toMyPage}
    </Button>
  ) : (
    <Button component={Link} to="/login">
      {t.nav.login}
    </Button>
  );
  return (
    <Paper maw={560} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
      <PageHeading title={m.emailChangeTitle} />
      <Stack gap="md">
        {mutation.isSuccess ? (
          <Alert color="teal" variant="light" role="status" data-testid="email-change-done">
            {m.emailChangeDone}
            <Text size="sm" mt={6} fw={700}>
              {mutation.data.email}
            </Text>
          </Alert>
        ) : mutation.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="email-change-error">
            {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
          </Alert>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{m.emailChanging}</Text>
          </Group>
        )}
        {mutation.isPending ? null : <Group>{next}</Group>}
      </Stack>
    </Paper>
  );
}
