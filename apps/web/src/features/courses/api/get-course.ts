import type { CourseDetail } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

export const courseQuery = (id: number) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: ({ signal }) => apiData<CourseDetail>(`/courses/${id}`, { signal }),
  });
