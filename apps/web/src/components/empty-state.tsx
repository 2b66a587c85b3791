import { Text } from '@mantine/core';

export function EmptyState({ children }: { children: string }) {
  return (
    <Text ta="center" c="dimmed" py="xl" role="status">
      {children}
    </Text>
  );
}
