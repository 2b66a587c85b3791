import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { api, LOCAL_HOLDING_STATUS, type OfficeLocalHolding } from '@mels/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { OFFICE_KEY, OFFICE_PAGE_SIZE } from './api/office-calls.ts';
import { useOfficeI18n } from './office-messages.ts';
import {
  ActionNotice,
  ConfirmAction,
  errorMessage,
  formatDateTime,
  OfficePager,
  ReasonAction,
} from './office-shared.tsx';

// Filled, dark shades: white text keeps 4.5:1.
const STATUS_COLORS: Record<number, string> = { 0: 'blue.9', 1: 'teal.9', 2: 'gray.8' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The session-assignment form of an approved holding: a session ID, audited on the server. */
function AssignSession({ holding, onDone }: { holding: OfficeLocalHolding; onDone: (text: string) => void }) {
  const { t, f, o } = useOfficeI18n();
  const m = o.people.holdings;
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useState<number | string>('');
  const assign = useMutation({
    mutationFn: (id: number) =>
      call(api.officeLocalHoldings.assignSession, {
        params: { id },
        body: { local_holding_id: holding.id },
      }),
    onSuccess: async (result) => {
      setSessionId('');
      await queryClient.invalidateQueries({ queryKey: OFFICE_KEY });
      onDone(f(m.assigned, result.training_id));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof sessionId === 'number' && sessionId > 0) assign.mutate(sessionId);
  };
  return (
    <form onSubmit={submit} aria-label={m.assignTitle}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={m.assignSession}
          description={m.assignHint}
          value={sessionId}
          onChange={setSessionId}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={{ base: '100%', xs: 320 }}
          error={assign.isError ? errorMessage(assign.error, t.errors.generic) : undefined}
          data-testid={`assign-session-${holding.id}`}
        />
        <Button type="submit" variant="light" loading={assign.isPending}>
          {m.assign}
        </Button>
      </Group>
    </form>
  );
}

/**
 * /office/local-holdings: the registrations of local organisers (decision 041), awaiting approval first;
 * approve (the host account is made with the registered email and password), reject with a reason that
 * is mailed, and assign sessions to an approved organiser.
 */
export function OfficeLocalHoldingsPage() {
  const { f, o } = useOfficeI18n();
  const m = o.people.holdings;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status =
    statusParam !== null && ['0', '1', '2'].includes(statusParam) ? Number(statusParam) : undefined;
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [approving, setApproving] = useState<OfficeLocalHolding | null>(null);
  const [rejecting, setRejecting] = useState<OfficeLocalHolding | null>(null);

  const holdings = useQuery({
    queryKey: [...OFFICE_KEY, 'local-holdings', status, page],
    queryFn: ({ signal }) =>
      call(
        api.officeLocalHoldings.list,
        { query: { page, limit: OFFICE_PAGE_SIZE, ...(status !== undefined ? { status } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    next.delete('page');
    setParams(next);
  };

  return (
    <Stack gap="md">
      <PageHeading title={m.title} lead={m.intro} />
      <ActionNotice notice={notice} onClose={() => setNotice(null)} />
      <SegmentedControl
        aria-label={o.people.fields.status}
        value={status === undefined ? 'all' : String(status)}
        onChange={setStatus}
        data={[
          { value: 'all', label: m.all },
          ...[0, 1, 2].map((s) => ({ value: String(s), label: o.people.holdingStatuses[s] ?? '' })),
        ]}
        fullWidth
        maw={560}
      />
      {holdings.isPending ? (
        <ListSkeleton count={3} />
      ) : holdings.isError ? (
        <QueryError error={holdings.error} onRetry={() => void holdings.refetch()} />
      ) : holdings.data.data.length === 0 ? (
        <EmptyState>{m.none}</EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {f(m.total, holdings.data.pagination.total)}
          </Text>
          {holdings.data.data.map((h) => (
            <Paper key={h.id} withBorder p="md" data-testid={`holding-${h.id}`}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Title order={2} fz="lg" data-user-content style={{ overflowWrap: 'anywhere' }}>
                    {h.organization}
                  </Title>
                  <Badge color={STATUS_COLORS[h.status] ?? 'gray.8'} variant="filled">
                    {o.people.holdingStatuses[h.status]}
                  </Badge>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                  <Fact label={m.secretariatName}>
                    <span data-user-content>{h.secretariat_name}</span>
                  </Fact>
                  <Fact label={m.email}>
                    <span data-user-content>{h.secretariat_email}</span>
                  </Fact>
                  <Fact label={m.phone}>
                    <span data-user-content>{h.secretariat_phone}</span>
                  </Fact>
                  <Fact label={m.address}>
                    <span data-user-content>{h.secretariat_address}</span>
                  </Fact>
                  <Fact label={m.appliedAt}>{formatDateTime(h.created_at)}</Fact>
                  {h.decided_at ? <Fact label={m.decidedAt}>{formatDateTime(h.decided_at)}</Fact> : null}
                  {h.status === LOCAL_HOLDING_STATUS.approved ? (
                    <Fact label={m.sessions}>{f(m.sessionsCount, h.sessions)}</Fact>
                  ) : null}
                </SimpleGrid>
                {h.decision_reason ? (
                  <Fact label={m.reason}>
                    <span data-user-content style={{ whiteSpace: 'pre-wrap' }}>
                      {h.decision_reason}
                    </span>
                  </Fact>
                ) : null}
                {h.status === LOCAL_HOLDING_STATUS.awaitingApproval ? (
                  <Group gap="sm">
                    <Button onClick={() => setApproving(h)}>{m.approve}</Button>
                    <Button variant="default" c="red.9" onClick={() => setRejecting(h)}>
                      {m.reject}
                    </Button>
                  </Group>
                ) : null}
                {h.status === LOCAL_HOLDING_STATUS.approved ? (
                  <AssignSession holding={h} onDone={(text) => setNotice({ ok: true, text })} />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <OfficePager
        pagination={holdings.data?.pagination}
        onChange={(p) => {
          const next = new URLSearchParams(params);
          next.set('page', String(p));
          setParams(next);
        }}
      />
      <ConfirmAction
        opened={approving !== null}
        title={m.approve}
        confirmLabel={m.approve}
        action={() => call(api.officeLocalHoldings.approve, { params: { id: approving?.id ?? 0 } })}
        onDone={() => {
          setApproving(null);
          setNotice({ ok: true, text: m.approved });
        }}
        onClose={() => setApproving(null)}
      >
        {f(m.approveConfirm, approving?.organization ?? '')}
      </ConfirmAction>
      <ReasonAction
        opened={rejecting !== null}
        title={m.rejectTitle}
        confirmLabel={m.reject}
        body={rejecting?.organization ?? ''}
        reasonLabel={o.people.fields.reason}
        reasonHint={m.rejectHint}
        testId="holding-reject-reason"
        action={(reason) =>
          call(api.officeLocalHoldings.reject, { params: { id: rejecting?.id ?? 0 }, body: { reason } })
        }
        onDone={() => {
          setRejecting(null);
          setNotice({ ok: true, text: m.rejected });
        }}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}
