import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  CANCEL_REQUEST_STATUS,
  STEP_STATUS,
  USER_TYPE,
  type OfficeRosterRow,
  type OfficeTrainingDetail,
} from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useOfficeI18n } from './office-messages.ts';
import {
  approveAssistant,
  downloadRosterCsv,
  rejectAssistant,
  revokeCertificate,
  rosterQuery,
  trainingQuery,
  undoCheckIn,
} from './api/office-calls.ts';
import { LotteryPanel } from './lottery-panel.tsx';
import { UserContent } from '../../lib/user-content.tsx';
import {
  ActionNotice,
  ConfirmAction,
  ReasonAction,
  TableScroll,
  Tag,
  errorMessage,
  formatDateTime,
} from './office-shared.tsx';
import classes from './office.module.css';
import { TrailDrawer } from './trail-drawer.tsx';

type Recruitment = OfficeTrainingDetail['recruitments'][number];

function RecruitmentCard({ trainingId, r }: { trainingId: number; r: Recruitment }) {
  const { f, o, t } = useOfficeI18n();
  const m = o.training;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`recruitment-${r.user_type_id}`}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="lg">
          {(t.userTypes as Record<number, string>)[r.user_type_id] ?? r.user_type_name}
        </Title>
        <Group gap={6}>
          <Tag color={r.selection === 'lottery' ? 'grape' : 'blue'}>{m.selection[r.selection]}</Tag>
          <Tag variant="outline" color={r.window_closed ? 'gray' : 'teal'}>
            {r.window_closed ? m.windowClosed : m.windowOpen}
          </Tag>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <div>
          <Text size="xs" c="dimmed">
            {m.capacity}
          </Text>
          <Text fw={700}>{r.capacity}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {m.participant}
          </Text>
          <Text fw={700}>{r.participant}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {m.applicants}
          </Text>
          <Text fw={700}>{r.applicants}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {m.price}
          </Text>
          <Text fw={700}>{r.price > 0 ? formatYen(r.price) : m.free}</Text>
        </div>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mb="sm">
        {m.window}: {formatDateTime(r.apply_start_date)}
        {t.app.range}
        {formatDateTime(r.apply_end_date)}
      </Text>
      {r.status_counts.length > 0 ? (
        <Group gap={6} mb={r.selection === 'lottery' ? 'md' : 0}>
          {r.status_counts.map((c) => (
            <Badge key={c.key} variant="default" size="lg" fw={500}>
              {c.label} {f(o.dashboard.count, c.count)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mb={r.selection === 'lottery' ? 'md' : 0}>
          {m.noApplicants}
        </Text>
      )}
      {r.selection === 'lottery' ? <LotteryPanel trainingId={trainingId} recruitment={r} /> : null}
    </Card>
  );
}

function RosterTable({
  rows,
  onHistory,
  onApprove,
  onReject,
  onUndoCheckIn,
  onRevoke,
}: {
  rows: OfficeRosterRow[];
  onHistory: (row: OfficeRosterRow) => void;
  onApprove: (row: OfficeRosterRow) => void;
  onUndoCheckIn: (row: OfficeRosterRow) => void;
  onReject: (row: OfficeRosterRow) => void;
  onRevoke: (row: OfficeRosterRow) => void;
}) {
  const { t, o } = useOfficeI18n();
  const m = o.training;
  const c = m.columns;
  return (
    <TableScroll label={m.roster}>
      <Table verticalSpacing="xs" fz="sm" striped data-testid="roster-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{c.name}</Table.Th>
            <Table.Th scope="col">{c.occupation}</Table.Th>
            <Table.Th scope="col">{c.userType}</Table.Th>
            <Table.Th scope="col">{c.status}</Table.Th>
            <Table.Th scope="col">{c.payment}</Table.Th>
            <Table.Th scope="col">{c.checkedIn}</Table.Th>
            <Table.Th scope="col">{c.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const awaitingApproval =
              row.user_type.id === USER_TYPE.assistant &&
              !row.assistant_approved &&
              row.status === STEP_STATUS.applying;
            return (
              <Table.Tr key={row.enrollment_id} data-testid="roster-row">
                <Table.Td data-user-content>
                  <Text size="sm" fw={600} className={classes.nowrap}>
                    {row.fullname}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.nowrap}>
                    {row.fullname_kana}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.nowrap}>{row.occupation}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  {(t.userTypes as Record<number, string>)[row.user_type.id] ?? row.user_type.type}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" className={classes.nowrap}>
                    {row.status_label}
                  </Text>
                  {row.cancel_request_status === CANCEL_REQUEST_STATUS.awaitingApproval ? (
                    <Tag size="xs" color="orange">
                      {m.cancelRequested}
                    </Tag>
                  ) : null}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {row.payment ? (
                    <>
                      <Text size="sm">{row.payment.status_name}</Text>
                      <Text size="xs" c="dimmed">
                        {row.payment.method_name}
                        {t.app.separator}
                        {formatYen(row.payment.amount)}
                      </Text>
                    </>
                  ) : row.payment_method_id ? (
                    // The member's choice before any order (card not paid yet): decision 021.
                    `${m.noPayment}（${t.paymentMethods[row.payment_method_id as 1 | 2 | 3] ?? ''}）`
                  ) : (
                    m.noPayment
                  )}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {row.checked_in_at ? formatDateTime(row.checked_in_at) : m.notCheckedIn}
                  {row.certificate?.revoked ? (
                    <Tag size="xs" color="gray">
                      {m.certificateRevoked}
                    </Tag>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onHistory(row)}
                      aria-label={`${m.history}（${row.fullname}）`}
                    >
                      {m.history}
                    </Button>
                    {awaitingApproval ? (
                      <Button
                        size="xs"
                        onClick={() => onApprove(row)}
                        aria-label={`${m.approve}（${row.fullname}）`}
                      >
                        {m.approve}
                      </Button>
                    ) : null}
                    {awaitingApproval ? (
                      <Button
                        size="xs"
                        variant="default"
                        c="red.9"
                        onClick={() => onReject(row)}
                        aria-label={`${m.reject}（${row.fullname}）`}
                      >
                        {m.reject}
                      </Button>
                    ) : null}
                    {row.checked_in_at ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onUndoCheckIn(row)}
                        aria-label={`${m.undoCheckIn}（${row.fullname}）`}
                      >
                        {m.undoCheckIn}
                      </Button>
                    ) : null}
                    {row.certificate && !row.certificate.revoked ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        c="red.9"
                        onClick={() => onRevoke(row)}
                        aria-label={`${m.revoke}（${row.fullname}）`}
                      >
                        {m.revoke}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** /office/trainings/:id: one session with its recruitments, draws, roster and CSV. */
export function OfficeTrainingPage() {
  const { t, f, o } = useOfficeI18n();
  const m = o.training;
  const id = Number(useParams().id);
  const training = useQuery({ ...trainingQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const roster = useQuery({ ...rosterQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const [trail, setTrail] = useState<OfficeRosterRow | null>(null);
  const [approving, setApproving] = useState<OfficeRosterRow | null>(null);
  const [rejecting, setRejecting] = useState<OfficeRosterRow | null>(null);
  const [undoing, setUndoing] = useState<OfficeRosterRow | null>(null);
  const [revoking, setRevoking] = useState<OfficeRosterRow | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const csv = useMutation({
    mutationFn: () => downloadRosterCsv(id),
    onSuccess: () => setNotice({ ok: true, text: m.csvDone }),
    onError: (error) => setNotice({ ok: false, text: errorMessage(error, t.errors.generic) }),
  });

  if (training.isError) return <QueryError error={training.error} onRetry={() => void training.refetch()} />;
  const data = training.data;
  return (
    <>
      <Anchor component={Link} to="/office/trainings" size="sm" mb="xs" display="inline-block">
        ← {m.back}
      </Anchor>
      {data ? (
        <PageHeading
          title={data.name}
          userContent
          lead={
            <>
              {`${formatDate(data.event_date)} ${data.event_start_time}${t.app.range}${data.event_end_time}`}
              {t.app.separator}
              <UserContent>{data.venue_name}</UserContent>
              {t.app.separator}
              <UserContent>{data.course.name}</UserContent>
            </>
          }
        />
      ) : (
        <ListSkeleton count={3} />
      )}
      <ActionNotice notice={notice} onClose={() => setNotice(null)} />
      {data ? (
        <Stack gap="md" mb="xl">
          <Title order={2} fz="xl">
            {m.recruitments}
          </Title>
          {data.recruitments.map((r) => (
            <RecruitmentCard key={r.user_type_id} trainingId={data.id} r={r} />
          ))}
        </Stack>
      ) : null}
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} fz="xl">
          {m.roster}
        </Title>
        <Button variant="light" onClick={() => csv.mutate()} loading={csv.isPending} data-testid="roster-csv">
          {m.csv}
        </Button>
      </Group>
      {roster.isError ? <QueryError error={roster.error} onRetry={() => void roster.refetch()} /> : null}
      {roster.isPending ? <ListSkeleton count={5} height={40} /> : null}
      {roster.data && roster.data.enrollments.length === 0 ? <EmptyState>{m.rosterEmpty}</EmptyState> : null}
      {roster.data && roster.data.enrollments.length > 0 ? (
        <RosterTable
          rows={roster.data.enrollments}
          onHistory={setTrail}
          onApprove={setApproving}
          onReject={setRejecting}
          onUndoCheckIn={setUndoing}
          onRevoke={setRevoking}
        />
      ) : null}
      <TrailDrawer
        target={
          trail ? { enrollmentId: trail.enrollment_id, userId: trail.user_id, name: trail.fullname } : null
        }
        onClose={() => setTrail(null)}
      />
      <ConfirmAction
        opened={approving !== null}
        title={m.approveTitle}
        confirmLabel={m.approve}
        action={() => approveAssistant(approving?.enrollment_id ?? 0)}
        onDone={() => {
          setApproving(null);
          setNotice({ ok: true, text: m.approved });
        }}
        onClose={() => setApproving(null)}
      >
        {f(m.approveBody, approving?.fullname ?? '')}
      </ConfirmAction>
      <ReasonAction
        opened={rejecting !== null}
        title={m.rejectTitle}
        confirmLabel={m.reject}
        body={f(m.rejectBody, rejecting?.fullname ?? '')}
        reasonLabel={m.rejectReason}
        reasonHint={m.rejectReasonHint}
        testId="reject-reason"
        action={(reason) => rejectAssistant(rejecting?.enrollment_id ?? 0, reason)}
        onDone={() => {
          setRejecting(null);
          setNotice({ ok: true, text: m.rejected });
        }}
        onClose={() => setRejecting(null)}
      />
      <ReasonAction
        opened={undoing !== null}
        title={m.undoTitle}
        confirmLabel={m.undoCheckIn}
        body={f(m.undoBody, undoing?.fullname ?? '')}
        reasonLabel={m.reason}
        reasonHint={m.reasonHint}
        testId="undo-reason"
        action={(reason) => undoCheckIn(undoing?.enrollment_id ?? 0, reason)}
        onDone={() => {
          setUndoing(null);
          setNotice({ ok: true, text: m.undone });
        }}
        onClose={() => setUndoing(null)}
      />
      <ReasonAction
        opened={revoking !== null}
        title={m.revokeTitle}
        confirmLabel={m.revoke}
        body={f(m.revokeBody, revoking?.fullname ?? '', revoking?.certificate?.number ?? '')}
        reasonLabel={m.reason}
        reasonHint={m.reasonHint}
        testId="revoke-reason"
        action={(reason) => revokeCertificate(revoking?.certificate?.id ?? 0, reason)}
        onDone={() => {
          setRevoking(null);
          setNotice({ ok: true, text: m.revoked });
        }}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
