import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ActivityCertificate, ActivitySort, ActivityTraining } from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import classes from './activity.module.css';
import { ActivityStatus } from '../../components/activity-status.tsx';
import {
  certificatesQuery,
  downloadCertificate,
  historyQuery,
  legacyQuery,
  pendingQuery,
  type SortState,
} from './api/activity-calls.ts';
import { saveBlob } from '../../lib/download.ts';
import cardTable from '../../components/card-table.module.css';

const sessionPath = (row: ActivityTraining) => `/session/${row.id}/${row.user_type.id}`;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section className={classes.section} aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Rows({ count, height = 44 }: { count: number; height?: number }) {
  return (
    <Stack gap="xs">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="sm" />
      ))}
    </Stack>
  );
}

function Pager({
  pages,
  page,
  onChange,
  label,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={label}>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' || control === 'first' ? t.activity.previous : t.activity.next,
        })}
      />
    </Center>
  );
}

/** お申し込み中の講習会: applications in progress (status 4–8, upcoming), 5 a page. */
function PendingApplications({ enabled }: { enabled: boolean }) {
  const { t, f } = useI18n();
  const m = t.activity.pending;
  const [page, setPage] = useState(1);
  const query = useQuery({ ...pendingQuery(page), enabled });
  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={2} height={72} />;
  else if (query.data.data.length === 0) body = <EmptyState>{t.activity.empty}</EmptyState>;
  else
    body = (
      <Stack gap="md">
        <ul className={classes.pendingList}>
          {query.data.data.map((row) => (
            <li key={`${row.id}-${row.user_type.id}`}>
              <Paper withBorder p="sm" className={classes.pendingItem} data-testid={`pending-${row.id}`}>
                <div className={classes.pendingMain}>
                  <Group gap="xs" mb={2}>
                    <ActivityStatus badge={row.badge} />
                    <Text size="sm" c="gray.7" data-user-content>
                      {row.course.name}
                    </Text>
                  </Group>
                  <Anchor
                    component={Link}
                    to={sessionPath(row)}
                    className={classes.pendingName}
                    data-user-content
                  >
                    {row.name}
                  </Anchor>
                  <dl className={classes.facts}>
                    <div>
                      <dt>{m.eventDate}</dt>
                      <dd>{formatDate(row.event_date)}</dd>
                    </div>
                    <div>
                      <dt>{m.venue}</dt>
                      <dd data-user-content>{row.venue_name}</dd>
                    </div>
                    <div>
                      <dt>{m.userType}</dt>
                      <dd>
                        {(t.userTypes as Record<number, string>)[row.user_type.id] ?? row.user_type.type}
                      </dd>
                    </div>
                  </dl>
                </div>
                <Button
                  component={Link}
                  to={sessionPath(row)}
                  size="xs"
                  variant="light"
                  aria-label={f(m.openLabel, row.name)}
                >
                  {m.open}
                </Button>
              </Paper>
            </li>
          ))}
        </ul>
        <Pager pages={query.data.pagination.pages} page={page} onChange={setPage} label={m.pagination} />
      </Stack>
    );
  return (
    <Section title={m.title} testId="activity-pending">
      {body}
    </Section>
  );
}

/** The direction a column starts with: names and statuses A→Z, dates newest first. */
const FIRST_DIRECTION: Record<ActivitySort, 'asc' | 'desc'> = {
  name: 'asc',
  status: 'asc',
  event_date: 'desc',
};

