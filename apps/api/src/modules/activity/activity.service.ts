import { ACTIVITY_PAGE_SIZE, type ActivityTrainingsQuery, RANK_LEVEL } from '@mels/domain';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { viewLink } from '../certificates/index.ts';
import { presentActivity, presentCertificate, presentLegacy } from './activity.presenter.ts';
import { findActivityPage, findLegacyHistories, findUserCertificates } from './activity.repository.ts';
import { findSessionDirectors } from './directors.repository.ts';

/** How many records of the older system my-page shows. */
export const LEGACY_HISTORY_COUNT = 3;

/** GET /users/activity/trainings: a page of the caller's enrolments (pending or all). */
export async function userActivities(db: Executor, userId: number, query: ActivityTrainingsQuery, now: Date) {
  // type=1 (the instructor tab's teaching history) reads the history, whatever kind says.
  const kind = query.type === 1 ? 'history' : query.kind;
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE[kind];
  const { rows, total } = await findActivityPage(
    db,
    { userId, kind, userTypes: query.user_type, today: tokyoDate(now) },
    { sort: query.sort, direction: query.direction },
    limit,
    (query.page - 1) * limit,
  );
  const data = rows.map(presentActivity);
  if (!query.get_director) return { data, total, limit };
  const directors = await findSessionDirectors(db, {
    trainingIds: [...new Set(rows.map((r) => r.trainingId))],
    minLevel: RANK_LEVEL.director,
  });
  return {
    data: data.map((row) => ({
      ...row,
      user_directors: directors.filter((d) => d.trainingId === row.id).map((d) => ({ name: d.name })),
    })),
    total,
    limit,
  };
}

/** GET /users/activity/certificates and GET /certificates/user: the caller's own certificates. */
export async function userCertificates(db: Executor, config: Config, userId: number, now: Date) {
  const today = tokyoDate(now);
  const link = (id: number) => viewLink(config, id, now);
  return (await findUserCertificates(db, userId)).map((row) => presentCertificate(row, { today, link }));
}

/** GET /users/activity/legacy */
export async function userLegacyHistories(db: Executor, userId: number) {
  return (await findLegacyHistories(db, userId, LEGACY_HISTORY_COUNT)).map(presentLegacy);
}
