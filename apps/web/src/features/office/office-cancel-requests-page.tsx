import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { CANCEL_REQUEST_STATUS, type OfficeCancelRequest } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useOfficeI18n } from './office-messages.ts';
import { approveCancel, cancelRequestsQuery, rejectCancel, type CancelOutcome } from './api/office-calls.ts';
import { ActionNotice, ConfirmAction, OfficePager, Tag, formatDateTime } from './office-shared.tsx';

/** /office/cancel-requests: requests awaiting the office (and those decided), approve or reject. */
export function OfficeCancelRequestsPage() {
  const { f, o, t } = useOfficeI18n();
  const m = o.cancel;
  const [params, setParams] = useSearchParams();
  const status = [0, 1, 2].includes(Number(params.get('status'))) ? Number(params.get('status')) : 0;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(cancelRequestsQuery(status, page));
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'reject'; request: OfficeCancelRequest } | null>(
    null,
  );
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const approvedText = (outcome: CancelOutcome) => {
    const parts = [m.approved];
    if (outcome.refund?.refund_order_id) parts[0] = m.approvedRefunded;
    if (outcome.refund?.message) parts[0] = f(m.approvedRefundFailed, outcome.refund.message);
    if (outcome.offered_enrollment_id) parts.push(m.approvedOffered);
    return { ok: !outcome.refund?.message, text: parts.join(' ') };
  };
  const rows = query.data?.data ?? [];
  const request = dialog?.request;
  return (
    <>
      <PageHeading title={m.title} lead={m.lead} />
      <SegmentedControl
        mb="md"
        value={String(status)}
        onChange={(value) => {
          setNotice(null);
          setParams(value === '0' ? {} : { status: value });
        }}
        data={[0, 1, 2].map((s) => ({ value: String(s), label: m.tabs[s] ?? '' }))}
        aria-label={m.title}
      />
      <ActionNotice notice={notice} onClose={() => setNotice(null)} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <ListSkeleton count={3} height={120} /> : null}
      {query.data && rows.length === 0 ? <EmptyState>{m.empty}</EmptyState> : null}
      <Stack gap="sm">
        {rows.map((r) => (
          <Card key={r.id} withBorder radius="md" padding="md" data-testid="cancel-request">
            <Group justify="space-between" align="flex-start" gap="sm">
              <div>
                <Text fw={700} data-user-content>
                  {r.fullname}
                </Text>
                <Text size="xs" c="dimmed">
                  <span data-user-content>{r.fullname_kana}</span>
                  {t.app.separator}
                  <span data-user-content>{r.email}</span>
                </Text>
              </div>
              <Tag
                color={
                  r.status === CANCEL_REQUEST_STATUS.awaitingApproval
                    ? 'orange'
                    : r.status === CANCEL_REQUEST_STATUS.approved
                      ? 'teal'
                      : 'gray'
                }
              >
                {m.tabs[r.status]}
              </Tag>
            </Group>
            <Stack gap={2} mt="sm">
              <Text size="sm">
                {m.session}
                {t.app.colon}
                <Anchor
                  component={Link}
                  to={`/office/trainings/${r.training.id}`}
                  size="sm"
                  data-user-content
                >
                  {r.training.name}
                </Anchor>
                {f(
                  t.app.parenthesized,
                  `${formatDate(r.training.event_date)}${t.app.separator}${(t.userTypes as Record<number, string>)[r.user_type.id] ?? r.user_type.type}`,
                )}
              </Text>
              <Text size="sm">
                {m.currentStatus}
                {t.app.colon}
                {o.statuses[r.enrollment_status]}
                {r.paid_order ? `${t.app.separator}${f(m.paid, formatYen(r.paid_order.amount))}` : ''}
              </Text>
              <Text size="sm">
                {m.requestedAt}
                {t.app.colon}
                {formatDateTime(r.created_at)}
              </Text>
              <Text size="sm">
                {m.reason}
                {t.app.colon}
                {r.reason?.trim() ? <span data-user-content>{r.reason}</span> : m.noReason}
              </Text>
            </Stack>
            {r.status === CANCEL_REQUEST_STATUS.awaitingApproval ? (
              <Group gap="sm" mt="md">
                <Button onClick={() => setDialog({ kind: 'approve', request: r })}>{m.approve}</Button>
                <Button variant="default" onClick={() => setDialog({ kind: 'reject', request: r })}>
                  {m.reject}
                </Button>
              </Group>
            ) : null}
          </Card>
        ))}
      </Stack>
      <OfficePager
        pagination={query.data?.pagination}
        onChange={(next) => setParams({ ...(status ? { status: String(status) } : {}), page: String(next) })}
      />
      <ConfirmAction
        opened={dialog?.kind === 'approve'}
        title={m.approveTitle}
        confirmLabel={m.approve}
        action={() => approveCancel(request?.id ?? 0)}
        onDone={(outcome) => {
          setDialog(null);
          setNotice(approvedText(outcome));
        }}
        onClose={() => setDialog(null)}
      >
        <Text size="sm">{f(m.approveBody, request?.fullname ?? '', request?.training.name ?? '')}</Text>
        <Text size="sm" component="ul" pl="md" m={0}>
          <li>{request?.holds_place ? m.consequencePlace : m.consequenceNoPlace}</li>
          <li>
            {request?.paid_order
              ? f(m.consequenceRefund, formatYen(request.paid_order.amount))
              : m.consequenceNoRefund}
          </li>
        </Text>
      </ConfirmAction>
      <ConfirmAction
        opened={dialog?.kind === 'reject'}
        title={m.rejectTitle}
        confirmLabel={m.reject}
        color="gray.7"
        action={() => rejectCancel(request?.id ?? 0)}
        onDone={() => {
          setDialog(null);
          setNotice({ ok: true, text: m.rejected });
        }}
        onClose={() => setDialog(null)}
      >
        {f(m.rejectBody, request?.fullname ?? '')}
      </ConfirmAction>
    </>
  );
}
