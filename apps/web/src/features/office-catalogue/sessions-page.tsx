import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { api, SESSION_STATES, type OfficeSessionSummary, type SessionState } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { CATALOGUE_KEY, useCatalogueI18n } from './catalogue-i18n.ts';
import { CatalogueDates, DateField } from './dates.tsx';
import classes from './catalogue.module.css';

type Filters = {
  course?: number | undefined;
  area?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  state?: SessionState | undefined;
  page: number;
};

const positive = (s: string | null) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const day = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined);

function filtersOf(params: URLSearchParams): Filters {
  const state = params.get('state');
  return {
    course: positive(params.get('course')),
    area: positive(params.get('area')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    state: (SESSION_STATES as readonly string[]).includes(state ?? '') ? (state as SessionState) : undefined,
    page: positive(params.get('page')) ?? 1,
  };
}

export function StateBadge({ session }: { session: Pick<OfficeSessionSummary, 'status' | 'is_active'> }) {
  const { c } = useCatalogueI18n();
  if (session.is_active === 0)
    return (
      <Badge color="red.8" variant="filled">
        {c.cancelledBadge}
      </Badge>
    );
  return (
    <Badge color={session.status === 'published' ? 'teal.9' : 'gray.7'} variant="filled">
      {c.statuses[session.status]}
    </Badge>
  );
}

/** /office/sessions: every session, drafts and cancelled ones included, with the catalogue's filters. */
export function SessionsPage() {
  const { c, f, t } = useCatalogueI18n();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [draft, setDraft] = useState(filters);
  const sessions = useQuery({
    queryKey: [...CATALOGUE_KEY, 'sessions', filters],
    queryFn: ({ signal }) => call(api.officeSessions.list, { query: { ...filters, limit: 50 } }, { signal }),
  });
  const courses = useQuery({
    queryKey: [...CATALOGUE_KEY, 'courses', 'all'],
    queryFn: ({ signal }) => call(api.officeCourses.list, { query: { limit: 100 } }, { signal }),
  });
  const areas = useQuery({
    queryKey: [...CATALOGUE_KEY, 'areas'],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: 47 } }, { signal }),
  });
  const apply = (next: Filters) => {
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next))
      if (value !== undefined && !(key === 'page' && value === 1)) out.set(key, String(value));
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, page: 1 });
  };
  const fl = c.fields;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={c.console.sessionsTitle} />
        <Button component={Link} to="/office/sessions/new">
          {c.console.newSession}
        </Button>
      </Group>
      <CatalogueDates>
        <form onSubmit={submit} aria-label={c.console.filters}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Select
              label={fl.course}
              data={[
                { value: '', label: c.console.allStates },
                ...(courses.data?.data ?? []).map((x) => ({ value: String(x.id), label: x.name })),
              ]}
              value={draft.course ? String(draft.course) : ''}
              onChange={(v) => setDraft({ ...draft, course: positive(v) })}
              allowDeselect={false}
              searchable
            />
            <Select
              label={fl.area}
              data={[
                { value: '', label: c.console.allStates },
                ...(areas.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
              ]}
              value={draft.area ? String(draft.area) : ''}
              onChange={(v) => setDraft({ ...draft, area: positive(v) })}
              allowDeselect={false}
              searchable
            />
            <DateField
              label={t.publicSite.search.startDate}
              value={draft.from ?? null}
              onChange={(v) => setDraft({ ...draft, from: v ?? undefined })}
              clearable
            />
            <DateField
              label={t.publicSite.search.endDate}
              value={draft.to ?? null}
              onChange={(v) => setDraft({ ...draft, to: v ?? undefined })}
              clearable
            />
            <Select
              label={fl.status}
              data={[
                { value: '', label: c.console.allStates },
                { value: 'draft', label: c.statuses.draft },
                { value: 'published', label: c.statuses.published },
                { value: 'cancelled', label: c.cancelledBadge },
              ]}
              value={draft.state ?? ''}
              onChange={(v) =>
                setDraft({
                  ...draft,
                  state: (SESSION_STATES as readonly string[]).includes(v ?? '')
                    ? (v as SessionState)
                    : undefined,
                })
              }
              allowDeselect={false}
            />
          </SimpleGrid>
          <Group mt="sm" gap="sm">
            <Button type="submit">{c.console.search}</Button>
            <Button
              variant="subtle"
              onClick={() => {
                setDraft({ page: 1 });
                apply({ page: 1 });
              }}
            >
              {c.console.clear}
            </Button>
          </Group>
        </form>
      </CatalogueDates>
      {sessions.isPending ? (
        <ListSkeleton count={5} />
      ) : sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <EmptyState>{c.console.noSessions}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {f(c.console.sessionsCount, sessions.data.pagination.total)}
          </Text>
          <div className={classes.scroll} role="region" aria-label={c.console.sessionsTitle} tabIndex={0}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{fl.eventDate}</Table.Th>
                  <Table.Th>{fl.sessionName}</Table.Th>
                  <Table.Th>{fl.area}</Table.Th>
                  <Table.Th>{c.console.recruitments}</Table.Th>
                  <Table.Th>{fl.status}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td className={classes.nowrap}>
                      {formatDate(s.event_date)} {s.event_start_time}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/office/sessions/${s.id}`} fw={600} data-user-content>
                        {s.name}
                      </Anchor>
                      <Text size="xs" c="dimmed" data-user-content>
                        {s.course_name}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.nowrap} data-user-content>
                      {s.area_name}
                    </Table.Td>
                    <Table.Td>
                      {s.recruitments.map((r) => (
                        <Text key={r.type_id} size="sm" className={classes.nowrap}>
                          {(t.userTypes as Record<number, string>)[r.type_id] ?? r.type_name}
                          {t.app.colon}
                          {r.participant}/{r.capacity}
                          {f(t.app.parenthesized, c.selections[r.selection])}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <StateBadge session={s} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
      {sessions.data && sessions.data.pagination.pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={sessions.data.pagination.pages}
            value={filters.page}
            onChange={(p) => apply({ ...filters, page: p })}
            size="sm"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
