import { Grid, NavLink as MantineNavLink, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { aboutQuery, aboutTypesQuery } from './api/get-abouts.ts';

function Section({ id }: { id: number }) {
  const { t } = useI18n();
  const query = useQuery({ ...aboutQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0) return <EmptyState>{t.pages.aboutNotFound}</EmptyState>;
  if (query.isPending) return <Skeleton height={320} />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        notFoundText={t.pages.aboutNotFound}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Paper component="article" p={{ base: 'md', sm: 'xl' }} withBorder>
      <PageTitle title={`${query.data.name} | ${t.pages.about}`} />
      <Title order={2} mb="md" fz={{ base: 20, sm: 24 }} data-user-content>
        {query.data.name}
      </Title>
      <RichText html={query.data.content} />
    </Paper>
  );
}

/** /about?tab={id}: a side menu of the sections and the chosen one. */
export function AboutPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const types = useQuery(aboutTypesQuery());
  const tabParam = params.get('tab');
  const firstId = types.data?.[0]?.id;
  const current = tabParam === null ? firstId : Number(tabParam);
  return (
    <>
      <PageHeading title={t.pages.about} />
      {types.isPending ? (
        <ListSkeleton count={5} />
      ) : types.isError ? (
        <QueryError error={types.error} onRetry={() => void types.refetch()} />
      ) : types.data.length === 0 ? (
        <EmptyState>{t.empty.nothingToDisplay}</EmptyState>
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper component="nav" aria-label={t.pages.aboutMenu} withBorder p={4}>
              <Stack gap={2}>
                {types.data.map((section) => (
                  <MantineNavLink
                    key={section.id}
                    component={Link}
                    to={`/about?tab=${section.id}`}
                    label={<span data-user-content>{section.name}</span>}
                    active={section.id === current}
                    aria-current={section.id === current ? 'page' : undefined}
                    variant="light"
                  />
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {current !== undefined ? <Section id={current} /> : null}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
