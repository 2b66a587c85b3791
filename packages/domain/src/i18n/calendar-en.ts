import type { CalendarMessages } from './calendar-ja.ts';

export const calendarEn: CalendarMessages = {
  title: 'Calendar sync',
  lead: 'Show the sessions you applied for in your calendar app (Google Calendar, Apple Calendar, Outlook and others), kept up to date.',
  off: 'Calendar sync is off.',
  onSince: 'On since {0}.',
  create: 'Create a calendar URL',
  replace: 'Create a new URL',
  revoke: 'Turn calendar sync off',
  urlLabel: 'Calendar subscription URL',
  urlOnce:
    'This URL is shown only once. Paste it into your calendar app’s “add by URL”. A new URL stops the old one.',
  copy: 'Copy',
  copied: 'Copied',
  privateNote: 'Anyone with this URL can see your sessions. Do not share it.',
  revoked: 'Calendar sync is off.',
  addToCalendar: 'Add to calendar',
  addToCalendarHint: 'Downloads an .ics file with the session’s date, time and venue for your calendar app',
};
