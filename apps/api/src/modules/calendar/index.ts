/** Members' calendars: the private feed and one session's .ics (issue 18). */
export { registerCalendar } from './calendar.routes.ts';
