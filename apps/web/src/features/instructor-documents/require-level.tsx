import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { currentRankQuery } from './api/get-current-rank.ts';

/**
 * The instructor documents need a current rank with a level (spec 001): a user without one is
 * sent to /404, as if the pages did not exist.
 */
export function RequireLevel({ children }: { children: ReactNode }) {
  const rank = useQuery(currentRankQuery());
  if (rank.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="40%" />
        <Skeleton height={200} />
      </Stack>
    );
  if (rank.isError) return <QueryError error={rank.error} onRetry={() => void rank.refetch()} />;
  if (rank.data.level === null) return <Navigate to="/404" replace />;
  return children;
}
