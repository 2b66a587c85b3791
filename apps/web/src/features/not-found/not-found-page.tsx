import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useI18n } from '../../lib/i18n.tsx';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Stack align="center" py={80} gap="md" ta="center">
      <PageTitle title={t.notFound.title} />
      <Text fz={64} fw={800} c="rose.2" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} fz={{ base: 26, sm: 34 }} style={{ letterSpacing: '0.08em' }}>
        {t.notFound.title}
      </Title>
      <Text c="dimmed">{t.notFound.body}</Text>
      <Button component={Link} to="/" mt="md">
        {t.notFound.toHome}
      </Button>
    </Stack>
  );
}
