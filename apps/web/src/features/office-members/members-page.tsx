import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { api, MEMBER_STATUSES, OCCUPATIONS, type MemberStatus, type MemberSummary } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UrlPager } from '../../components/url-pager.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay, MEMBER_STATUS_COLORS, MEMBERS_KEY, useMembersI18n } from './members-i18n.ts';
import classes from './members.module.css';

const TEXT_FIELDS = ['name', 'email', 'phone'] as const;
const isStatus = (s: string | null): s is MemberStatus =>
  s !== null && (MEMBER_STATUSES as readonly string[]).includes(s);
const positive = (s: string | null) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/** /office/members: find a member by name (kanji or kana), email, phone, occupation, prefecture (decision 042). */
export function MembersPage() {
  const { x, t, f } = useMembersI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState(() =>
    Object.fromEntries(TEXT_FIELDS.map((k) => [k, params.get(k) ?? ''])),
  );
  const statusParam = params.get('status');
  const query = {
    page,
    limit: 30,
    ...Object.fromEntries(TEXT_FIELDS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : []))),
    ...(positive(params.get('occupation')) ? { occupation: positive(params.get('occupation')) } : {}),
    ...(positive(params.get('prefecture')) ? { prefecture: positive(params.get('prefecture')) } : {}),
    ...(isStatus(statusParam) ? { status: statusParam } : {}),
  };
  const areas = useQuery({
    queryKey: ['areas', 47],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: 47 } }, { signal }),
  });
  const areaName = (id: number | null) => areas.data?.data.find((a) => a.id === id)?.name ?? '';
  const members = useQuery({
    queryKey: [...MEMBERS_KEY, 'list', query],
    queryFn: ({ signal }) => call(api.officeMembers.list, { query }, { signal }),
  });
  const occupations = t.occupations as Record<string, string>;
  const occupationName = (id: number) => occupations[OCCUPATIONS.find((o) => o.id === id)?.key ?? ''] ?? '';

  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    for (const k of TEXT_FIELDS) {
      const value = form[k]?.trim();
      if (value) next.set(k, value);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next);
  };
  const clear = () => {
    setForm(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])));
    setParams(new URLSearchParams());
  };
  const status = (m: MemberSummary) => (
    <Badge color={MEMBER_STATUS_COLORS[m.status]} variant="filled">
      {x.statuses[m.status]}
    </Badge>
  );

  return (
    <Stack gap="md">
      <PageHeading title={x.title} />
      <Text size="sm">{x.intro}</Text>
      <form onSubmit={search} aria-label={x.search} role="search">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={x.fields.name}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              w={{ base: '100%', xs: 220 }}
            />
            <TextInput
              label={x.fields.email}
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              w={{ base: '100%', xs: 240 }}
            />
            <TextInput
              label={x.fields.phone}
              value={form.phone}
              inputMode="tel"
              onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
              w={{ base: '100%', xs: 170 }}
            />
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={x.fields.occupation}
              data={[
                { value: '', label: x.any },
                ...OCCUPATIONS.map((o) => ({ value: String(o.id), label: occupations[o.key] ?? '' })),
              ]}
              value={params.get('occupation') ?? ''}
              onChange={(v) => setFilter('occupation', v || null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 170 }}
            />
            <Select
              label={x.fields.prefecture}
              data={[
                { value: '', label: x.any },
                ...(areas.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
              ]}
              value={params.get('prefecture') ?? ''}
              onChange={(v) => setFilter('prefecture', v || null)}
              allowDeselect={false}
              searchable
              w={{ base: '100%', xs: 170 }}
            />
            <Select
              label={x.fields.status}
              data={[
                { value: '', label: x.any },
                ...MEMBER_STATUSES.map((s) => ({ value: s, label: x.statuses[s] })),
              ]}
              value={isStatus(statusParam) ? statusParam : ''}
              onChange={(v) => setFilter('status', v || null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 150 }}
            />
            <Button type="submit">{x.search}</Button>
            <Button variant="default" onClick={clear}>
              {x.clear}
            </Button>
          </Group>
        </Stack>
      </form>
      {members.isPending ? (
        <ListSkeleton count={5} />
      ) : members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.data.length === 0 ? (
        <EmptyState>{x.none}</EmptyState>
      ) : (
        <>
          <Text size="sm" role="status">
            {f(x.total, members.data.pagination.total)}
          </Text>
          <Box visibleFrom="sm" className={classes.scroll} role="region" aria-label={x.title} tabIndex={0}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{x.columns.id}</Table.Th>
                  <Table.Th>{x.columns.name}</Table.Th>
                  <Table.Th>{x.columns.contact}</Table.Th>
                  <Table.Th>{x.columns.occupation}</Table.Th>
                  <Table.Th>{x.columns.prefecture}</Table.Th>
                  <Table.Th>{x.columns.status}</Table.Th>
                  <Table.Th>{x.columns.registered}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td className={classes.nowrap}>{m.id}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/office/members/${m.id}`} fw={600} data-user-content>
                        {m.fullname}
                      </Anchor>
                      <Text size="xs" c="dimmed" data-user-content>
                        {m.fullname_kana}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.wrap}>
                      <Text size="sm" data-user-content>
                        {m.email}
                      </Text>
                      <Text size="xs" c="dimmed" data-user-content>
                        {m.phone}
                      </Text>
                    </Table.Td>
                    <Table.Td>{occupationName(m.occupation)}</Table.Td>
                    <Table.Td data-user-content>{areaName(m.area)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{status(m)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{formatDay(m.created_at.slice(0, 10))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Box hiddenFrom="sm" component="ul" className={classes.cards} aria-label={x.title}>
            {members.data.data.map((m) => (
              <li key={m.id}>
                <Paper withBorder p="sm">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <div className={classes.wrap}>
                      <Anchor component={Link} to={`/office/members/${m.id}`} fw={600} data-user-content>
                        {m.fullname}
                      </Anchor>
                      <Text size="xs" c="dimmed" data-user-content>
                        {m.fullname_kana}
                      </Text>
                    </div>
                    {status(m)}
                  </Group>
                  <Text size="sm" className={classes.wrap} data-user-content>
                    {m.email}
                  </Text>
                  <Text size="sm" data-user-content>
                    {m.phone}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {x.columns.id} {m.id} ・ {occupationName(m.occupation)} ・{' '}
                    <span data-user-content>{areaName(m.area)}</span>
                  </Text>
                </Paper>
              </li>
            ))}
          </Box>
        </>
      )}
      <UrlPager pages={members.data?.pagination.pages} page={page} />
    </Stack>
  );
}
