import { Button, Card, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { seminarInfoQuery } from './api/get-seminar-info.ts';

export function SeminarInfoPage() {
  const { t } = useI18n();
  const query = useQuery(seminarInfoQuery());
  if (query.isPending)
    return (
      <>
        <PageHeading title={t.pages.seminarInfo} />
        <Skeleton height={160} mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton height={260} />
          <Skeleton height={260} />
          <Skeleton height={260} />
        </SimpleGrid>
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeading title={t.pages.seminarInfo} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const info = query.data;
  return (
    <>
      <PageHeading title={info.title} documentTitle={t.pages.seminarInfo} userContent />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} mb="lg">
        <RichText html={info.description} />
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mb="xl">
        {info.contents.map((c) => (
          <Card key={c.id} withBorder padding="lg" component="section">
            {c.image ? (
              <Card.Section>
                <Image src={c.image} alt="" h={160} fit="cover" />
              </Card.Section>
            ) : null}
            <Title order={2} fz={18} mt="md" mb="xs" data-user-content>
              {c.title}
            </Title>
            <RichText html={c.content} />
          </Card>
        ))}
      </SimpleGrid>
      <Paper withBorder p="lg" bg="rose.0">
        <Stack gap="sm" align="flex-start">
          <Text>{t.pages.seminarAdminNote}</Text>
          <Group>
            <Button component="a" href={info.admin_login_url} target="_blank" rel="noopener noreferrer">
              {t.pages.seminarAdminLink}
            </Button>
            <Button component={Link} to="/seminar-register" variant="default">
              {t.pages.seminarRegisterLink}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
