import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  useMatches,
} from '@mantine/core';
import { OFFICE_WAITING, type OfficeTraining, type OfficeWaiting } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate } from '../../lib/format.ts';
import { useOfficeI18n } from '../../features/office/office-messages.ts';
import { coursesQuery } from '../../features/search/api/get-courses.ts';
import { trainingsQuery, type TrainingFilters } from '../../features/office/api/office-calls.ts';
import { OfficePager, TableScroll, Tag } from '../../features/office/office-shared.tsx';
import classes from '../../features/office/office.module.css';

const isDate = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined);

function filtersOf(params: URLSearchParams): TrainingFilters {
  const waiting = params.get('waiting');
  const course = Number(params.get('course'));
  const page = Number(params.get('page'));
  return {
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    course: Number.isInteger(course) && course > 0 ? course : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
    waiting: (OFFICE_WAITING as readonly string[]).includes(waiting ?? '')
      ? (waiting as OfficeWaiting)
      : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function RecruitmentLines({ training, wrap = false }: { training: OfficeTraining; wrap?: boolean }) {
  const { f, o, t } = useOfficeI18n();
  const m = o.trainings;
  return (
    <Stack gap={4}>
      {training.recruitments.map((r) => (
        <Group key={r.user_type_id} gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
          <Text size="sm" fw={600} className={classes.nowrap}>
            {(t.userTypes as Record<number, string>)[r.user_type_id] ?? r.user_type_name}
          </Text>
          <Tag size="sm" color={r.selection === 'lottery' ? 'grape' : 'blue'}>
            {o.training.selection[r.selection]}
          </Tag>
          <Text size="sm" className={classes.nowrap}>
            {f(m.places, r.participant, r.capacity)}
            {t.app.separator}
            {f(m.applicants, r.applicants)}
          </Text>
          {r.lottery_ready ? (
            <Tag size="sm" color="orange">
              {m.lotteryReady}
            </Tag>
          ) : null}
          {r.drawn ? (
            <Tag size="sm" variant="outline" color="gray">
              {m.drawn}
            </Tag>
          ) : null}
          {r.awaiting_approval > 0 ? (
            <Tag size="sm" color="orange">
              {f(m.awaitingApproval, r.awaiting_approval)}
            </Tag>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

/** /office/trainings: sessions (upcoming first) with filters, places and applicant counts. */
export function OfficeTrainingsPage() {
  const { f, o, t } = useOfficeI18n();
  const m = o.trainings;
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = useQuery(trainingsQuery(filters));
  const courses = useQuery(coursesQuery());
  const [draft, setDraft] = useState({
    from: filters.from ?? '',
    to: filters.to ?? '',
    course: filters.course ? String(filters.course) : null,
    keyword: filters.keyword ?? '',
    waiting: filters.waiting ?? null,
  });
  const apply = (next: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) search.set(key, value);
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft({ from: '', to: '', course: null, keyword: '', waiting: null });
    apply({});
  };
  const rows = query.data?.data ?? [];
  // A phone gets one card per session; wider screens the table.
  const cards = useMatches({ base: true, sm: false });
  return (
    <>
      <PageHeading title={m.title} lead={m.lead} />
      <form onSubmit={submit} aria-label={m.search}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="sm">
          <TextInput
            type="date"
            label={m.from}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={m.to}
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          />
          <Select
            label={m.course}
            placeholder={m.allCourses}
            clearable
            data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.course}
            onChange={(value) => setDraft({ ...draft, course: value })}
          />
          <TextInput
            label={m.keyword}
            placeholder={m.keywordPlaceholder}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
          />
          <Select
            label={m.waiting}
            placeholder={m.waitingAll}
            clearable
            data={[
              { value: 'lottery', label: m.waitingLottery },
              { value: 'assistant', label: m.waitingAssistant },
            ]}
            value={draft.waiting}
            onChange={(value) => setDraft({ ...draft, waiting: value as OfficeWaiting | null })}
          />
        </SimpleGrid>
        <Group gap="sm" mb="lg">
          <Button type="submit">{m.search}</Button>
          <Button variant="default" onClick={clear}>
            {m.clear}
          </Button>
          {query.data ? (
            <Text size="sm" c="dimmed" role="status">
              {f(m.total, query.data.pagination.total)}
            </Text>
          ) : null}
        </Group>
      </form>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <ListSkeleton count={5} /> : null}
      {query.data && rows.length === 0 ? <EmptyState>{m.empty}</EmptyState> : null}
      {rows.length > 0 && cards ? (
        <Stack gap="sm">
          {rows.map((training) => (
            <Card key={training.id} withBorder radius="md" padding="sm" data-testid="office-training-row">
              <Text size="sm">
                {formatDate(training.event_date)} {training.event_start_time}
                {t.app.range}
                {training.event_end_time}
              </Text>
              <Anchor component={Link} to={`/office/trainings/${training.id}`} fw={700} data-user-content>
                {training.name}
              </Anchor>
              <Text size="xs" c="dimmed" mb="xs" data-user-content>
                {training.course.name}・{training.venue_name}
              </Text>
              <RecruitmentLines training={training} wrap />
            </Card>
          ))}
        </Stack>
      ) : null}
      {rows.length > 0 && !cards ? (
        <TableScroll label={m.title}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.date}</Table.Th>
                <Table.Th scope="col">{m.name}</Table.Th>
                <Table.Th scope="col">{m.recruitments}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((training) => (
                <Table.Tr key={training.id} data-testid="office-training-row">
                  <Table.Td className={classes.nowrap}>
                    <Text size="sm">{formatDate(training.event_date)}</Text>
                    <Text size="xs" c="dimmed">
                      {training.event_start_time}
                      {t.app.range}
                      {training.event_end_time}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/office/trainings/${training.id}`}
                      fw={700}
                      size="sm"
                      data-user-content
                    >
                      {training.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" data-user-content>
                      {training.course.name}・{training.venue_name}
                    </Text>
                    {training.is_active ? null : (
                      <Tag size="xs" color="gray" variant="outline">
                        {m.inactive}
                      </Tag>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RecruitmentLines training={training} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      <OfficePager
        pagination={query.data?.pagination}
        onChange={(page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next);
        }}
      />
    </>
  );
}
