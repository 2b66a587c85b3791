import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  api,
  EXPIRY_RENEWAL_FILTERS,
  EXPIRY_STATES,
  type ExpiryFilter,
  type ExpiryRenewalFilter,
  type ExpiryState,
  type OfficeExpiry,
} from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call, download } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { CertificateActionModal, type CertificateAction } from './certificate-action-modal.tsx';
import { EXPIRIES_KEY, useExpiriesI18n } from './expiries-i18n.ts';
import classes from './expiries.module.css';

const PROGRESS_COLOR: Record<OfficeExpiry['renewal'], string> = {
  notStarted: 'gray.7',
  awaitingPayment: 'orange.9',
  inProgress: 'blue.8',
  postTest: 'blue.8',
  complete: 'teal.9',
  renewed: 'teal.9',
};

/** The filter of the address (shareable, reloadable); unknown values fall back to the defaults. */
function filterOf(params: URLSearchParams): ExpiryFilter {
  const state = params.get('state');
  const renewal = params.get('renewal');
  const q = params.get('q')?.trim();
  return {
    state: (EXPIRY_STATES as readonly string[]).includes(state ?? '') ? (state as ExpiryState) : 'expiring',
    renewal: (EXPIRY_RENEWAL_FILTERS as readonly string[]).includes(renewal ?? '')
      ? (renewal as ExpiryRenewalFilter)
      : 'any',
    ...(q ? { q } : {}),
  };
}

/**
 * /office/expiries (decision 038): basic-instructor certificates ending within 6 months or expired within
 * the grace months, with the renewal's state and the last reminder; filters, CSV, and extension or
 * revocation by hand with a reason.
 */
export function ExpiriesPage() {
  const { f, x } = useExpiriesI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filterOf(params);
  const [form, setForm] = useState(() => ({ ...filter, q: filter.q ?? '' }));
  const [action, setAction] = useState<CertificateAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [...EXPIRIES_KEY, page, filter],
    queryFn: ({ signal }) =>
      call(api.officeExpiries.list, { query: { page, limit: 50, ...filter } }, { signal }),
  });
  const csv = useMutation({
    mutationFn: () => download(api.officeExpiries.csv, { query: filter }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename ?? 'certificate-expiries.csv'),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams({ state: form.state, renewal: form.renewal });
    if (form.q.trim()) next.set('q', form.q.trim());
    setParams(next);
  };

  const days = (n: number) => (n >= 0 ? f(x.days, n) : f(x.daysPast, -n));

  return (
    <Stack gap="md">
      <PageHeading title={x.title} />
      <Text size="sm">{x.intro}</Text>
      <form onSubmit={search} aria-label={x.filters}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={x.fields.state}
            data={EXPIRY_STATES.map((s) => ({ value: s, label: x.states[s] }))}
            value={form.state}
            onChange={(v) => v && setForm((s) => ({ ...s, state: v as ExpiryState }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 210 }}
            data-testid="filter-state"
          />
          <Select
            label={x.fields.renewal}
            data={EXPIRY_RENEWAL_FILTERS.map((r) => ({ value: r, label: x.renewalFilters[r] }))}
            value={form.renewal}
            onChange={(v) => v && setForm((s) => ({ ...s, renewal: v as ExpiryRenewalFilter }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label={x.fields.q}
            value={form.q}
            onChange={(e) => {
              const q = e.currentTarget.value;
              setForm((s) => ({ ...s, q }));
            }}
            maxLength={100}
            w={{ base: '100%', xs: 260 }}
          />
          <Button type="submit">{x.search}</Button>
          <Button
            variant="outline"
            onClick={() => csv.mutate()}
            loading={csv.isPending}
            data-testid="expiries-csv"
          >
            {x.csv}
          </Button>
        </Group>
      </form>
      {csv.isError ? <QueryError error={csv.error} onRetry={() => csv.mutate()} /> : null}
      <div aria-live="polite">
        {notice ? (
          <Alert
            color="teal"
            variant="light"
            data-testid="action-notice"
            withCloseButton
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        ) : null}
      </div>
      {list.isPending ? (
        <ListSkeleton count={5} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState>{x.none}</EmptyState>
      ) : (
        <>
          <Text size="sm">{f(x.total, list.data.pagination.total)}</Text>
          <div className={classes.scroll} role="region" aria-label={x.caption} tabIndex={0}>
            <Table striped data-testid="expiries-table">
              <caption className="visually-hidden">{x.caption}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{x.columns.member}</Table.Th>
                  <Table.Th scope="col">{x.columns.number}</Table.Th>
                  <Table.Th scope="col">{x.columns.endDate}</Table.Th>
                  <Table.Th scope="col">{x.columns.daysLeft}</Table.Th>
                  <Table.Th scope="col">{x.columns.renewal}</Table.Th>
                  <Table.Th scope="col">{x.columns.reminder}</Table.Th>
                  <Table.Th scope="col">{x.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((r) => (
                  <Table.Tr key={r.certificate_id} data-testid={`expiry-${r.certificate_id}`}>
                    <Table.Td>
                      <Text size="sm" data-user-content>
                        {r.member.name}
                      </Text>
                      <Text size="xs" c="dimmed" data-user-content>
                        {r.member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{r.certificate_number}</Table.Td>
                    <Table.Td className={classes.nowrap}>{formatDate(r.end_date)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{days(r.days_left)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <Badge color={PROGRESS_COLOR[r.renewal]} variant="filled" radius="sm">
                          {x.progress[r.renewal]}
                        </Badge>
                        {r.request_id !== null ? (
                          <Anchor component={Link} to={`/office/renewals/${r.request_id}`} size="xs">
                            {x.viewRenewal}
                          </Anchor>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      {r.last_reminder ? x.reminders[r.last_reminder] : x.noReminder}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {r.renewal !== 'renewed' && r.renewal !== 'complete' ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setAction({ kind: 'extend', row: r })}
                            aria-label={`${x.extend} ${r.certificate_number}`}
                          >
                            {x.extend}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          onClick={() => setAction({ kind: 'revoke', row: r })}
                          aria-label={`${x.revoke} ${r.certificate_number}`}
                        >
                          {x.revoke}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
      {list.data && list.data.pagination.pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={list.data.pagination.pages}
            value={page}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next);
            }}
            size="sm"
          />
        </Group>
      ) : null}
      <CertificateActionModal
        action={action}
        onClose={() => setAction(null)}
        onDone={(message) => {
          setAction(null);
          setNotice(message);
        }}
      />
    </Stack>
  );
}
