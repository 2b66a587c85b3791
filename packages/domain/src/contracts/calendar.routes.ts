/** Members' calendars (issue 18): a private, revocable iCalendar feed and one session's .ics. */
import { routeTable as r } from './route-table.ts';

export const calendarRoutes = {
  calendar: r({
    feed: {
      method: 'GET',
      path: '/users/calendar-feed',
      auth: 'user',
      summary: "Whether the member's private calendar feed is on, and since when",
    },
    createFeed: {
      method: 'POST',
      path: '/users/calendar-feed',
      auth: 'user',
      status: 201,
      summary: 'Creates the private feed URL, or replaces it (the old URL stops working); shown once',
    },
    revokeFeed: {
      method: 'DELETE',
      path: '/users/calendar-feed',
      auth: 'user',
      summary: 'Turns the private feed off: its URL stops working',
    },
    memberFeed: {
      method: 'GET',
      path: '/calendar/feeds/:token',
      auth: 'public',
      file: 'text/calendar',
      summary:
        "The member's sessions as an iCalendar feed (RFC 5545, Asia/Tokyo); the token is the credential",
      errors: { 404: ['NOT_FOUND'] },
    },
    session: {
      method: 'GET',
      path: '/trainings/:id/calendar',
      auth: 'public',
      file: 'text/calendar',
      summary: 'One session as an iCalendar event (add to calendar)',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
} as const;
