/** Members' calendars (issue 18). */
import { z } from 'zod';

export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});

export const calendarFeedCreatedSchema = z.object({
  /** The private URL to subscribe to; the server keeps only its hash, so it is shown this once. */
  url: z.string(),
  created_at: z.string(),
});

/** A feed token: 256 random bits, base64url (43 characters). */
export const calendarTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
