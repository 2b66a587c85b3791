import { Skeleton, Stack } from '@mantine/core';
import { useI18n } from '../lib/i18n.tsx';

/** Skeleton rows while a list loads (the spec's counts: 3, 5, 7 or 10). */
export function ListSkeleton({ count, height = 56 }: { count: 3 | 5 | 7 | 10; height?: number }) {
  const { t } = useI18n();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t.app.loading}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}
