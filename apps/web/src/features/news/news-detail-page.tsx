import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { formatNewsDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { newsQuery } from './api/get-news.ts';

/** /news/{id} and /news/{id}/{type_id} (the news as shown to one user type). */
export function NewsDetailPage() {
  const { t } = useI18n();
  const params = useParams();
  const id = Number(params.id);
  const typeId = params.typeId ? Number(params.typeId) : undefined;
  const valid =
    Number.isInteger(id) && id > 0 && (typeId === undefined || (Number.isInteger(typeId) && typeId > 0));
  const query = useQuery({ ...newsQuery(id, typeId), enabled: valid });
  if (!valid) return <EmptyState>{t.errors.notFound}</EmptyState>;
  return (
    <Stack gap="md">
      {query.isPending ? (
        <>
          <PageTitle title={t.nav.news} />
          <Skeleton height={32} width="70%" />
          <Skeleton height={240} />
        </>
      ) : query.isError ? (
        <>
          <PageTitle title={t.nav.news} />
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <Paper component="article" p={{ base: 'md', sm: 'xl' }} withBorder>
          <PageTitle title={query.data.title} />
          <Group gap="sm" mb="xs">
            <Text component="time" dateTime={query.data.public_date} size="sm" c="dimmed">
              {formatNewsDate(query.data.public_date)}
            </Text>
            {query.data.category_news ? (
              <Badge variant="light" size="sm" data-user-content>
                {query.data.category_news.title}
              </Badge>
            ) : null}
          </Group>
          <Title order={1} fz={{ base: 22, sm: 28 }} mb="lg" data-user-content>
            {query.data.title}
          </Title>
          <RichText html={query.data.content} />
        </Paper>
      )}
      <Anchor component={Link} to="/news">
        ← {t.nav.news}
      </Anchor>
    </Stack>
  );
}
