import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { api, officeEn, officeJa, type AuditEntry, type AuditFilter } from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UrlPager } from '../../components/url-pager.tsx';
import { call, download } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import classes from './audit.module.css';

/** The filter's fields, as they appear in the address (so a filtered view can be shared and reloaded). */
const FIELDS = ['member_id', 'training_id', 'order_id', 'actor_id', 'action', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];
const ID_FIELDS = new Set<Field>(['member_id', 'training_id', 'order_id', 'actor_id']);

/** The filter of the address as the API's query: ids as numbers, empty fields left out. */
function filterOf(params: URLSearchParams): AuditFilter {
  const query: Record<string, string | number> = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    query[field] = ID_FIELDS.has(field) && /^\d+$/.test(value) ? Number(value) : value;
  }
  // The server validates: a value the form let through (not a number, a bad date) is answered with a 400.
  return query as AuditFilter;
}

function Change({ entry, x }: { entry: AuditEntry; x: typeof officeJa.audit }) {
  const parts = [
    [x.before, entry.before],
    [x.after, entry.after],
    [x.details, entry.details],
  ].filter((p): p is [string, string] => p[1] !== null);
  if (parts.length === 0) return null;
  return (
    <dl className={classes.change}>
      {parts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-user-content>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /office/audit: the audit log, newest first, filtered by member, session, order, actor, action, dates. */
export function AuditPage() {
  const i18n = useI18n();
  const x = (i18n.lang === 'en' ? officeEn : officeJa).audit;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>,
  );
  const filter = filterOf(params);

  const log = useQuery({
    queryKey: ['office-audit', page, filter],
    queryFn: ({ signal }) =>
      call(api.officeAudit.list, { query: { page, limit: 50, ...filter } }, { signal }),
  });
  const csv = useMutation({
    mutationFn: () => download(api.officeAudit.csv, { query: filter }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename ?? 'audit.csv'),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const field of FIELDS) if (form[field].trim()) next.set(field, form[field].trim());
    setParams(next);
  };
  const clear = () => {
    setForm(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>);
    setParams(new URLSearchParams());
  };
  const input = (field: Field, type: 'text' | 'date' | 'number' = 'text', description?: string) => (
    <TextInput
      label={x.fields[fieldKey[field]]}
      description={description}
      type={type}
      inputMode={type === 'number' ? 'numeric' : undefined}
      min={type === 'number' ? 1 : undefined}
      value={form[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => ({ ...f, [field]: value }));
      }}
      w={{ base: '100%', xs: field === 'action' ? 240 : type === 'date' ? 170 : 150 }}
    />
  );

  return (
    <Stack gap="md">
      <PageHeading title={x.title} />
      <Text size="sm">{x.intro}</Text>
      <form onSubmit={search} aria-label={x.filters}>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            {input('member_id', 'number')}
            {input('training_id', 'number')}
            {input('order_id', 'number')}
            {input('actor_id', 'number')}
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {input('action', 'text', x.actionHint)}
            {input('from', 'date')}
            {input('to', 'date')}
          </Group>
          <Group gap="sm">
            <Button type="submit">{x.search}</Button>
            <Button variant="default" onClick={clear}>
              {x.clear}
            </Button>
            <Button variant="outline" onClick={() => csv.mutate()} loading={csv.isPending}>
              {x.csv}
            </Button>
          </Group>
        </Stack>
      </form>
      {csv.isError ? <QueryError error={csv.error} onRetry={() => csv.mutate()} /> : null}
      {log.isPending ? (
        <ListSkeleton count={5} />
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <EmptyState>{x.none}</EmptyState>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {x.total.replace('{0}', String(log.data.pagination.total))}
          </Text>
          <div className={classes.scroll} role="region" aria-label={x.title} tabIndex={0}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{x.columns.when}</Table.Th>
                  <Table.Th>{x.columns.actor}</Table.Th>
                  <Table.Th>{x.columns.action}</Table.Th>
                  <Table.Th>{x.columns.object}</Table.Th>
                  <Table.Th>{x.columns.change}</Table.Th>
                  <Table.Th>{x.columns.ip}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((e) => (
                  <Table.Tr key={e.key}>
                    <Table.Td className={classes.nowrap}>
                      {formatDateTime(e.created_at, { seconds: true })}
                    </Table.Td>
                    <Table.Td data-user-content>
                      {e.actor ? `${e.actor.name} (#${e.actor.id})` : x.system}
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <code>{e.action}</code>
                      <Text size="xs" c="dimmed">
                        {x.sources[e.source]}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      {e.object_type}
                      {e.object_id === null ? '' : ` #${e.object_id}`}
                    </Table.Td>
                    <Table.Td>
                      <Change entry={e} x={x} />
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{e.ip ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
      <UrlPager pages={log.data?.pagination.pages} page={page} />
    </Stack>
  );
}

const fieldKey: Record<Field, keyof typeof officeJa.audit.fields> = {
  member_id: 'member',
  training_id: 'session',
  order_id: 'order',
  actor_id: 'actor',
  action: 'action',
  from: 'from',
  to: 'to',
};
