import {
  type Language,
  OPEN_RANK_UP_STATUSES,
  RANK_UP_REQUIREMENTS,
  RANK_UP_STATUS,
  type RankLevel,
  type RankUpLevel,
  rankUpCheck,
  translate,
} from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import { sanitizeHtml, textToHtml } from '../../lib/sanitize.ts';
import { grantRank } from './ranks.grant.ts';
import { presentRankUp } from './ranks.presenter.ts';
import {
  chooseSession,
  decideRequest,
  findCandidateSessions,
  findHeldRanks,
  findRanks,
  findRequest,
  findRequestsForOffice,
  findTaughtDays,
  findUserRequests,
  insertAudit,
  insertRequest,
  requestExists,
} from './ranks.repository.ts';

const fmt = (template: string, ...values: Array<string | number>) =>
  template.replace(/\{(\d+)\}/g, (whole, i: string) => String(values[Number(i)] ?? whole));
const t = (key: string, language: Language) => translate(`instructor.${key}`, language);
const slashDay = (day: string) => day.replaceAll('-', '/');

/** GET /courses/user-my-courses: every level (show_all) or the held ones, the highest held marked current. */
export async function levels(db: Executor, userId: number, showAll: boolean) {
  const [all, held] = await Promise.all([findRanks(db), findHeldRanks(db, userId)]);
  const heldAt = new Map(held.map((r) => [r.id, r.grantedAt]));
  const level = held[0]?.level ?? null;
  return {
    level,
    levels: all
      .filter((r) => showAll || heldAt.has(r.id))
      .map((r) => ({
        id: r.id,
        short_name: r.shortName,
        name: r.name,
        rank: r.level,
        held: heldAt.has(r.id),
        current: r.level === level,
        granted_at: heldAt.has(r.id) ? new Date(heldAt.get(r.id)!).toISOString() : null,
      })),
  };
}

/** The member's records as rankUpCheck() reads them. */
async function recordsOf(db: Executor, userId: number, now: Date) {
  const [held, taughtOn, all] = await Promise.all([
    findHeldRanks(db, userId),
    findTaughtDays(db, userId),
    findRanks(db),
  ]);
  const current = held[0];
  const check = rankUpCheck({
    currentLevel: current?.level ?? null,
    grantedOn: current ? tokyoDate(new Date(current.grantedAt)) : null,
    taughtOn,
    today: tokyoDate(now),
  });
  return { current, check, all };
}

const rankRef = (r: { shortName: string; name: string; level: number }) => ({
  short_name: r.shortName,
  name: r.name,
  level: r.level,
});

/** GET /users/ranks/upgrade/requests: the caller's requests, the next rank and every level's requirements. */
export async function rankUpOverview(db: Executor, userId: number, now: Date) {
  const [rows, { check, all }] = await Promise.all([
    findUserRequests(db, userId),
    recordsOf(db, userId, now),
  ]);
  const byLevel = new Map(all.map((r) => [r.level, r]));
  const requirements = (Object.keys(RANK_UP_REQUIREMENTS) as unknown as RankUpLevel[])
    .map(Number)
    .flatMap((level) => {
      const rank = byLevel.get(level);
      const need = RANK_UP_REQUIREMENTS[level as RankUpLevel];
      return rank
        ? [
            {
              rank: rankRef(rank),
              years_at_current: need.yearsAtCurrent,
              sessions_taught: need.sessionsTaught,
            },
          ]
        : [];
    });
  const nextRank = check.reason === 'requirements' ? byLevel.get(check.toLevel) : undefined;
  return {
    requests: rows.map(presentRankUp),
    next:
      nextRank && check.reason === 'requirements'
        ? {
            rank: rankRef(nextRank),
            years_at_current: RANK_UP_REQUIREMENTS[check.toLevel].yearsAtCurrent,
            sessions_taught: RANK_UP_REQUIREMENTS[check.toLevel].sessionsTaught,
          }
        : null,
    requirements,
  };
}