function SortHeader({
  column,
  order,
  onSort,
  children,
}: {
  column: ActivitySort;
  order: SortState;
  onSort: (column: ActivitySort) => void;
  children: string;
}) {
  const { t, f } = useI18n();
  const active = order.sort === column;
  const ariaSort = active ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(column)}
        aria-label={f(t.activity.history.sortBy, children)}
        data-testid={`sort-${column}`}
      >
        {children}
        <span className={classes.sortIcon} aria-hidden="true">
          {active ? (order.direction === 'asc' ? '▲' : '▼') : '⇅'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** 受講履歴: every enrolment, 20 a page, sortable by name, status and event date. */
function ActivityHistory({ enabled }: { enabled: boolean }) {
  const { t, f } = useI18n();
  const m = t.activity.history;
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<SortState>({ sort: 'event_date', direction: 'desc' });
  const query = useQuery({ ...historyQuery(page, order), enabled });
  const onSort = (column: ActivitySort) => {
    setOrder((current) =>
      current.sort === column
        ? { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { sort: column, direction: FIRST_DIRECTION[column] },
    );
    setPage(1);
  };
  const sortOptions = (['event_date', 'name', 'status'] as const).flatMap((sort) =>
    (['desc', 'asc'] as const).map((direction) => ({
      value: `${sort}:${direction}`,
      label: f(
        direction === 'asc' ? m.ascending : m.descending,
        { event_date: m.eventDate, name: m.name, status: m.status }[sort],
      ),
    })),
  );

  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={5} />;
  else if (query.data.data.length === 0) body = <EmptyState>{t.activity.empty}</EmptyState>;
  else {
    const { data, pagination } = query.data;
    body = (
      <Stack gap="md">
        <NativeSelect
          className={classes.mobileSort}
          label={m.sort}
          data={sortOptions}
          value={`${order.sort}:${order.direction}`}
          onChange={(event) => {
            const [sort, direction] = event.currentTarget.value.split(':') as [ActivitySort, 'asc' | 'desc'];
            setOrder({ sort, direction });
            setPage(1);
          }}
          size="sm"
        />
        <Table className={cardTable.table} verticalSpacing="sm" striped data-testid="activity-history-table">
          <caption className={cardTable.caption}>{f(m.caption, pagination.total)}</caption>
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="event_date" order={order} onSort={onSort}>
                {m.eventDate}
              </SortHeader>
              <SortHeader column="name" order={order} onSort={onSort}>
                {m.name}
              </SortHeader>
              <Table.Th scope="col">{m.course}</Table.Th>
              <Table.Th scope="col">{m.userType}</Table.Th>
              <SortHeader column="status" order={order} onSort={onSort}>
                {m.status}
              </SortHeader>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr
                key={`${row.id}-${row.user_type.id}`}
                data-testid={`history-${row.id}-${row.user_type.id}`}
              >
                <Table.Td data-label={m.eventDate} className={classes.nowrap}>
                  {formatDate(row.event_date)}
                </Table.Td>
                <Table.Td data-label={m.name}>
                  <Anchor component={Link} to={sessionPath(row)} data-user-content>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={m.course} data-user-content>
                  {row.course.name}
                </Table.Td>
                <Table.Td data-label={m.userType}>
                  {(t.userTypes as Record<number, string>)[row.user_type.id] ?? row.user_type.type}
                </Table.Td>
                <Table.Td data-label={m.status}>
                  <ActivityStatus badge={row.badge} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Pager pages={pagination.pages} page={page} onChange={setPage} label={m.pagination} />
      </Stack>
    );
  }
  return (
    <Section title={m.title} testId="activity-history">
      {body}
    </Section>
  );
}

function CertificateState({ c }: { c: ActivityCertificate }) {
  const { t } = useI18n();
  const m = t.activity.certificates;
  if (c.revoked)
    return (
      <Badge color="gray.7" variant="filled" radius="sm">
        {m.revoked}
      </Badge>
    );
  // Extended by a renewal: 'already renewed' (spec 001 §4 Certificate expiry), whatever its end date.
  if (c.renewal === 'renewed')
    return (
      <Badge color="teal.9" variant="filled" radius="sm" data-testid="certificate-renewed">
        {m.renewed}
      </Badge>
    );
  if (c.expired)
    return (
      <Badge color="red.9" variant="filled" radius="sm" data-testid="certificate-expired">
        {m.expired}
      </Badge>
    );
  if (c.expiring_soon)
    return (
      <Badge color="yellow.4" autoContrast variant="filled" radius="sm" data-testid="certificate-expiring">
        {m.expiringSoon}
      </Badge>
    );
  return (
    <Badge color="teal.9" variant="filled" radius="sm">
      {m.valid}
    </Badge>
  );
}

/** 修了証: number, course, period, expiry and the PDF (any unrevoked certificate, claimed ones too). */
function Certificates({ enabled }: { enabled: boolean }) {
  const { t, f } = useI18n();
  const m = t.activity.certificates;
  const query = useQuery({ ...certificatesQuery(), enabled });
  const [done, setDone] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (c: ActivityCertificate) => downloadCertificate(c),
    onSuccess: ({ blob, filename }, c) => {
      saveBlob(blob, filename ?? `certificate_${c.certificate_number}.pdf`);
      setDone(c.id);
    },
  });

  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={2} />;
  else if (query.data.length === 0) body = <EmptyState>{t.activity.empty}</EmptyState>;
  else {
    const soon = query.data.some((c) => c.expiring_soon && !c.revoked);
    body = (
      <Stack gap="sm">
        {soon ? (
          <Alert color="orange" variant="light" data-testid="certificate-warning">
            {m.expiringSoonNote}
          </Alert>
        ) : null}
        <Table className={cardTable.table} verticalSpacing="sm" striped data-testid="certificate-table">
          <caption className={cardTable.caption}>{m.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.number}</Table.Th>
              <Table.Th scope="col">{m.course}</Table.Th>
              <Table.Th scope="col">{m.period}</Table.Th>
              <Table.Th scope="col">{m.status}</Table.Th>
              <Table.Th scope="col">{m.download}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((c) => (
              <Table.Tr key={c.id} data-testid={`certificate-${c.id}`}>
                <Table.Td data-label={m.number} className={classes.nowrap}>
                  {c.certificate_number}
                </Table.Td>
                <Table.Td data-label={m.course} data-user-content>
                  <div>
                    {c.course.name}
                    {c.training ? <span className={classes.note}>{c.training.name}</span> : null}
                  </div>
                </Table.Td>
                <Table.Td data-label={m.period} className={classes.nowrap}>
                  {`${formatDate(c.start_date)}${t.app.range}${c.end_date ? formatDate(c.end_date) : m.noExpiry}`}
                </Table.Td>
                <Table.Td data-label={m.status}>
                  <Stack gap={6} align="flex-start">
                    <CertificateState c={c} />
                    {c.renewal === 'available' && c.renewal_path ? (
                      <Button
                        component={Link}
                        to={c.renewal_path}
                        size="xs"
                        aria-label={f(m.renewLabel, c.certificate_number)}
                        data-testid="certificate-renew"
                      >
                        {m.renew}
                      </Button>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td data-label={m.download}>
                  {!c.revoked ? (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={f(m.downloadLabel, c.certificate_number)}
                      loading={mutation.isPending && mutation.variables?.id === c.id}
                      onClick={() => mutation.mutate(c)}
                    >
                      {m.download}
                    </Button>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <div aria-live="polite">
          {mutation.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="certificate-download-error">
              {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
            </Alert>
          ) : done !== null ? (
            <Text size="sm" role="status">
              {m.downloaded}
            </Text>
          ) : null}
        </div>
      </Stack>
    );
  }
  return (
    <Section title={m.title} testId="activity-certificates">
      {body}
    </Section>
  );
}

/** 以前のシステムでの受講履歴: the last 3 records, 5 skeleton rows while loading (spec 001 §2). */
function LegacyHistories({ enabled }: { enabled: boolean }) {
  const { t } = useI18n();
  const m = t.activity.legacy;
  const query = useQuery({ ...legacyQuery(), enabled });
  let rows: ReactNode;
  if (query.isError)
    return (
      <Section title={m.title} testId="activity-legacy">
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </Section>
    );
  if (!query.data)
    rows = Array.from({ length: 5 }, (_, i) => (
      <Table.Tr key={i} data-testid="legacy-skeleton">
        {[m.participatedDate, m.courseName, m.userTypeName].map((label) => (
          <Table.Td key={label} data-label={label}>
            <Skeleton height={16} width="80%" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  else if (query.data.length === 0)
    return (
      <Section title={m.title} testId="activity-legacy">
        <EmptyState>{t.activity.empty}</EmptyState>
      </Section>
    );
  else
    rows = query.data.map((h, i) => (
      <Table.Tr key={i}>
        <Table.Td data-label={m.participatedDate} className={classes.nowrap}>
          {formatDate(h.participated_date)}
        </Table.Td>
        {/* The older system's records, as it wrote them. */}
        <Table.Td data-label={m.courseName} data-user-content>
          {h.course_name}
        </Table.Td>
        <Table.Td data-label={m.userTypeName} data-user-content>
          {h.user_type_name}
        </Table.Td>
      </Table.Tr>
    ));
  return (
    <Section title={m.title} testId="activity-legacy">
      <Table className={cardTable.table} verticalSpacing="sm" striped aria-busy={!query.data}>
        <caption className={cardTable.caption}>{m.caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.participatedDate}</Table.Th>
            <Table.Th scope="col">{m.courseName}</Table.Th>
            <Table.Th scope="col">{m.userTypeName}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Section>
  );
}

/** /my-page/activities: applications in progress, the history, certificates and the older system's records. */
export function ActivityTab() {
  // Wait for the signed-in user: the API client gets its token when the auth provider has mounted.
  const { user } = useAuth();
  const enabled = user !== null;
  return (
    <div data-testid="activity-tab">
      <PendingApplications enabled={enabled} />
      <ActivityHistory enabled={enabled} />
      <Certificates enabled={enabled} />
      <LegacyHistories enabled={enabled} />
    </div>
  );
}
