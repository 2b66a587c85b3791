import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { api } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { HostGuard } from './host-guard.tsx';
import { HOST_KEY, useHostI18n } from './host-i18n.ts';
import classes from './host.module.css';

/** /host/trainings/:id: one of the host's sessions, its roster and check-in by ticket code (decision 041). */
export function HostRosterPage() {
  const { id } = useParams();
  const trainingId = Number(id);
  if (!Number.isInteger(trainingId) || trainingId < 1) return <Navigate to="/host" replace />;
  return (
    <HostGuard>
      <HostRoster trainingId={trainingId} />
    </HostGuard>
  );
}

function CheckInForm({ trainingId }: { trainingId: number }) {
  const { t, f, h } = useHostI18n();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const checkIn = useMutation({
    mutationFn: (value: string) =>
      call(api.host.checkIn, { params: { id: trainingId }, body: { code: value } }),
    onSuccess: async () => {
      setCode('');
      await queryClient.invalidateQueries({ queryKey: HOST_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) checkIn.mutate(code.trim());
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} aria-labelledby="host-check-in">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="host-check-in">
            {h.checkInTitle}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={h.codeLabel}
              description={h.checkInHint}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              w={{ base: '100%', sm: 420 }}
              data-testid="host-check-in-code"
            />
            <Button type="submit" loading={checkIn.isPending}>
              {h.checkIn}
            </Button>
          </Group>
          {checkIn.isSuccess ? (
            <Alert color="teal" variant="light" role="status">
              {f(h.checkedInAs, checkIn.data.fullname)}
            </Alert>
          ) : null}
          {checkIn.isError ? (
            <Alert color="red" variant="light" role="alert">
              {checkIn.error instanceof ApiRequestError ? checkIn.error.message : t.errors.generic}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function HostRoster({ trainingId }: { trainingId: number }) {
  const { t, h } = useHostI18n();
  const roster = useQuery({
    queryKey: [...HOST_KEY, 'roster', trainingId],
    queryFn: ({ signal }) => call(api.host.roster, { params: { id: trainingId } }, { signal }),
  });
  if (roster.isPending) return <ListSkeleton count={5} />;
  if (roster.isError) return <QueryError error={roster.error} onRetry={() => void roster.refetch()} />;
  const { training, enrollments } = roster.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/host" size="sm">
        {h.back}
      </Anchor>
      <PageHeading
        title={training.name}
        userContent
        lead={
          <>
            <span data-user-content>{training.course_name}</span> / {formatDate(training.event_date)}
          </>
        }
      />
      <CheckInForm trainingId={training.id} />
      <Title order={2} fz="lg">
        {h.roster}
      </Title>
      {enrollments.length === 0 ? (
        <EmptyState>{h.rosterEmpty}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={h.roster} tabIndex={0}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{h.name}</Table.Th>
                <Table.Th scope="col">{h.type}</Table.Th>
                <Table.Th scope="col">{h.occupation}</Table.Th>
                <Table.Th scope="col">{h.workplace}</Table.Th>
                <Table.Th scope="col">{h.status}</Table.Th>
                <Table.Th scope="col">{h.checkInAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {enrollments.map((e) => (
                <Table.Tr key={e.enrollment_id} data-testid={`host-roster-${e.enrollment_id}`}>
                  <Table.Td>
                    <span data-user-content>{e.fullname}</span>
                    <Text size="xs" c="dimmed" data-user-content>
                      {e.fullname_kana}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {(t.userTypes as Record<number, string>)[e.user_type.id] ?? e.user_type.type}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{e.occupation}</Table.Td>
                  <Table.Td data-user-content>{e.location_work}</Table.Td>
                  <Table.Td className={classes.nowrap}>{e.status_label}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {e.checked_in_at ? formatTime(e.checked_in_at) : h.notCheckedIn}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