/** The refusal's HTML (sanitised here: the browser shows it as it is, spec 001 §8). */
function refusalHtml(paragraph: string, items: string[] = []): string {
  const list = items.length ? `<ul>${items.map((i) => `<li>${textToHtml(i)}</li>`).join('')}</ul>` : '';
  return sanitizeHtml(`<p>${textToHtml(paragraph)}</p>${list}`);
}

/** POST /users/ranks/upgrade/requests: the next rank, when the records meet its requirements. */
export async function createRankUp(db: Database, input: { userId: number; now: Date; language: Language }) {
  const { userId, now, language } = input;
  const { current, check, all } = await recordsOf(db, userId, now);
  if (check.reason === 'noRank' || !current) {
    const text = t('rankUp.noRank', language);
    throw new ApiError(403, 'NO_RANK', 'instructor.rankUp.noRank', { html: [refusalHtml(text)] });
  }
  if (check.reason === 'topLevel') {
    const text = fmt(t('rankUp.topLevel', language), current.name);
    throw new ApiError(422, 'RANK_UP_TOP_LEVEL', text, { html: [refusalHtml(text)] });
  }
  const to = all.find((r) => r.level === check.toLevel);
  if (!to) throw new Error(`no rank of level ${check.toLevel}`);
  if (!check.ok) {
    const need = RANK_UP_REQUIREMENTS[check.toLevel];
    const items: string[] = [];
    if (check.tooEarly)
      items.push(
        fmt(t('rankUp.unmetTime', language), current.name, need.yearsAtCurrent, slashDay(check.eligibleFrom)),
      );
    if (check.sessionsMissing > 0)
      items.push(fmt(t('rankUp.unmetSessions', language), check.sessionsMissing, check.counted.length));
    if (check.counted.length > 0)
      items.push(fmt(t('rankUp.counted', language), check.counted.map(slashDay).join(', ')));
    const lead = fmt(t('rankUp.unmetLead', language), to.name);
    throw new ApiError(422, 'RANK_UP_UNMET', [lead, ...items].join('\n'), {
      html: [refusalHtml(lead, items)],
    });
  }
  const id = await insertRequest(db, { userId, fromRankId: current.id, toRankId: to.id, now });
  if (id === undefined) {
    const text = t('rankUp.open', language);
    throw new ApiError(409, 'RANK_UP_OPEN', 'instructor.rankUp.open', { html: [refusalHtml(text)] });
  }
  const row = await findRequest(db, id, userId);
  if (!row) throw new Error('rank-up request not read back');
  return presentRankUp(row);
}

/** GET /users/enrollments/trainings/raffle/participant */
export async function candidates(db: Executor, input: { userId: number; userTypeId: number; now: Date }) {
  const rows = await findCandidateSessions(db, {
    userId: input.userId,
    userTypeId: input.userTypeId,
    today: tokyoDate(input.now),
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    event_date: r.eventDate,
    venue_name: r.venueName,
    course_name: r.courseName,
    enrollment_status: r.status,
  }));
}

/** GET /users/ranks/upgrade/requests/{id}/check: the evaluation session of the caller's open request. */
export async function checkRankUp(
  db: Database,
  input: { userId: number; requestId: number; trainingId: number; now: Date; language: Language },
) {
  const { userId, requestId, trainingId, now, language } = input;
  const row = await findRequest(db, requestId, userId);
  if (!row) throw notFound('instructor.rankUp.notFound');
  // Choosing the session already chosen answers the request as it is (a repeated call changes nothing).
  if (row.status !== RANK_UP_STATUS.choosingSession) {
    if (row.trainingId === trainingId) return presentRankUp(row);
    const text = t('rankUp.notChoosing', language);
    throw new ApiError(409, 'RANK_UP_DECIDED', 'instructor.rankUp.notChoosing', {
      html: [refusalHtml(text)],
    });
  }
  const options = await candidates(db, { userId, userTypeId: 1, now });
  if (!options.some((o) => o.id === trainingId)) {
    const text = t('rankUp.notCandidate', language);
    throw new ApiError(422, 'RANK_UP_NOT_CANDIDATE', 'instructor.rankUp.notCandidate', {
      html: [refusalHtml(text)],
    });
  }
  if (!(await chooseSession(db, { id: requestId, userId, trainingId, now }))) {
    const text = t('rankUp.notChoosing', language);
    throw new ApiError(409, 'RANK_UP_DECIDED', 'instructor.rankUp.notChoosing', {
      html: [refusalHtml(text)],
    });
  }
  const updated = await findRequest(db, requestId, userId);
  if (!updated) throw new Error('rank-up request not read back');
  return presentRankUp(updated);
}

