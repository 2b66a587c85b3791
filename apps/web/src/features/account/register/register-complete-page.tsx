import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

export function RegisterCompletePage() {
  const { t, f } = useI18n();
  const m = t.account.register;
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  if (!email) return <Navigate to="/" replace />;
  return (
    <Paper maw={640} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder ta="center">
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          ✓
        </ThemeIcon>
        <PageHeading title={m.completeTitle} />
        <Text>{f(m.completeBody, email)}</Text>
        <Text c="dimmed" size="sm">
          {m.completeNext}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/">
            {m.toSearch}
          </Button>
          <Button component={Link} to="/my-page/info" variant="default">
            {m.toMyPage}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
