import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { api } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { formatYen } from '../../lib/format.ts';
import { CATALOGUE_KEY, useCatalogueI18n } from './catalogue-i18n.ts';
import classes from './catalogue.module.css';

/** /office/courses: every course, public or not, in display order, with its number of sessions. */
export function CoursesPage() {
  const { c, f } = useCatalogueI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const courses = useQuery({
    queryKey: [...CATALOGUE_KEY, 'courses', page],
    queryFn: ({ signal }) => call(api.officeCourses.list, { query: { page, limit: 50 } }, { signal }),
  });
  const fields = c.fields;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={c.console.coursesTitle} />
        <Button component={Link} to="/office/courses/new">
          {c.console.newCourse}
        </Button>
      </Group>
      {courses.isPending ? (
        <ListSkeleton count={5} />
      ) : courses.isError ? (
        <QueryError error={courses.error} onRetry={() => void courses.refetch()} />
      ) : courses.data.data.length === 0 ? (
        <EmptyState>{c.console.noCourses}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={c.console.coursesTitle} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{fields.order}</Table.Th>
                <Table.Th>{fields.name}</Table.Th>
                <Table.Th>{fields.price}</Table.Th>
                <Table.Th>{fields.certificatePrefix}</Table.Th>
                <Table.Th>{c.console.sessions}</Table.Th>
                <Table.Th>{fields.isActive}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {courses.data.data.map((course) => (
                <Table.Tr key={course.id}>
                  <Table.Td>{course.order}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/office/courses/${course.id}`} fw={600} data-user-content>
                      {course.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatYen(course.price)}</Table.Td>
                  <Table.Td>{course.certificate_prefix ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/office/sessions?course=${course.id}`}>
                      {f(c.console.sessionsCount, course.sessions)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={course.is_active ? 'teal.9' : 'gray.7'} variant="filled">
                      {course.is_active ? c.courseStates.active : c.courseStates.archived}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {courses.data && courses.data.pagination.pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={courses.data.pagination.pages}
            value={page}
            onChange={(p) => setParams({ page: String(p) })}
            size="sm"
          />
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {c.console.japanTime}
      </Text>
    </Stack>
  );
}
