/**
 * iCalendar text (RFC 5545) of members' sessions: one VCALENDAR with the Asia/Tokyo zone and a VEVENT per
 * session. Times are local to Tokyo (TZID), lines end in CRLF and are folded at 75 octets without
 * splitting a character, and text values are escaped. Labels are in the reader's language.
 */
export type CalendarLanguage = 'ja' | 'en';

export type CalendarEvent = {
  trainingId: number;
  userTypeId: number;
  name: string;
  courseName: string;
  /** YYYY-MM-DD, Japan time. */
  eventDate: string;
  /** HH:MM or HH:MM:SS, Japan time. */
  eventStartTime: string;
  eventEndTime: string;
  venueName: string;
  venue: string;
  /** The member's role (user type name in the reader's language), for a feed; null for a session's .ics. */
  role: string | null;
  cancelled: boolean;
  /** Awaiting the lottery: the place is not yet the member's. */
  tentative: boolean;
  updatedAt: Date;
};

const LABELS = {
  ja: {
    calendarName: 'MELS 講習会',
    course: 'コース',
    venue: '会場',
    role: '参加区分',
    cancelled: '【開催中止】',
    details: '詳細',
  },
  en: {
    calendarName: 'MELS sessions',
    course: 'Course',
    venue: 'Venue',
    role: 'Role',
    cancelled: '[Cancelled] ',
    details: 'Details',
  },
} as const;

const TOKYO = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Tokyo',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:JST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const localDateTime = (date: string, time: string) =>
  `${date.replaceAll('-', '')}T${time.slice(0, 5).replace(':', '')}00`;

const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

export type CalendarSite = { publicUrl: string; host: string };

function eventLines(
  e: CalendarEvent,
  options: { site: CalendarSite; language: CalendarLanguage; now: Date },
) {
  const words = LABELS[options.language];
  const url = `${options.site.publicUrl}/session/${e.trainingId}/${e.userTypeId}`;
  const venue = [e.venueName, e.venue].filter(Boolean).join(' ');
  const description = [
    `${words.course}: ${e.courseName}`,
    ...(e.role ? [`${words.role}: ${e.role}`] : []),
    `${words.venue}: ${venue}`,
    `${words.details}: ${url}`,
  ].join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:training-${e.trainingId}@${options.site.host}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
    // Clients replace an event when its sequence grows: the session's last change in seconds does.
    `SEQUENCE:${Math.floor(e.updatedAt.getTime() / 1000) - 1_700_000_000}`,
    `DTSTART;TZID=Asia/Tokyo:${localDateTime(e.eventDate, e.eventStartTime)}`,
    `DTEND;TZID=Asia/Tokyo:${localDateTime(e.eventDate, e.eventEndTime)}`,
    `SUMMARY:${escapeText(`${e.cancelled ? words.cancelled : ''}${e.name}`)}`,
    `LOCATION:${escapeText(venue)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${url}`,
    `STATUS:${e.cancelled ? 'CANCELLED' : e.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** A whole calendar (the member's feed, or one session) as iCalendar text. */
export function calendarText(
  events: readonly CalendarEvent[],
  options: { site: CalendarSite; language: CalendarLanguage; now: Date; name?: string },
): string {
  const words = LABELS[options.language];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MELS Portal//Sessions//JA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name ?? words.calendarName)}`,
    'X-WR-TIMEZONE:Asia/Tokyo',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...TOKYO,
    ...events.flatMap((e) => eventLines(e, options)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
