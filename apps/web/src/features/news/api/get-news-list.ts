import { api } from '@mels/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const NEWS_PAGE_SIZE = 10;

export function getNewsList(params: { page: number; limit: number }) {
  return call(api.news.list, { query: { sort: 'public_date', direction: 'desc', ...params } });
}

export const latestNewsQuery = (limit: number) =>
  queryOptions({ queryKey: ['news', 'latest', limit], queryFn: () => getNewsList({ page: 1, limit }) });

export const newsInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: ['news', 'infinite'],
    queryFn: ({ pageParam }) => getNewsList({ page: pageParam, limit: NEWS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });
