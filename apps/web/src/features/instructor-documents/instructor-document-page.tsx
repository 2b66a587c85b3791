import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { formatNewsDate } from '../../lib/format.ts';
import { instructorDocumentQuery } from './api/get-instructor-documents.ts';
import { useInstructorDocsI18n } from './instructor-docs-messages.ts';
import classes from './instructor-documents.module.css';
import { RequireLevel } from './require-level.tsx';

/** /instructor-document/{id}: one document with its HTML body. */
export function InstructorDocumentPage() {
  return (
    <RequireLevel>
      <DocumentDetail />
    </RequireLevel>
  );
}

function DocumentDetail() {
  const { d } = useInstructorDocsI18n();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...instructorDocumentQuery(id), enabled: valid });
  if (!valid) return <Navigate to="/404" replace />;
  return (
    <Stack gap="md">
      {query.isPending ? (
        <>
          <PageTitle title={d.title} />
          <Skeleton height={32} width="70%" />
          <Skeleton height={240} />
        </>
      ) : query.isError ? (
        <>
          <PageTitle title={d.title} />
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <Paper component="article" p={{ base: 'md', sm: 'xl' }} withBorder>
          <PageTitle title={`${query.data.title} | ${d.title}`} />
          <Group gap="sm" mb="xs">
            <Text component="time" dateTime={query.data.created_at} size="sm" c="dimmed">
              {formatNewsDate(query.data.created_at)}
            </Text>
            {query.data.category_instructor_document ? (
              <Badge variant="light" size="sm">
                {query.data.category_instructor_document.title}
              </Badge>
            ) : null}
          </Group>
          <Title order={1} fz={{ base: 22, sm: 28 }} mb="lg">
            {query.data.title}
          </Title>
          <div className={classes.body}>
            <RichText html={query.data.content} />
          </div>
        </Paper>
      )}
      <Anchor component={Link} to="/instructor-document">
        ← {d.backToList}
      </Anchor>
    </Stack>
  );
}
