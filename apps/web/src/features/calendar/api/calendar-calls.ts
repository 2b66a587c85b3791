import { api } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const calendarFeedQuery = () =>
  queryOptions({ queryKey: ['calendar-feed'], queryFn: () => call(api.calendar.feed) });

export const createCalendarFeed = () => call(api.calendar.createFeed);

export const revokeCalendarFeed = () => call(api.calendar.revokeFeed);
