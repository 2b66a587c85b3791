import { STEP_STATUS } from '@mels/domain';
import type { Deps } from '../../plugins/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { calendarText, type CalendarEvent, type CalendarLanguage } from './calendar.ics.ts';
import {
  deleteFeed,
  findFeed,
  findFeedOwner,
  findSession,
  memberSessions,
  replaceFeed,
} from './calendar.repository.ts';

type CalendarDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const site = (deps: CalendarDeps) => ({
  publicUrl: deps.config.publicUrl,
  host: new URL(deps.config.publicUrl).hostname,
});

export const feedUrl = (deps: CalendarDeps, token: string) =>
  `${deps.config.publicUrl}/api/v1/calendar/feeds/${token}`;

export async function feedState(deps: CalendarDeps, userId: number) {
  const feed = await findFeed(deps.db, userId);
  return { active: feed !== null, created_at: feed?.createdAt.toISOString() ?? null };
}

/** A new private URL (replacing any previous one). Only its hash is kept: the URL is shown this once. */
export async function createFeed(deps: CalendarDeps, userId: number) {
  const token = generateToken();
  const row = await replaceFeed(deps.db, { userId, tokenHash: hashToken(token), now: deps.clock.now() });
  return { url: feedUrl(deps, token), created_at: row.createdAt.toISOString() };
}

export async function revokeFeed(deps: CalendarDeps, userId: number) {
  await deleteFeed(deps.db, userId);
  return { active: false, created_at: null };
}

const language = (value: string): CalendarLanguage => (value === 'en' ? 'en' : 'ja');

/** The member's sessions as iCalendar text; an unknown or revoked token, or a deactivated member, is 404. */
export async function memberFeed(deps: CalendarDeps, token: string) {
  const owner = await findFeedOwner(deps.db, hashToken(token));
  if (!owner) throw notFound();
  const lang = language(owner.language);
  const rows = await memberSessions(deps.db, owner.userId);
  const events: CalendarEvent[] = rows.map((row) => ({
    ...row,
    role: lang === 'en' ? row.roleEn : row.role,
    cancelled: !row.isActive,
    tentative: row.status === STEP_STATUS.awaitingLottery || row.status === STEP_STATUS.applying,
  }));
  return calendarText(events, { site: site(deps), language: lang, now: deps.clock.now() });
}

/** One session as a single-event calendar, in the asking browser's language. */
export async function sessionCalendar(
  deps: CalendarDeps,
  options: { trainingId: number; userTypeId: number; language: CalendarLanguage },
) {
  const row = await findSession(deps.db, options.trainingId);
  if (!row) throw notFound();
  const event: CalendarEvent = {
    ...row,
    userTypeId: options.userTypeId,
    role: null,
    cancelled: !row.isActive,
    tentative: false,
  };
  return calendarText([event], {
    site: site(deps),
    language: options.language,
    now: deps.clock.now(),
    name: row.name,
  });
}
