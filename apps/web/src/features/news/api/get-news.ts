import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const newsQuery = (id: number, userType?: number) =>
  queryOptions({
    queryKey: ['news', id, userType ?? null],
    queryFn: () => call(api.news.detail, { params: { id }, query: { user_type: userType } }),
  });
