import type { Area } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

export const areasQuery = () =>
  queryOptions({
    queryKey: ['areas', 50],
    queryFn: () => apiList<Area>('/areas', { query: { limit: 50 } }).then((r) => r.data),
    staleTime: Infinity,
  });
