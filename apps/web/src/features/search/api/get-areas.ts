import { api, LIMITS } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The 47 prefectures (id = JIS code), loaded once per visit. */
export const areasQuery = () =>
  queryOptions({
    queryKey: ['areas'],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: LIMITS.areaList } }, { signal }),
    select: (result) => result.data,
    staleTime: 60 * 60_000,
  });
