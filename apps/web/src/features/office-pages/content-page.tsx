import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { api } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { removeContent as remove } from './content-api.ts';
import { formatJapan, messageOf, PAGES_KEY, usePagesI18n } from './pages-i18n.ts';
import { SeminarInfoForm } from './seminar-info-form.tsx';
import classes from './pages.module.css';

const TABS = ['news', 'faqs', 'abouts', 'flows', 'seminar', 'documents'] as const;
type Tab = (typeof TABS)[number];

// Filled, dark shades: white text keeps 4.5:1.
const STATE_COLORS = { draft: 'gray.8', scheduled: 'blue.9', public: 'teal.9' } as const;

/** /office/content: the public pages the office writes, one tab each (decision 039). */
export function ContentPage() {
  const { p } = usePagesI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'news';
  const labels: Record<Tab, string> = {
    news: p.console.tabs.news,
    faqs: p.console.tabs.faqs,
    abouts: p.console.tabs.abouts,
    flows: p.console.tabs.flows,
    seminar: p.console.tabs.seminarInfo,
    documents: p.console.tabs.documents,
  };
  return (
    <Stack gap="md">
      <PageHeading title={p.console.title} lead={p.console.lead} />
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'news' ? { tab: v } : {})} keepMounted={false}>
        <Tabs.List className={classes.tabs}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {labels[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="news" pt="md">
          <NewsList />
        </Tabs.Panel>
        <Tabs.Panel value="faqs" pt="md">
          <OrderedList kind="faqs" />
        </Tabs.Panel>
        <Tabs.Panel value="abouts" pt="md">
          <OrderedList kind="abouts" />
        </Tabs.Panel>
        <Tabs.Panel value="flows" pt="md">
          <OrderedList kind="flows" />
        </Tabs.Panel>
        <Tabs.Panel value="seminar" pt="md">
          <SeminarInfoForm />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NewButton({ to }: { to: string }) {
  const { p } = usePagesI18n();
  return (
    <Group justify="flex-end">
      <Button component={Link} to={to}>
        {p.console.add}
      </Button>
    </Group>
  );
}

/** Pages of a list, each button named (first, previous, page n, next, last). */
function Pager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { o, f } = usePagesI18n();
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        size="sm"
        withEdges
        getControlProps={(control) => ({ 'aria-label': o.pagerControls[control] })}
        getItemProps={(page) => ({ 'aria-label': f(o.pager, page) })}
      />
    </Group>
  );
}

