import { LOCAL_HOLDING_STATUS, OCCUPATION_ID, STEP_STATUS } from '@mels/domain';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, enrollments, localHoldings, trainings, users } from '../../db/schema.ts';

export type NewLocalHolding = {
  organization: string;
  secretariatName: string;
  secretariatAddress: string;
  secretariatPhone: string;
  secretariatEmail: string;
  passwordHash: string;
};

/** Whether an organisation already uses this email (case-insensitive, as the unique index compares). */
export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: localHoldings.id })
    .from(localHoldings)
    .where(eq(sql`lower(${localHoldings.secretariatEmail})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function insertLocalHolding(db: Executor, holding: NewLocalHolding) {
  const [row] = await db
    .insert(localHoldings)
    .values({ ...holding, status: LOCAL_HOLDING_STATUS.awaitingApproval })
    .returning({ id: localHoldings.id, status: localHoldings.status });
  if (!row) throw new Error('local holding insert returned no row');
  return row;
}

/** True when a database error is the unique violation of local_holdings_email_lower_uq (a concurrent twin). */
export function isDuplicateEmailError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'local_holdings_email_lower_uq'))
      return true;
  }
  return false;
}

// ───────────────────────────── the office's inbox (decision 041) ─────────────────────────────

export type HoldingRow = typeof localHoldings.$inferSelect;

/** The registrations, awaiting approval first then newest, with the host account and the sessions assigned. */
export async function listHoldings(db: Executor, input: { status?: number; page: number; limit: number }) {
  const where = input.status === undefined ? undefined : eq(localHoldings.status, input.status);
  const [total] = await db.select({ n: count() }).from(localHoldings).where(where);
  const sessions = db
    .select({ holdingId: trainings.localHoldingId, n: count().as('n') })
    .from(trainings)
    .where(isNotNull(trainings.localHoldingId))
    .groupBy(trainings.localHoldingId)
    .as('holding_sessions');
  const rows = await db
    .select({
      holding: localHoldings,
      accountUserId: users.id,
      sessions: sql<number>`coalesce(${sessions.n}, 0)`.mapWith(Number),
    })
    .from(localHoldings)
    .leftJoin(users, eq(users.localHoldingId, localHoldings.id))
    .leftJoin(sessions, eq(sessions.holdingId, localHoldings.id))
    .where(where)
    .orderBy(
      desc(sql`${localHoldings.status} = ${LOCAL_HOLDING_STATUS.awaitingApproval}`),
      desc(localHoldings.createdAt),
      desc(localHoldings.id),
    )
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One registration as the office's list shows it. */
export async function findHoldingView(db: Executor, id: number) {
  const [row] = await db
    .select({
      holding: localHoldings,
      accountUserId: users.id,
      sessions:
        sql<number>`(select count(*) from ${trainings} where ${trainings.localHoldingId} = ${localHoldings.id})`.mapWith(
          Number,
        ),
    })
    .from(localHoldings)
    .leftJoin(users, eq(users.localHoldingId, localHoldings.id))
    .where(eq(localHoldings.id, id));
  return row;
}

export async function holdingExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: localHoldings.id }).from(localHoldings).where(eq(localHoldings.id, id));
  return rows.length > 0;
}

/**
 * Decides a registration awaiting approval: one conditional UPDATE (status 0 → 1 or 2), so that of two
 * concurrent decisions only one changes the row; the other gets nothing back.
 */
export async function decideHolding(
  db: Executor,
  input: { id: number; status: 1 | 2; actorId: number; reason: string | null; now: Date },
): Promise<HoldingRow | undefined> {
  const [row] = await db
    .update(localHoldings)
    .set({
      status: input.status,
      decidedAt: input.now,
      decidedBy: input.actorId,
      decisionReason: input.reason,
    })
    .where(
      and(eq(localHoldings.id, input.id), eq(localHoldings.status, LOCAL_HOLDING_STATUS.awaitingApproval)),
    )
    .returning();
  return row;
}

/**
 * The users row of a holding's account (role 'host', decision 041). The member-profile columns of users
 * are NOT NULL: the registration fills those it has (organisation, address, phone); the others hold the
 * neutral values of HOST_PROFILE, which nothing shows, since every member route refuses a host.
 */
export const HOST_PROFILE = { occupation: OCCUPATION_ID.other, gender: 0, birthday: '1900-01-01' } as const;

export function hostAccountValues(h: HoldingRow, now: Date): typeof users.$inferInsert {
  return {
    email: h.secretariatEmail,
    passwordHash: h.passwordHash,
    role: 'host',
    localHoldingId: h.id,
    lastName: h.organization,
    firstName: '',
    lastNameKana: '',
    firstNameKana: '',
    lastNameAlpha: '',
    firstNameAlpha: '',
    occupation: HOST_PROFILE.occupation,
    locationWork: h.organization,
    postalCode: '',
    district: '',
    address: h.secretariatAddress,
    phone: h.secretariatPhone,
    gender: HOST_PROFILE.gender,
    birthday: HOST_PROFILE.birthday,
    createdAt: now,
    updatedAt: now,
  };
}

/** The host account of an approved holding (the unique index on users.local_holding_id: one per holding). */
export async function insertHostAccount(db: Executor, holding: HoldingRow, now: Date) {
  const [row] = await db.insert(users).values(hostAccountValues(holding, now)).returning({ id: users.id });
  if (!row) throw new Error('host account insert returned no row');
  return row;
}

/** True when a database error is the unique violation of users_email_lower_uq (an account has the email). */
export function isAccountEmailTaken(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'users_email_lower_uq') return true;
    if (constraint === undefined && typeof message === 'string' && message.includes('users_email_lower_uq'))
      return true;
  }
  return false;
}

/** The session's row locked, with the holding it is assigned to now (for the audit's before). */
export async function lockTrainingHolding(db: Executor, trainingId: number) {
  const [row] = await db
    .select({ id: trainings.id, localHoldingId: trainings.localHoldingId })
    .from(trainings)
    .where(eq(trainings.id, trainingId))
    .for('update');
  return row;
}

export async function setTrainingHolding(db: Executor, trainingId: number, holdingId: number | null) {
  await db.update(trainings).set({ localHoldingId: holdingId }).where(eq(trainings.id, trainingId));
}

// ───────────────────────────── the host's view ─────────────────────────────

export async function findHolding(db: Executor, id: number) {
  const [row] = await db.select().from(localHoldings).where(eq(localHoldings.id, id));
  return row;
}

/** The holding's sessions, upcoming first (then the past, latest first), with applicants and check-ins. */
export async function listHostSessions(
  db: Executor,
  input: { holdingId: number; today: string; page: number; limit: number },
) {
  const where = eq(trainings.localHoldingId, input.holdingId);
  const [total] = await db.select({ n: count() }).from(trainings).where(where);
  // Applicants: applied and not lost the draw (a cancelled enrolment goes back below 'applying').
  const live = sql`${enrollments.status} >= ${STEP_STATUS.applying} and ${enrollments.status} <> ${STEP_STATUS.lost}`;
  const rows = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      courseName: courses.name,
      eventDate: trainings.eventDate,
      eventStartTime: trainings.eventStartTime,
      venueName: trainings.venueName,
      isActive: trainings.isActive,
      enrolled: sql<number>`count(${enrollments.id}) filter (where ${live})`.mapWith(Number),
      checkedIn: sql<number>`count(${enrollments.checkedInAt})`.mapWith(Number),
    })
    .from(trainings)
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .leftJoin(enrollments, eq(enrollments.trainingId, trainings.id))
    .where(where)
    .groupBy(trainings.id, courses.name)
    .orderBy(
      desc(sql`${trainings.eventDate} >= ${input.today}`),
      sql`case when ${trainings.eventDate} >= ${input.today} then ${trainings.eventDate} end asc`,
      desc(trainings.eventDate),
      asc(trainings.id),
    )
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether the session is the holding's (a host's routes answer 404 for any other). */
export async function isHoldingSession(db: Executor, input: { trainingId: number; holdingId: number }) {
  const rows = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.id, input.trainingId), eq(trainings.localHoldingId, input.holdingId)));
  return rows.length > 0;
}
