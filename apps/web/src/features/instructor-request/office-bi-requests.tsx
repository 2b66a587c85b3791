import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MEDICAL_DEPARTMENTS, OCCUPATIONS, type OfficeInstructorRequest } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatDateTime, formatYen } from '../../lib/format.ts';
import {
  approveRequest,
  biKeys,
  officeRequestQuery,
  officeRequestsQuery,
  rejectRequest,
} from './api/bi-calls.ts';
import { useBiI18n } from './bi-messages.ts';
import { errorText, Fact } from './bi-shared.tsx';

// Filled, dark shades: white text keeps 4.5:1.
const STATUS_COLORS: Record<number, string> = {
  0: 'gray.8',
  1: 'violet.9',
  2: 'blue.9',
  3: 'teal.9',
  4: 'red.9',
};

function useLabels() {
  const { t, b } = useBiI18n();
  const occupation = (id: number) => {
    const key = OCCUPATIONS.find((o) => o.id === id)?.key;
    return key ? t.occupations[key] : String(id);
  };
  const department = (id: number | null) => {
    const key = MEDICAL_DEPARTMENTS.find((d) => d.id === id)?.key;
    return key ? t.departments[key] : '—';
  };
  const status = (s: number) => (
    <Badge color={STATUS_COLORS[s] ?? 'gray.8'} variant="filled">
      {b.statuses[s as 0] ?? String(s)}
    </Badge>
  );
  return { occupation, department, status };
}

/** /office/instructor-requests: the requests, awaiting review first. */
export function OfficeBiRequestsPage() {
  const { b } = useBiI18n();
  const m = b.office;
  const labels = useLabels();
  const [status, setStatus] = useState<string>('2');
  const [page, setPage] = useState(1);
  const query = useQuery(officeRequestsQuery(status === 'all' ? undefined : Number(status), page));
  const options = [
    { value: 'all', label: m.all },
    ...[0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: b.statuses[s as 0] })),
  ];
  return (
    <Stack gap="md" py="md">
      <PageHeading title={m.title} lead={m.lead} />
      <Select
        label={m.filter}
        data={options}
        value={status}
        onChange={(value) => {
          setStatus(value ?? 'all');
          setPage(1);
        }}
        allowDeselect={false}
        maw={240}
      />
      {query.isPending ? (
        <Group justify="center" py="xl" role="status" aria-label={b.loading}>
          <Loader />
        </Group>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed">{m.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder data-testid="office-bi-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.id}</Table.Th>
                  <Table.Th>{m.columns.member}</Table.Th>
                  <Table.Th>{m.columns.occupation}</Table.Th>
                  <Table.Th>{m.columns.paid}</Table.Th>
                  <Table.Th>{m.columns.recommendation}</Table.Th>
                  <Table.Th>{m.columns.status}</Table.Th>
                  <Table.Th>{m.columns.updated}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/office/instructor-requests/${r.id}`}>
                        #{r.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/office/instructor-requests/${r.id}`}>
                        {r.member.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {r.member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{labels.occupation(r.member.occupation)}</Table.Td>
                    <Table.Td>{r.paid ? m.paid : m.unpaid}</Table.Td>
                    <Table.Td>{r.recommendation ? m.received : m.notReceived}</Table.Td>
                    <Table.Td>{labels.status(r.status)}</Table.Td>
                    <Table.Td>{formatDateTime(r.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.data.pagination.pages > 1 ? (
            <Pagination total={query.data.pagination.pages} value={page} onChange={setPage} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm" component="section" aria-label={title}>
        <Title order={2} fz={18}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Review({ r }: { r: OfficeInstructorRequest }) {
  const { b, f } = useBiI18n();
  const m = b.office;
  const labels = useLabels();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const settle = (message: string) => (data: OfficeInstructorRequest) => {
    queryClient.setQueryData(officeRequestQuery(r.id).queryKey, data);
    void queryClient.invalidateQueries({ queryKey: biKeys.office });
    setConfirming(false);
    setRejecting(false);
    setDone(message);
  };
  const approve = useMutation({ mutationFn: () => approveRequest(r.id), onSuccess: settle(m.approved) });
  const reject = useMutation({
    mutationFn: () => rejectRequest(r.id, reason.trim()),
    onSuccess: settle(m.rejectedDone),
  });
  const records = r.records;
  const decidable = r.status <= 2;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {f(m.detailTitle, r.id)}
          </Title>
          {labels.status(r.status)}
        </Group>
        <Anchor component={Link} to="/office/instructor-requests">
          {m.backToList}
        </Anchor>
      </Group>
      {done ? (
        <Alert color="teal" variant="light" role="status">
          {done}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={m.sections.member}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            <Fact label={m.columns.member}>{r.member.name}</Fact>
            <Fact label={b.application.email}>{r.member.email}</Fact>
            <Fact label={m.profile.occupation}>{labels.occupation(r.profile.occupation)}</Fact>
            <Fact label={m.profile.department}>{labels.department(r.profile.medical_department)}</Fact>
            <Fact label={m.profile.qualification}>{r.profile.simulation_qualification || '—'}</Fact>
            <Fact label={m.columns.variant}>{r.variant ? b.variants[r.variant] : '—'}</Fact>
          </SimpleGrid>
        </Section>
        <Section title={m.sections.records}>
          <Alert
            color={records.kind === 'eligible' ? 'teal' : 'yellow'}
            variant="light"
            data-testid="office-bi-records"
          >
            {m.records[records.kind]}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            <Fact label={m.records.completed}>
              {records.course_completed_on ? formatDate(records.course_completed_on) : '—'}
            </Fact>
            <Fact label={m.records.required}>
              {records.required_sessions !== null ? f(m.records.times, records.required_sessions) : '—'}
            </Fact>
          </SimpleGrid>
          {records.course_session ? (
            <Text size="sm">
              {m.records.session}：{records.course_session.name}（
              {formatDate(records.course_session.event_date)}）
            </Text>
          ) : null}
          <Table withTableBorder>
            <Table.Tbody>
              {records.assistant_sessions.map((s) => (
                <Table.Tr key={s.training_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(s.event_date)}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>
                    <Badge color={s.counted ? 'teal.9' : 'gray.8'} variant="filled">
                      {s.counted ? m.records.counted : m.records.notCounted}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title={m.sections.pledge}>
          <Text size="sm">
            {r.pledge
              ? `${b.variants[r.pledge.variant]}／${m.pledgedAt}：${formatDateTime(r.pledge.agreed_at)}`
              : m.notPledged}
          </Text>
        </Section>
        <Section title={m.sections.payment}>
          <Text size="sm" data-testid="office-bi-payment">
            {r.payment
              ? `${m.amount}：${formatYen(r.payment.amount)}／${m.paymentAt}：${formatDateTime(r.payment.paid_at)}（#${r.payment.order_id}）`
              : m.noPayment}
          </Text>
        </Section>
        <Section title={m.sections.recommendation}>
          <Text size="sm">
            {r.recommendation_letter
              ? f(m.mailed, formatDateTime(r.recommendation_letter.submitted_at))
              : m.noRecommendation}
          </Text>
        </Section>
        <Section title={m.sections.application}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            <Fact label={b.application.name}>{r.username}</Fact>
            <Fact label={b.application.email}>{r.email}</Fact>
          </SimpleGrid>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.meta || '—'}
          </Text>
        </Section>
      </SimpleGrid>
      <Section title={m.sections.decision}>
        {r.certificate ? (
          <Text size="sm" data-testid="office-bi-certificate">
            {f(
              m.certificate,
              r.certificate.certificate_number,
              formatDate(r.certificate.start_date),
              r.certificate.end_date ? formatDate(r.certificate.end_date) : '',
            )}
          </Text>
        ) : null}
        {r.reject_reason ? (
          <Text size="sm">
            {m.reason}：{r.reject_reason}
          </Text>
        ) : null}
        {decidable ? (
          <Group gap="sm">
            <Button
              onClick={() => setConfirming(true)}
              disabled={r.status !== 2}
              data-testid="office-bi-approve"
            >
              {m.approve}
            </Button>
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setRejecting(true)}
              data-testid="office-bi-reject"
            >
              {m.reject}
            </Button>
          </Group>
        ) : null}
      </Section>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={m.approve}
        centered
        closeButtonProps={{ 'aria-label': m.cancel }}
      >
        <Stack gap="md">
          <Text>{m.approveConfirm}</Text>
          {approve.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(approve.error, b.error.title)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {m.cancel}
            </Button>
            <Button
              onClick={() => approve.mutate()}
              loading={approve.isPending}
              data-testid="office-bi-approve-confirm"
            >
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={m.rejectTitle}
        centered
        closeButtonProps={{ 'aria-label': m.cancel }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setReasonError(b.office.rejectReason);
              return;
            }
            setReasonError(null);
            reject.mutate();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={m.rejectReason}
              required
              autosize
              minRows={3}
              value={reason}
              error={reasonError}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {reject.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(reject.error, b.error.title)}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setRejecting(false)}>
                {m.cancel}
              </Button>
              <Button color="red.9" type="submit" loading={reject.isPending} disabled={!reason.trim()}>
                {m.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** /office/instructor-requests/{id}: the review (records, pledge, payment, letter) and the decision. */
export function OfficeBiRequestPage() {
  const { b } = useBiI18n();
  const { id } = useParams();
  const n = Number(id);
  const query = useQuery({ ...officeRequestQuery(n), enabled: Number.isInteger(n) && n > 0 });
  if (!Number.isInteger(n) || n < 1) return <Navigate to="/office/instructor-requests" replace />;
  if (query.isPending)
    return (
      <Group justify="center" py="xl" role="status" aria-label={b.loading}>
        <Loader />
      </Group>
    );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack py="md">
      <Review r={query.data} />
    </Stack>
  );
}
