import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiRequestError } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A failed load: the server's message, or a missing-data notice for 404, with a retry. */
export function QueryError({
  error,
  onRetry,
  notFoundText,
}: {
  error: unknown;
  onRetry?: () => void;
  notFoundText?: string;
}) {
  const { t } = useI18n();
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {notFoundText ?? t.errors.notFound}
      </Text>
    );
  }
  const message = error instanceof ApiRequestError ? error.message : t.errors.generic;
  return (
    <Alert color="red" variant="light" role="alert" title={t.errors.generic}>
      <Group justify="space-between" align="center">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t.app.retry}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
