import { Badge, Box, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { flowsQuery } from './api/get-flows.ts';

export function FlowPage() {
  const { t } = useI18n();
  const query = useQuery(flowsQuery());
  return (
    <>
      <PageHeading title={t.pages.flow} lead={t.pages.flowLead} />
      {query.isPending ? (
        <ListSkeleton count={5} height={120} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>{t.empty.nothingToDisplay}</EmptyState>
      ) : (
        <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((item, index) => (
            <Box component="li" key={item.id}>
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <Group gap="sm" mb="sm" wrap="nowrap" align="center">
                  <Badge size="lg" circle variant="filled" aria-hidden>
                    {index + 1}
                  </Badge>
                  <Title order={2} fz={{ base: 18, sm: 20 }}>
                    <Box component="span" className="visually-hidden">{`STEP ${index + 1} `}</Box>
                    <span data-user-content>{item.title}</span>
                  </Title>
                </Group>
                <RichText html={item.content} />
              </Paper>
            </Box>
          ))}
        </Stack>
      )}
    </>
  );
}
