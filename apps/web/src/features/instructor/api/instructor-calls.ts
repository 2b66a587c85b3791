import { ACTIVITY_PAGE_SIZE, type ActivitySort, api, LIMITS } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';

export type SortState = { sort: ActivitySort; direction: 'asc' | 'desc' };

export const instructorKeys = {
  all: ['instructor'] as const,
  levels: ['instructor', 'levels'] as const,
  rankUp: ['instructor', 'rank-up'] as const,
};

/** GET /courses/user-my-courses?show_all=1: every level, the held ones and the current one. */
export const levelsQuery = () =>
  queryOptions({
    queryKey: instructorKeys.levels,
    queryFn: ({ signal }) => call(api.instructor.levels, { query: { show_all: '1' } }, { signal }),
  });

/** The teaching history: GET /users/activity/trainings?user_type[]=1,2,3&type=1&get_director=1, 20 a page. */
export const teachingHistoryQuery = (page: number, order: SortState) =>
  queryOptions({
    queryKey: [...instructorKeys.all, 'history', page, order.sort, order.direction],
    queryFn: ({ signal }) =>
      call(
        api.activity.trainings,
        {
          query: {
            user_type: [1, 2, 3],
            type: 1,
            get_director: '1',
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

/** GET /certificates/performance/trainings */
export const performanceTrainingsQuery = () =>
  queryOptions({
    queryKey: [...instructorKeys.all, 'performance'],
    queryFn: ({ signal }) => call(api.instructor.performanceTrainings, {}, { signal }),
  });

/** POST /certificates/performance/download: the zip and its suggested name. */
export const downloadPerformance = (trainingIds: Record<string, number[]>) =>
  download(api.instructor.performanceDownload, { body: { training_ids: trainingIds } });

/** GET /users/ranks/upgrade/requests */
export const rankUpQuery = () =>
  queryOptions({
    queryKey: instructorKeys.rankUp,
    queryFn: ({ signal }) => call(api.rankUp.list, {}, { signal }),
  });

/** GET /users/enrollments/trainings/raffle/participant?user_type=1 */
export const candidatesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...instructorKeys.rankUp, 'candidates'],
    queryFn: ({ signal }) => call(api.rankUp.candidates, { query: { user_type: 1 } }, { signal }),
    enabled,
  });

export const requestRankUp = () => call(api.rankUp.create, {});

export const chooseSession = (requestId: number, trainingId: number) =>
  call(api.rankUp.check, {
    params: { request_id: requestId },
    query: { training_id: trainingId, request_id: requestId },
  });

/** The basic-instructor course (prefix BI, not the renewal): where the certification request starts. */
export const coursesQuery = () =>
  queryOptions({
    queryKey: ['courses', 'list'],
    queryFn: ({ signal }) => call(api.courses.list, { query: { limit: LIMITS.courseList } }, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /office/rank-up-requests */
export const officeRankUpsQuery = () =>
  queryOptions({
    queryKey: ['office', 'rank-up-requests'],
    queryFn: ({ signal }) => call(api.officeRankUp.list, {}, { signal }),
  });

export const approveRankUp = (id: number) => call(api.officeRankUp.approve, { params: { id } });
export const rejectRankUp = (id: number, reason: string) =>
  call(api.officeRankUp.reject, { params: { id }, body: { reason } });

/** GET /certificates/performance/verify/{code} (public) */
export const performanceVerifyQuery = (code: string) =>
  queryOptions({
    queryKey: ['performance-verify', code],
    queryFn: ({ signal }) => call(api.instructor.performanceVerify, { params: { code } }, { signal }),
    retry: false,
  });
