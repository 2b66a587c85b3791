import { ACTIVITY_PAGE_SIZE, api, type ActivitySort } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';

export type SortState = { sort: ActivitySort; direction: 'asc' | 'desc' };

const keys = {
  all: ['users', 'activity'] as const,
};

/** GET /users/activity/trainings?kind=pending: applications in progress, soonest first, 5 a page. */
export const pendingQuery = (page: number) =>
  queryOptions({
    queryKey: [...keys.all, 'pending', page],
    queryFn: ({ signal }) =>
      call(
        api.activity.trainings,
        { query: { kind: 'pending', page, limit: ACTIVITY_PAGE_SIZE.pending } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /users/activity/trainings?kind=history: every enrolment, 20 a page, sorted. */
export const historyQuery = (page: number, order: SortState) =>
  queryOptions({
    queryKey: [...keys.all, 'history', page, order.sort, order.direction],
    queryFn: ({ signal }) =>
      call(
        api.activity.trainings,
        {
          query: {
            kind: 'history',
            page,
            limit: ACTIVITY_PAGE_SIZE.history,
            sort: order.sort,
            direction: order.direction,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /users/activity/certificates */
export const certificatesQuery = () =>
  queryOptions({
    queryKey: [...keys.all, 'certificates'],
    queryFn: ({ signal }) => call(api.activity.certificates, {}, { signal }),
  });

/** GET /users/activity/legacy: the last 3 records of the previous system. */
export const legacyQuery = () =>
  queryOptions({
    queryKey: [...keys.all, 'legacy'],
    queryFn: ({ signal }) => call(api.activity.legacy, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** The PDF of one of the user's certificates, of a session or claimed from the older system. */
export function downloadCertificate(c: { id: number }) {
  return download(api.certificates.downloadOwn, { body: { id: c.id } });
}
