import { z } from 'zod';
import { ja } from '../i18n/index.ts';
import { idParamSchema, intField } from '../schemas/common.ts';
import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  calendarTokenParamSchema,
} from '../schemas/calendar.ts';
import { defineArea } from './define.ts';

export const calendar = defineArea('calendar', {
  feed: { data: calendarFeedSchema },
  createFeed: { data: calendarFeedCreatedSchema },
  revokeFeed: { data: calendarFeedSchema },
  memberFeed: { params: calendarTokenParamSchema },
  session: {
    params: idParamSchema,
    /** The role the event's link opens the session page for (4 attendee unless said). */
    query: z.object({
      user_type: intField(ja.fields.userType, { min: 1, max: 5 }).default(4),
      /** The interface's language (a link cannot send Accept-Language); the browser's otherwise. */
      lang: z.enum(['ja', 'en']).optional(),
    }),
  },
});
