import type { NewsDetail } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

export const newsQuery = (id: number, userType?: number) =>
  queryOptions({
    queryKey: ['news', id, userType ?? null],
    queryFn: () => apiData<NewsDetail>(`/news/${id}`, { query: { user_type: userType } }),
  });
