import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { api, CONTACT_STATUSES, type ContactStatus } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UrlPager } from '../../components/url-pager.tsx';
import { call } from '../../lib/api-client.ts';
import { CONTACT_STATUS_COLORS, formatDateTime, INBOX_KEY, useInboxI18n } from './inbox-i18n.ts';
import classes from './inbox.module.css';

const isStatus = (s: string | null): s is ContactStatus =>
  s !== null && (CONTACT_STATUSES as readonly string[]).includes(s);

/** /office/contacts: contact messages, newest first, filtered by status, assignee and text (decision 032). */
export function ContactsPage() {
  const { x } = useInboxI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const assigneeParam = params.get('assignee');
  const assignee =
    assigneeParam === 'none'
      ? ('none' as const)
      : Number(assigneeParam) > 0
        ? Number(assigneeParam)
        : undefined;
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);

  const staff = useQuery({
    queryKey: [...INBOX_KEY, 'staff'],
    queryFn: ({ signal }) => call(api.officeContacts.staff, undefined, { signal }),
  });
  const contacts = useQuery({
    queryKey: [...INBOX_KEY, 'contacts', page, status, assignee, q],
    queryFn: ({ signal }) =>
      call(
        api.officeContacts.list,
        {
          query: {
            page,
            limit: 50,
            ...(status ? { status } : {}),
            ...(assignee !== undefined ? { assignee } : {}),
            ...(q ? { q } : {}),
          },
        },
        { signal },
      ),
  });

  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', text.trim() || null);
  };

  return (
    <Stack gap="md">
      <PageHeading title={x.console.contactsTitle} />
      <form onSubmit={search} aria-label={x.console.filters}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={x.fields.status}
            data={[
              { value: '', label: x.console.allStatuses },
              ...CONTACT_STATUSES.map((s) => ({ value: s, label: x.contactStatuses[s] })),
            ]}
            value={status ?? ''}
            onChange={(v) => setFilter('status', v || null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={x.fields.assignee}
            data={[
              { value: '', label: x.console.anyAssignee },
              { value: 'none', label: x.console.unassigned },
              ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={assigneeParam ?? ''}
            onChange={(v) => setFilter('assignee', v || null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            label={x.fields.keyword}
            description={x.console.keywordHint}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          <Button type="submit">{x.console.search}</Button>
        </Group>
      </form>
      {contacts.isPending ? (
        <ListSkeleton count={5} />
      ) : contacts.isError ? (
        <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : contacts.data.data.length === 0 ? (
        <EmptyState>{x.console.noContacts}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={x.console.contactsTitle} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{x.console.receivedAt}</Table.Th>
                <Table.Th className={classes.status}>{x.fields.status}</Table.Th>
                <Table.Th>{x.console.subject}</Table.Th>
                <Table.Th>{x.console.sender}</Table.Th>
                <Table.Th>{x.fields.assignee}</Table.Th>
                <Table.Th>{x.console.replies}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.data.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(c.created_at)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Badge color={CONTACT_STATUS_COLORS[c.status]} variant="filled">
                      {x.contactStatuses[c.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/office/contacts/${c.id}`} fw={600} data-user-content>
                      {c.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-user-content>
                    {c.client_name}
                    <Text size="xs" c="dimmed">
                      {c.client_email}
                    </Text>
                  </Table.Td>
                  <Table.Td data-user-content>{c.assignee?.name ?? x.console.unassigned}</Table.Td>
                  <Table.Td className={classes.nowrap}>{c.replies}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <UrlPager pages={contacts.data?.pagination.pages} page={page} />
      <Text size="xs" c="dimmed">
        {x.console.japanTime}
      </Text>
    </Stack>
  );
}
