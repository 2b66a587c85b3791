import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { api } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { HostGuard } from './host-guard.tsx';
import { HOST_KEY, useHostI18n } from './host-i18n.ts';

/** /host: a local holding's own sessions (assigned by the office), upcoming first (decision 041). */
export function HostPage() {
  return (
    <HostGuard>
      <HostSessions />
    </HostGuard>
  );
}

function HostSessions() {
  const { h } = useHostI18n();
  const holding = useQuery({
    queryKey: [...HOST_KEY, 'holding'],
    queryFn: ({ signal }) => call(api.host.holding, undefined, { signal }),
  });
  const sessions = useQuery({
    queryKey: [...HOST_KEY, 'trainings'],
    queryFn: ({ signal }) => call(api.host.trainings, { query: { page: 1, limit: 100 } }, { signal }),
  });
  return (
    <Stack gap="md">
      <PageHeading title={h.title} documentTitle={h.title} lead={h.intro} />
      {holding.data ? (
        <Text fw={700} data-user-content data-testid="host-organization">
          {holding.data.organization}
        </Text>
      ) : null}
      <Title order={2} fz="lg">
        {h.sessions}
      </Title>
      {sessions.isPending ? (
        <ListSkeleton count={3} />
      ) : sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <EmptyState>{h.none}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {sessions.data.data.map((s) => (
            <Paper key={s.id} withBorder p="md" data-testid={`host-session-${s.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Anchor component={Link} to={`/host/trainings/${s.id}`} fw={700} data-user-content>
                    {s.name}
                  </Anchor>
                  {s.is_active ? null : (
                    <Badge color="red.9" variant="filled">
                      {h.cancelled}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" data-user-content>
                  {s.course_name}
                </Text>
                <Text size="sm">
                  {h.date}
                  {h.colon}
                  {formatDate(s.event_date)} {s.event_start_time}
                </Text>
                <Text size="sm">
                  {h.venue}
                  {h.colon}
                  <span data-user-content>{s.venue_name}</span>
                </Text>
                <Text size="sm">
                  {h.enrolled}
                  {h.colon}
                  {s.enrolled} / {h.checkedIn}
                  {h.colon}
                  {s.checked_in}
                </Text>
                <Anchor component={Link} to={`/host/trainings/${s.id}`} size="sm">
                  {h.roster}
                </Anchor>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
