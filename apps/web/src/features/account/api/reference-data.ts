import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const areasQuery = () =>
  queryOptions({
    queryKey: ['areas', 50],
    queryFn: () => call(api.areas.list, { query: { limit: 50 } }).then((r) => r.data),
    staleTime: Infinity,
  });
