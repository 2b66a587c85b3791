import type { Flow } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

/** type 6: the flow of attending. */
export const flowsQuery = (type = 6) =>
  queryOptions({
    queryKey: ['flows', type],
    queryFn: () => apiList<Flow>('/abouts/flows', { query: { type } }).then((r) => r.data),
  });
