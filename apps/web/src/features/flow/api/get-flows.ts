import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** type 6: the flow of attending. */
export const flowsQuery = (type = 6) =>
  queryOptions({
    queryKey: ['flows', type],
    queryFn: () => call(api.abouts.flows, { query: { type } }).then((r) => r.data),
  });
