import { api, LIMITS } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Every course (spec: limit 999), in the office's display order; the search form and the home cards share it. */
export const coursesQuery = () =>
  queryOptions({
    queryKey: ['courses', 'list'],
    queryFn: ({ signal }) => call(api.courses.list, { query: { limit: LIMITS.courseList } }, { signal }),
    select: (result) => [...result.data].sort((a, b) => a.order - b.order || a.id - b.id),
    staleTime: 10 * 60_000,
  });
