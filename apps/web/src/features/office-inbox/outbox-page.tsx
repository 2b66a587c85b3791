import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { api, OUTBOX_STATUSES, type OutboxStatus } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UrlPager } from '../../components/url-pager.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, INBOX_KEY, OUTBOX_STATUS_COLORS, useInboxI18n } from './inbox-i18n.ts';
import classes from './inbox.module.css';

const isStatus = (s: string | null): s is OutboxStatus =>
  s !== null && (OUTBOX_STATUSES as readonly string[]).includes(s);

/** /office/outbox: outgoing mail, newest first, filtered by status, template and recipient or subject. */
export function OutboxPage() {
  const { x } = useInboxI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = params.get('q') ?? '';
  const template = params.get('template') ?? '';
  const [text, setText] = useState(q);
  const [templateText, setTemplateText] = useState(template);

  const mails = useQuery({
    queryKey: [...INBOX_KEY, 'outbox', page, status, q, template],
    queryFn: ({ signal }) =>
      call(
        api.officeOutbox.list,
        {
          query: {
            page,
            limit: 50,
            ...(status ? { status } : {}),
            ...(q ? { q } : {}),
            ...(template ? { template } : {}),
          },
        },
        { signal },
      ),
  });

  const apply = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text.trim() || null, template: templateText.trim() || null });
  };

  return (
    <Stack gap="md">
      <PageHeading title={x.console.outboxTitle} />
      <form onSubmit={search} aria-label={x.console.filters}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={x.fields.mailStatus}
            data={[
              { value: '', label: x.console.allStatuses },
              ...OUTBOX_STATUSES.map((s) => ({ value: s, label: x.outboxStatuses[s] })),
            ]}
            value={status ?? ''}
            onChange={(v) => apply({ status: v || null })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            label={x.fields.template}
            value={templateText}
            onChange={(e) => setTemplateText(e.currentTarget.value)}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            label={x.fields.keyword}
            description={x.console.outboxKeywordHint}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          <Button type="submit">{x.console.search}</Button>
        </Group>
      </form>
      {mails.isPending ? (
        <ListSkeleton count={5} />
      ) : mails.isError ? (
        <QueryError error={mails.error} onRetry={() => void mails.refetch()} />
      ) : mails.data.data.length === 0 ? (
        <EmptyState>{x.console.noMails}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={x.console.outboxTitle} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{x.console.createdAt}</Table.Th>
                <Table.Th className={classes.status}>{x.fields.mailStatus}</Table.Th>
                <Table.Th>{x.console.subject}</Table.Th>
                <Table.Th>{x.console.to}</Table.Th>
                <Table.Th>{x.fields.template}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.data.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(m.created_at)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Badge color={OUTBOX_STATUS_COLORS[m.status]} variant="filled">
                      {x.outboxStatuses[m.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/office/outbox/${m.id}`} fw={600} data-user-content>
                      {m.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-user-content>{m.to}</Table.Td>
                  <Table.Td className={classes.nowrap} data-user-content>
                    {m.template ?? x.console.noTemplate}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <UrlPager pages={mails.data?.pagination.pages} page={page} />
      <Text size="xs" c="dimmed">
        {x.console.japanTime}
      </Text>
    </Stack>
  );
}
