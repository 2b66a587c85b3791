import type { Faq } from '@mels/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

export const FAQ_PAGE_SIZE = 10;

export const faqsInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: ['faqs'],
    queryFn: ({ pageParam }) => apiList<Faq>('/faqs', { query: { page: pageParam, limit: FAQ_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });
