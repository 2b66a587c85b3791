import { api } from '@mels/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const INSTRUCTOR_DOCUMENTS_PAGE_SIZE = 10;

export function getInstructorDocuments(params: { page: number; limit: number }) {
  return call(api.instructorDocuments.list, { query: { sort: 'created_at', direction: 'desc', ...params } });
}

export const instructorDocumentsInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: ['instructor-documents', 'infinite'],
    queryFn: ({ pageParam }) =>
      getInstructorDocuments({ page: pageParam, limit: INSTRUCTOR_DOCUMENTS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });

export const instructorDocumentQuery = (id: number) =>
  queryOptions({
    queryKey: ['instructor-documents', id],
    queryFn: () => call(api.instructorDocuments.detail, { params: { id }, query: {} }),
  });
