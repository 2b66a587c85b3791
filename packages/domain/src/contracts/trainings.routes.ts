/** The session search and the course pages' routes (zod-free; schemas in trainings.ts). */
import { routeTable as r } from './route-table.ts';

export const trainingsRoutes = {
  trainings: r({
    list: {
      method: 'GET',
      path: '/trainings',
      auth: 'optional',
      list: true,
      summary: 'Session search: one card per session and recruited user type',
      description:
        'Filters area[], course_id[], user_type[] (default [4]), event_date$ge / event_date$le (YYYY-MM-DD, optionally ' +
        "followed by ' 00:00:00'; both inclusive) and open_only (1/true: only the cards whose recruiting is open now, " +
        '募集中のみ; 0/false or absent: all). Ordered by recruiting phase (open, then upcoming, then closed), then ' +
        'event date, start time, session id, user type. With a ' +
        "token the cards carry the user's own steps, cancel request, order and status badge.",
    },
    detail: {
      method: 'GET',
      path: '/trainings/:id',
      auth: 'optional',
      summary: "One session's public detail for a user type (with a token, the caller's own fields)",
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  courses: r({
    list: {
      method: 'GET',
      path: '/courses',
      auth: 'public',
      list: true,
      summary: 'Active courses in the office’s display order',
    },
    detail: {
      method: 'GET',
      path: '/courses/:id',
      auth: 'public',
      summary: 'One course with its preview videos and documents',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
