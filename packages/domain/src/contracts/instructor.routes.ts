/** The instructor tab, the performance certificate and rank-up requests (zod-free; schemas in instructor.ts; decision 030). */
import { routeTable as r } from './route-table.ts';

export const instructorRoutes = {
  instructor: r({
    levels: {
      method: 'GET',
      path: '/courses/user-my-courses',
      auth: 'user',
      summary:
        "The rank levels (short name, level) with the caller's held and current one (show_all=1: every level)",
    },
    performanceTrainings: {
      method: 'GET',
      path: '/certificates/performance/trainings',
      auth: 'user',
      summary:
        "The sessions the caller took part in as instructor, assistant or observer, up to today (status '1' attended: certifiable)",
    },
    performanceDownload: {
      method: 'POST',
      path: '/certificates/performance/download',
      auth: 'user',
      file: 'application/zip',
      summary:
        'A zip of one performance certificate (実績証明書) PDF per chosen session and role (training_ids: {training id: [user type ids]})',
      errors: { 404: ['NOT_FOUND'] },
    },
    performanceVerify: {
      method: 'GET',
      path: '/certificates/performance/verify/:code',
      auth: 'public',
      summary:
        "Public check of a performance certificate's verification code: holder, session, role and date only",
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  rankUp: r({
    list: {
      method: 'GET',
      path: '/users/ranks/upgrade/requests',
      auth: 'user',
      summary: "The caller's rank-up requests, newest first, with the next level and its requirements",
    },
    create: {
      method: 'POST',
      path: '/users/ranks/upgrade/requests',
      auth: 'user',
      status: 201,
      summary:
        'Request the next rank: refused with the unmet requirements (sanitised HTML in errors.html) unless the records meet them',
      errors: {
        403: ['NO_RANK'],
        409: ['RANK_UP_OPEN'],
        422: ['RANK_UP_UNMET', 'RANK_UP_TOP_LEVEL'],
      },
    },
    candidates: {
      method: 'GET',
      path: '/users/enrollments/trainings/raffle/participant',
      auth: 'user',
      summary:
        'Sessions the caller takes part in, or has applied to, as the given user type (1: instructor), today or later: the rank-up evaluation candidates',
    },
    check: {
      method: 'GET',
      path: '/users/ranks/upgrade/requests/:request_id/check',
      auth: 'user',
      summary:
        "Choose the evaluation session of the caller's request (status 0 → 1); choosing the same session again answers the request unchanged",
      errors: { 404: ['NOT_FOUND'], 409: ['RANK_UP_DECIDED'], 422: ['RANK_UP_NOT_CANDIDATE'] },
    },
  }),
  officeRankUp: r({
    list: {
      method: 'GET',
      path: '/office/rank-up-requests',
      auth: 'office',
      summary:
        'Rank-up requests for review (open first, then decided, newest first) with the records counted',
    },
    approve: {
      method: 'POST',
      path: '/office/rank-up-requests/:id/approve',
      auth: 'office',
      summary: 'Approve a request whose session is chosen: grants the rank (audited, member mailed)',
      errors: { 404: ['NOT_FOUND'], 409: ['RANK_UP_DECIDED'] },
    },
    reject: {
      method: 'POST',
      path: '/office/rank-up-requests/:id/reject',
      auth: 'office',
      summary: 'Do not approve an open request, with a reason mailed to the member (audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['RANK_UP_DECIDED'] },
    },
  }),
};
