import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { useI18n } from '../lib/i18n.tsx';

/** Shown when a route fails to load or render (for example after a deploy replaced its chunk). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Stack align="center" py={80} ta="center">
      <PageTitle title={t.errors.generic} />
      <Title order={1} fz={24}>
        {t.errors.generic}
      </Title>
      <Text c="dimmed">{t.errors.internal}</Text>
      <Button onClick={() => window.location.reload()}>{t.app.retry}</Button>
    </Stack>
  );
}
