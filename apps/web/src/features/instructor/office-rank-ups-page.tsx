import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { RankUpRequest } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import cardTable from '../../components/card-table.module.css';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { approveRankUp, officeRankUpsQuery, rejectRankUp } from './api/instructor-calls.ts';
import { useInstructorI18n } from './instructor-messages.ts';
import classes from './instructor.module.css';
import { Rows } from './instructor-tab.tsx';
import { STATUS_BADGE } from './rank-up-section.tsx';

/** The office's review of rank-up requests (decision 030): approve grants the rank; reject needs a reason. */
export function OfficeRankUpsPage() {
  const { m, t } = useInstructorI18n();
  const o = m.office;
  const client = useQueryClient();
  const query = useQuery(officeRankUpsQuery());
  const [rejecting, setRejecting] = useState<RankUpRequest | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = (text: string) => {
    setNotice(text);
    setError(null);
    void client.invalidateQueries({ queryKey: ['office', 'rank-up-requests'] });
  };
  const fail = (e: unknown) => setError(e instanceof ApiRequestError ? e.message : String(e));
  const approve = useMutation({
    mutationFn: approveRankUp,
    onSuccess: () => done(o.approved),
    onError: fail,
  });
  const reject = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => rejectRankUp(id, text),
    onSuccess: () => {
      setRejecting(null);
      done(o.rejected);
    },
    onError: fail,
  });

  let body;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={3} />;
  else if (query.data.length === 0) body = <EmptyState>{o.empty}</EmptyState>;
  else
    body = (
      <Table className={cardTable.table} verticalSpacing="sm" striped data-testid="office-rank-ups">
        <caption className={cardTable.caption}>{o.title}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{o.requested}</Table.Th>
            <Table.Th scope="col">{o.member}</Table.Th>
            <Table.Th scope="col">{o.from}</Table.Th>
            <Table.Th scope="col">{o.to}</Table.Th>
            <Table.Th scope="col">{o.sessionsTaught}</Table.Th>
            <Table.Th scope="col">{o.session}</Table.Th>
            <Table.Th scope="col">{o.status}</Table.Th>
            <Table.Th scope="col">
              <span className={cardTable.caption}>{o.actions}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((r) => (
            <Table.Tr key={r.id} data-testid={`office-rank-up-${r.id}`}>
              <Table.Td data-label={o.requested} className={classes.nowrap}>
                {formatDate(r.created_at)}
              </Table.Td>
              <Table.Td data-label={o.member}>
                <Text fw={700}>{r.user.name}</Text>
                <Text size="xs" c="gray.7">
                  {r.user.email}
                </Text>
              </Table.Td>
              <Table.Td data-label={o.from}>{r.from_rank?.name ?? '—'}</Table.Td>
              <Table.Td data-label={o.to}>{r.to_rank.name}</Table.Td>
              <Table.Td data-label={o.sessionsTaught}>{r.sessions_taught}</Table.Td>
              <Table.Td data-label={o.session}>
                {r.training ? `${r.training.name}（${formatDate(r.training.event_date)}）` : '—'}
              </Table.Td>
              <Table.Td data-label={o.status} className={classes.nowrap}>
                <Badge {...(STATUS_BADGE[r.status] ?? STATUS_BADGE[0])}>
                  {m.rankUp.statuses[String(r.status) as '0' | '1' | '2' | '3']}
                </Badge>
              </Table.Td>
              <Table.Td data-label={o.actions}>
                {(r.status === 0 || r.status === 1) && (
                  <Group gap="xs" wrap="nowrap">
                    {r.status === 1 && (
                      <Button
                        size="xs"
                        onClick={() => approve.mutate(r.id)}
                        loading={approve.isPending && approve.variables === r.id}
                        data-testid={`office-rank-up-approve-${r.id}`}
                      >
                        {o.approve}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        setReason('');
                        setRejecting(r);
                      }}
                      data-testid={`office-rank-up-reject-${r.id}`}
                    >
                      {o.reject}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="md">
      <PageTitle title={o.title} />
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {o.title}
      </Title>
      {notice && (
        <Alert color="teal" variant="light" role="status" data-testid="office-rank-up-notice">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {body}
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={o.reject}
        closeButtonProps={{ 'aria-label': t.app.close }}
        centered
      >
        <Stack gap="md">
          <Textarea
            label={o.reason}
            required
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="office-rank-up-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {m.rankUp.no}
            </Button>
            <Button
              color="red"
              disabled={reason.trim() === ''}
              loading={reject.isPending}
              onClick={() => rejecting && reject.mutate({ id: rejecting.id, text: reason })}
              data-testid="office-rank-up-reject-confirm"
            >
              {o.reject}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
