import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const courseQuery = (id: number) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: ({ signal }) => call(api.courses.detail, { params: { id } }, { signal }),
  });
