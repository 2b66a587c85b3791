import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ActivitySort } from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ActivityStatus } from '../../components/activity-status.tsx';
import cardTable from '../../components/card-table.module.css';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import {
  coursesQuery,
  downloadPerformance,
  levelsQuery,
  performanceTrainingsQuery,
  teachingHistoryQuery,
  type SortState,
} from './api/instructor-calls.ts';
import { useInstructorI18n } from './instructor-messages.ts';
import { RankUpSection } from './rank-up-section.tsx';
import classes from './instructor.module.css';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
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

export function Rows({ count, height = 44 }: { count: number; height?: number }) {
  return (
    <Stack gap="xs">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="sm" />
      ))}
    </Stack>
  );
}

/** ランク: every level, the held ones with their date, the current one marked. */
function RankList() {
  const { m } = useInstructorI18n();
  const query = useQuery(levelsQuery());
  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={4} height={36} />;
  else
    body = (
      <Stack gap="xs">
        {query.data.level === null && <Text c="gray.7">{m.tab.noRank}</Text>}
        <Table className={cardTable.table} verticalSpacing="xs" data-testid="rank-list">
          <caption className={cardTable.caption}>{m.tab.ranksTitle}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.tab.shortNameColumn}</Table.Th>
              <Table.Th scope="col">{m.tab.rankColumn}</Table.Th>
              <Table.Th scope="col">{m.tab.grantedColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.levels.map((level) => (
              <Table.Tr
                key={level.id}
                data-testid={`rank-${level.short_name}`}
                data-current={level.current || undefined}
                className={level.current ? classes.currentRow : undefined}
              >
                <Table.Td data-label={m.tab.shortNameColumn}>
                  <Text fw={700}>{level.short_name}</Text>
                </Table.Td>
                <Table.Td data-label={m.tab.rankColumn}>
                  <Group gap="xs">
                    <span data-user-content>{level.name}</span>
                    {level.current ? (
                      <Badge color="teal.9" variant="filled" radius="sm" data-testid="current-rank">
                        {m.tab.current}
                      </Badge>
                    ) : !level.held ? (
                      <Badge color="gray" c="gray.9" variant="light" radius="sm">
                        {m.tab.notHeld}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td data-label={m.tab.grantedColumn}>
                  {level.granted_at ? formatDate(level.granted_at) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  return (
    <Section title={m.tab.ranksTitle} testId="instructor-ranks">
      {body}
    </Section>
  );
}

/** 認定申請 and 認定更新: the certification request of the BI course, and the member's certificates. */
function Actions() {
  const { m } = useInstructorI18n();
  const courses = useQuery(coursesQuery());
  const bi = courses.data?.data.find((c) => c.certificate_prefix?.toUpperCase() === 'BI' && !c.is_renewal);
  const requestTo = bi
    ? `/certificate/${bi.id}/attendance-code/basic-instructor/request-certificate`
    : '/certificate';
  return (
    <Group gap="sm" data-testid="instructor-actions">
      <Button component={Link} to={requestTo} data-testid="request-certification">
        {m.tab.requestCertification}
      </Button>
      <Button component={Link} to="/my-page/activities" variant="light">
        {m.tab.extendCertificate}
      </Button>
    </Group>
  );
}

const FIRST_DIRECTION: Record<ActivitySort, 'asc' | 'desc'> = {
  name: 'asc',
  status: 'asc',
  event_date: 'desc',
};

function SortHeader(props: {
  column: ActivitySort;
  order: SortState;
  onSort: (column: ActivitySort) => void;
  children: string;
}) {
  const { t, f } = useInstructorI18n();
  const active = props.order.sort === props.column;
  const ariaSort = active ? (props.order.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => props.onSort(props.column)}
        aria-label={f(t.activity.history.sortBy, props.children)}
        data-testid={`teaching-sort-${props.column}`}
      >
        {props.children}
        <span className={classes.sortIcon} aria-hidden="true">
          {active ? (props.order.direction === 'asc' ? '▲' : '▼') : '⇅'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** 活動履歴: the sessions as instructor, assistant or observer, 20 a page, sortable, with the directors. */
function TeachingHistory() {
  const { m, t, f } = useInstructorI18n();
  const h = t.activity.history;
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<SortState>({ sort: 'event_date', direction: 'desc' });
  const query = useQuery(teachingHistoryQuery(page, order));
  const onSort = (column: ActivitySort) => {
    setOrder((current) =>
      current.sort === column
        ? { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { sort: column, direction: FIRST_DIRECTION[column] },
    );
    setPage(1);
  };
  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={5} />;
  else if (query.data.data.length === 0) body = <EmptyState>{m.tab.noActivity}</EmptyState>;
  else {
    const { data, pagination } = query.data;
    body = (
      <Stack gap="md">
        <Table className={cardTable.table} verticalSpacing="sm" striped data-testid="teaching-history">
          <caption className={cardTable.caption}>{f(m.tab.historyCaption, pagination.total)}</caption>
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="event_date" order={order} onSort={onSort}>
                {h.eventDate}
              </SortHeader>
              <SortHeader column="name" order={order} onSort={onSort}>
                {h.name}
              </SortHeader>
              <Table.Th scope="col">{h.course}</Table.Th>
              <Table.Th scope="col">{m.tab.userType}</Table.Th>
              <Table.Th scope="col">{m.tab.directors}</Table.Th>
              <SortHeader column="status" order={order} onSort={onSort}>
                {h.status}
              </SortHeader>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr
                key={`${row.id}-${row.user_type.id}`}
                data-testid={`teaching-${row.id}-${row.user_type.id}`}
              >
                <Table.Td data-label={h.eventDate} className={classes.nowrap}>
                  {formatDate(row.event_date)}
                </Table.Td>
                <Table.Td data-label={h.name}>
                  <Anchor component={Link} to={`/session/${row.id}/${row.user_type.id}`}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={h.course}>{row.course.name}</Table.Td>
                <Table.Td data-label={m.tab.userType}>{row.user_type.type}</Table.Td>
                <Table.Td data-label={m.tab.directors}>
                  {row.user_directors?.length
                    ? row.user_directors.map((d) => d.name).join(t.app.listComma)
                    : m.tab.noDirector}
                </Table.Td>
                <Table.Td data-label={h.status}>
                  <ActivityStatus badge={row.badge} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pagination.pages > 1 && (
          <Center component="nav" aria-label={m.tab.historyPagination}>
            <Pagination
              total={pagination.pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' || control === 'first' ? t.activity.previous : t.activity.next,
              })}
            />
          </Center>
        )}
      </Stack>
    );
  }
  return (
    <Section title={m.tab.historyTitle} testId="instructor-history">
      {body}
    </Section>
  );
}

/** 実績証明書: choose attended sessions, download one zip of one PDF per session. */
function PerformanceCertificate() {
  const { m, f } = useInstructorI18n();
  const query = useQuery(performanceTrainingsQuery());
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useMutation({
    mutationFn: () => downloadPerformance(chosen),
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename ?? 'performance.zip');
      setDone(true);
    },
    onError: (e) => setError(e instanceof ApiRequestError ? e.message : String(e)),
  });
  const toggle = (trainingId: number, userTypeId: number, on: boolean) => {
    setDone(false);
    setError(null);
    setChosen((current) => {
      const key = String(trainingId);
      const types = new Set(current[key] ?? []);
      if (on) types.add(userTypeId);
      else types.delete(userTypeId);
      const next = { ...current };
      if (types.size) next[key] = [...types].sort();
      else delete next[key];
      return next;
    });
  };
  const submit = () => {
    setDone(false);
    if (Object.keys(chosen).length === 0) {
      setError(m.performance.notBlank);
      return;
    }
    setError(null);
    mutation.mutate();
  };
  let body: ReactNode;
  if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Rows count={3} />;
  else if (query.data.length === 0) body = <EmptyState>{m.tab.noActivity}</EmptyState>;
  else
    body = (
      <Stack gap="sm">
        <Text size="sm">{m.performance.lead}</Text>
        <Table className={cardTable.table} verticalSpacing="xs" data-testid="performance-trainings">
          <caption className={cardTable.caption}>{f(m.performance.caption, query.data.length)}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.performance.select}</Table.Th>
              <Table.Th scope="col">{m.performance.pdfDate}</Table.Th>
              <Table.Th scope="col">{m.performance.pdfSession}</Table.Th>
              <Table.Th scope="col">{m.performance.pdfRole}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((row) => {
              const key = `${row.id}-${row.user_type.id}`;
              const checked = chosen[String(row.id)]?.includes(row.user_type.id) ?? false;
              return (
                <Table.Tr key={key} data-testid={`performance-${key}`}>
                  <Table.Td data-label={m.performance.select}>
                    <Checkbox
                      checked={checked}
                      disabled={row.status !== '1'}
                      onChange={(e) => toggle(row.id, row.user_type.id, e.currentTarget.checked)}
                      aria-label={f(
                        m.performance.selectLabel,
                        row.name,
                        formatDate(row.event_date),
                        row.user_type.type,
                      )}
                      data-testid={`performance-check-${key}`}
                    />
                  </Table.Td>
                  <Table.Td data-label={m.performance.pdfDate} className={classes.nowrap}>
                    {formatDate(row.event_date)}
                  </Table.Td>
                  <Table.Td data-label={m.performance.pdfSession}>
                    {row.name}
                    {row.status !== '1' && <span className={classes.note}>{m.performance.notAttended}</span>}
                  </Table.Td>
                  <Table.Td data-label={m.performance.pdfRole}>{row.user_type.type}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="performance-error">
            {error}
          </Alert>
        )}
        {done && (
          <Text c="teal.9" size="sm" role="status">
            {m.performance.downloaded}
          </Text>
        )}
        <Group>
          <Button onClick={submit} loading={mutation.isPending} data-testid="performance-download">
            {m.performance.download}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Section title={m.performance.title} testId="instructor-performance">
      {body}
    </Section>
  );
}

const readMemo = (key: string) => {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};

function MemoBox({ storageKey }: { storageKey: string }) {
  const { m } = useInstructorI18n();
  const [text, setText] = useState(() => readMemo(storageKey));
  const [saved, setSaved] = useState(false);
  return (
    <Paper withBorder p="sm">
      <Textarea
        label={m.tab.memoLabel}
        description={m.tab.memoHint}
        autosize
        minRows={3}
        maxRows={10}
        value={text}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          try {
            window.localStorage.setItem(storageKey, value);
            setSaved(true);
          } catch {
            setSaved(false);
          }
        }}
        data-testid="instructor-memo-input"
      />
      {saved && (
        <Text size="xs" c="gray.7" mt={4} role="status">
          {m.tab.memoSaved}
        </Text>
      )}
    </Paper>
  );
}

/** メモ: kept in this browser only (localStorage), per member. */
function Memo() {
  const { m } = useInstructorI18n();
  const { user } = useAuth();
  // Kept per member: until the member is known there is no memo to show (nor a key to write it under).
  return (
    <Section title={m.tab.memoTitle} testId="instructor-memo">
      {user ? <MemoBox key={user.id} storageKey={`mels.instructor-memo.${user.id}`} /> : null}
    </Section>
  );
}

/** The my-page instructor tab (/my-page/completed, spec 001 §2). */
export function InstructorTab() {
  return (
    <Stack gap="xl" data-testid="instructor-tab">
      <RankList />
      <Actions />
      <RankUpSection />
      <TeachingHistory />
      <PerformanceCertificate />
      <Memo />
    </Stack>
  );
}