function NewsList() {
  const { p } = usePagesI18n();
  const [page, setPage] = useState(1);
  const news = useQuery({
    queryKey: [...PAGES_KEY, 'news', page],
    queryFn: ({ signal }) => call(api.officeNews.list, { query: { page, limit: 20 } }, { signal }),
  });
  return (
    <Stack gap="sm">
      <NewButton to="/office/content/news/new" />
      {news.isPending ? (
        <ListSkeleton count={5} />
      ) : news.isError ? (
        <QueryError error={news.error} onRetry={() => void news.refetch()} />
      ) : news.data.data.length === 0 ? (
        <EmptyState>{p.console.empty}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={p.console.tabs.news} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{p.fields.publicDate}</Table.Th>
                <Table.Th>{p.fields.title}</Table.Th>
                <Table.Th>{p.fields.state}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {news.data.data.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td className={classes.nowrap}>{formatJapan(n.public_date)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/office/content/news/${n.id}`} fw={600} data-user-content>
                      {n.title}
                    </Anchor>
                    {n.pinned ? (
                      <Badge ml="xs" size="sm" variant="outline" color="red.9">
                        {p.fields.pinned}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[n.state]} variant="filled">
                      {p.states[n.state]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {news.data && news.data.pagination.pages > 1 ? (
        <Pager total={news.data.pagination.pages} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}

type OrderedKind = 'faqs' | 'abouts' | 'flows';
type Row = { id: number; label: string; hidden: boolean };

async function listOf(kind: OrderedKind): Promise<Row[]> {
  if (kind === 'faqs')
    return (await call(api.officeFaqs.list, { query: { limit: 999 } })).data.map((f) => ({
      id: f.id,
      label: f.title,
      hidden: !f.active,
    }));
  if (kind === 'abouts')
    return (await call(api.officeAbouts.list, { query: { limit: 999 } })).data.map((a) => ({
      id: a.id,
      label: a.name,
      hidden: false,
    }));
  return (await call(api.officeFlows.list, { query: { limit: 999 } })).data.map((f) => ({
    id: f.id,
    label: f.title,
    hidden: false,
  }));
}

async function reorder(kind: OrderedKind, ids: number[]): Promise<void> {
  const body = { ids };
  if (kind === 'faqs') await call(api.officeFaqs.reorder, { body });
  else if (kind === 'abouts') await call(api.officeAbouts.reorder, { body });
  else await call(api.officeFlows.reorder, { body });
}

/** FAQ, about tabs, flow items: in their public order, moved with the arrow buttons (keyboard too). */
function OrderedList({ kind }: { kind: OrderedKind }) {
  const { p, f, t } = usePagesI18n();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: [...PAGES_KEY, kind, 'list'], queryFn: () => listOf(kind) });
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const move = useMutation({
    mutationFn: (ids: number[]) => reorder(kind, ids),
    onSuccess: async () => {
      setDone(p.console.reordered);
      await queryClient.invalidateQueries();
    },
  });
  const drop = useMutation({
    mutationFn: (id: number) => remove(kind, id),
    onSuccess: async () => {
      setRemoving(null);
      setDone(p.console.removed);
      await queryClient.invalidateQueries();
    },
  });
  const rows = list.data ?? [];
  const shift = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    setDone(null);
    move.mutate(ids);
  };
  return (
    <Stack gap="sm">
      <NewButton to={`/office/content/${kind}/new`} />
      {done ? (
        <Alert color="teal" variant="light" role="status">
          {done}
        </Alert>
      ) : null}
      {move.isError || drop.isError ? (
        <Alert color="red" role="alert">
          {messageOf(move.error ?? drop.error, t.errors.generic)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <ListSkeleton count={5} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{p.console.empty}</EmptyState>
      ) : (
        <Stack component="ol" gap={6} className={classes.ordered}>
          {rows.map((row, index) => (
            <Paper component="li" key={row.id} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap" className={classes.grow}>
                  <Text c="dimmed" size="sm" w={28} ta="right">
                    {index + 1}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/office/content/${kind}/${row.id}`}
                    fw={600}
                    data-user-content
                  >
                    {row.label}
                  </Anchor>
                  {row.hidden ? (
                    <Badge color="gray.8" variant="filled" size="sm">
                      {p.console.hidden}
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={f(p.console.moveUp, row.label)}
                    disabled={index === 0 || move.isPending}
                    onClick={() => shift(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={f(p.console.moveDown, row.label)}
                    disabled={index === rows.length - 1 || move.isPending}
                    onClick={() => shift(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                  <Button variant="outline" color="red.9" size="compact-sm" onClick={() => setRemoving(row)}>
                    {p.console.remove}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={p.console.removeTitle}
        closeButtonProps={{ 'aria-label': p.console.cancel }}
      >
        <Stack>
          <Text size="sm">{removing ? f(p.console.removeBody, removing.label) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {p.console.cancel}
            </Button>
            <Button
              color="red.9"
              loading={drop.isPending}
              onClick={() => removing && drop.mutate(removing.id)}
            >
              {p.console.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function DocumentsList() {
  const { p, f } = usePagesI18n();
  const [page, setPage] = useState(1);
  const docs = useQuery({
    queryKey: [...PAGES_KEY, 'documents', page],
    queryFn: ({ signal }) =>
      call(api.officeInstructorDocuments.list, { query: { page, limit: 20 } }, { signal }),
  });
  const options = useQuery({
    queryKey: [...PAGES_KEY, 'options'],
    queryFn: ({ signal }) => call(api.officePages.options, undefined, { signal }),
  });
  const rankName = (level: number) => options.data?.ranks.find((r) => r.level === level)?.name ?? '';
  return (
    <Stack gap="sm">
      <NewButton to="/office/content/documents/new" />
      {docs.isPending ? (
        <ListSkeleton count={5} />
      ) : docs.isError ? (
        <QueryError error={docs.error} onRetry={() => void docs.refetch()} />
      ) : docs.data.data.length === 0 ? (
        <EmptyState>{p.console.empty}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={p.console.tabs.documents} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{p.fields.title}</Table.Th>
                <Table.Th>{p.fields.category}</Table.Th>
                <Table.Th>{p.fields.minLevel}</Table.Th>
                <Table.Th>{p.console.createdAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.data.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/office/content/documents/${d.id}`}
                      fw={600}
                      data-user-content
                    >
                      {d.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-user-content>{d.category ?? '—'}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {f(p.console.level, d.min_level)}
                    <Text span size="xs" c="dimmed" ml={6} data-user-content>
                      {rankName(d.min_level)}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatJapan(d.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {docs.data && docs.data.pagination.pages > 1 ? (
        <Pager total={docs.data.pagination.pages} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
