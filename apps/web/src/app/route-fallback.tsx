import { Center, Loader } from '@mantine/core';
import { useI18n } from '../lib/i18n.tsx';

/**
 * What the page area shows while the first visited route's chunk loads (React Router's
 * HydrateFallback): the header and footer are already there, the page's own code is not yet.
 */
export function RouteFallback() {
  const { t } = useI18n();
  return (
    <Center py="xl" role="status" aria-label={t.app.loading}>
      <Loader />
    </Center>
  );
}
