import { api } from '@mels/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const FAQ_PAGE_SIZE = 10;

export const faqsInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: ['faqs'],
    queryFn: ({ pageParam }) => call(api.faqs.list, { query: { page: pageParam, limit: FAQ_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });
