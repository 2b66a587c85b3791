import { api, LIMITS } from '@mels/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { todayInJapan } from '../../../lib/format.ts';
import { toTrainingsQuery, type SearchFilters } from '../search-params.ts';

export function getTrainings(filters: SearchFilters, today: string, page: number, signal?: AbortSignal) {
  return call(
    api.trainings.list,
    { query: { page, limit: LIMITS.searchPageSize, ...toTrainingsQuery(filters, today) } },
    { signal },
  );
}

/**
 * The session search, page by page. `viewer` is part of the key because the cards of a logged-in user
 * carry their own status badge.
 */
export const trainingsInfiniteQuery = (filters: SearchFilters, viewer: string | null) => {
  const today = todayInJapan();
  return infiniteQueryOptions({
    queryKey: ['trainings', 'search', toTrainingsQuery(filters, today), viewer],
    queryFn: ({ pageParam, signal }) => getTrainings(filters, today, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });
};