// ───────────────────────────── the office ─────────────────────────────

const OFFICE_LIST_LIMIT = 200;

/** GET /office/rank-up-requests */
export async function officeRankUps(db: Executor, now: Date) {
  const rows = await findRequestsForOffice(db, OFFICE_LIST_LIMIT);
  const taught = new Map<number, string[]>();
  for (const userId of new Set(rows.map((r) => r.userId)))
    taught.set(userId, await findTaughtDays(db, userId));
  const today = tokyoDate(now);
  return rows.map((row) => {
    const since = row.grantedAt === null ? null : tokyoDate(new Date(row.grantedAt));
    const days = taught.get(row.userId) ?? [];
    return {
      ...presentRankUp(row),
      user: { id: row.userId, name: `${row.lastName} ${row.firstName}`, email: row.email },
      sessions_taught: days.filter((d) => (since === null || d >= since) && d <= today).length,
    };
  });
}

type Decision = { id: number; actor: number; now: Date };

/** Reads the request after a refused conditional UPDATE: unknown → 404, else already decided → 409. */
async function refuseDecision(db: Executor, id: number): Promise<never> {
  if (!(await requestExists(db, id))) throw notFound('instructor.rankUp.notFound');
  throw conflict('instructor.rankUp.decided', 'RANK_UP_DECIDED');
}

/** POST /office/rank-up-requests/{id}/approve: 1 → 2 and the rank, in one transaction (audited). */
export async function approveRankUp(db: Database, input: Decision) {
  const result = await db.transaction(async (tx) => {
    const row = await decideRequest(tx, {
      id: input.id,
      from: [RANK_UP_STATUS.sessionChosen],
      to: RANK_UP_STATUS.approved,
      reason: null,
      actor: input.actor,
      now: input.now,
    });
    if (!row) return refuseDecision(tx, input.id);
    const request = await findRequest(tx, input.id);
    if (!request) throw new Error('rank-up request not read back');
    const { granted } = await grantRank(tx, {
      userId: row.userId,
      level: request.toLevel as RankLevel,
      at: input.now,
    });
    await insertAudit(
      tx,
      {
        actorUserId: input.actor,
        action: 'rank_up.approve',
        entity: 'rank_up_request',
        entityId: input.id,
        data: { user_id: row.userId, to_level: request.toLevel, training_id: request.trainingId, granted },
      },
      input.now,
    );
    return { userId: row.userId, request };
  });
  return result;
}

/** POST /office/rank-up-requests/{id}/reject: 0 or 1 → 3 with the reason (audited). */
export async function rejectRankUp(db: Database, input: Decision & { reason: string }) {
  return db.transaction(async (tx) => {
    const row = await decideRequest(tx, {
      id: input.id,
      from: OPEN_RANK_UP_STATUSES,
      to: RANK_UP_STATUS.rejected,
      reason: input.reason,
      actor: input.actor,
      now: input.now,
    });
    if (!row) return refuseDecision(tx, input.id);
    const request = await findRequest(tx, input.id);
    if (!request) throw new Error('rank-up request not read back');
    await insertAudit(
      tx,
      {
        actorUserId: input.actor,
        action: 'rank_up.reject',
        entity: 'rank_up_request',
        entityId: input.id,
        data: { user_id: row.userId, to_level: request.toLevel, reason: input.reason },
      },
      input.now,
    );
    return { userId: row.userId, request };
  });
}
