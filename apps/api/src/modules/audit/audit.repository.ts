import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  cancelRequests,
  certificateRequests,
  certificates,
  enrollments,
  enrollmentSteps,
  orders,
  rankUpRequests,
  users,
} from '../../db/schema.ts';

/** The filter as the repository applies it: ids, an action prefix and a half-open time range. */
export type AuditSearch = {
  memberId?: number;
  trainingId?: number;
  orderId?: number;
  actorId?: number;
  action?: string;
  since?: Date;
  before?: Date;
};

/** The action a step of an enrolment's trail appears under in the log. */
export const TRAIL_ACTION = 'enrollment.step';

const e = auditEvents;

/** The audit events that concern one member: their account, enrolments, cancellations, orders, requests. */
function eventsOfMember(memberId: number): SQL {
  const of = (entity: string, ids: SQL) => and(eq(e.entity, entity), sql`${e.entityId} in (${ids})`)!;
  return or(
    and(eq(e.entity, 'user'), eq(e.entityId, memberId)),
    of(
      'enrollment',
      sql`select ${enrollments.id} from ${enrollments} where ${enrollments.userId} = ${memberId}`,
    ),
    of(
      'cancel_request',
      sql`select ${cancelRequests.id} from ${cancelRequests} join ${enrollments} on ${enrollments.id} = ${cancelRequests.enrollmentId} where ${enrollments.userId} = ${memberId}`,
    ),
    of('order', sql`select ${orders.id} from ${orders} where ${orders.userId} = ${memberId}`),
    of(
      'certificate',
      sql`select ${certificates.id} from ${certificates} where ${certificates.userId} = ${memberId}`,
    ),
    of(
      'certificate_request',
      sql`select ${certificateRequests.id} from ${certificateRequests} where ${certificateRequests.userId} = ${memberId}`,
    ),
    of(
      'rank_up_request',
      sql`select ${rankUpRequests.id} from ${rankUpRequests} where ${rankUpRequests.userId} = ${memberId}`,
    ),
  )!;
}

/** The audit events that concern one session: the session, its recruitments, enrolments, cancellations. */
function eventsOfSession(trainingId: number): SQL {
  const enrolmentsOf = sql`select ${enrollments.id} from ${enrollments} where ${enrollments.trainingId} = ${trainingId}`;
  return or(
    and(eq(e.entity, 'training'), eq(e.entityId, trainingId)),
    and(eq(e.entity, 'training_user_type'), sql`${e.data}->>'training_id' = ${String(trainingId)}`),
    and(eq(e.entity, 'enrollment'), sql`${e.entityId} in (${enrolmentsOf})`),
    and(
      eq(e.entity, 'cancel_request'),
      sql`${e.entityId} in (select ${cancelRequests.id} from ${cancelRequests} where ${cancelRequests.enrollmentId} in (${enrolmentsOf}))`,
    ),
    and(
      eq(e.entity, 'certificate'),
      sql`${e.entityId} in (select ${certificates.id} from ${certificates} where ${certificates.trainingId} = ${trainingId})`,
    ),
  )!;
}

const actor = alias(users, 'actor');
const actorName = sql<string | null>`${actor.lastName} || ' ' || ${actor.firstName}`;

function eventRows(db: Executor, f: AuditSearch) {
  const where: (SQL | undefined)[] = [
    f.memberId === undefined ? undefined : eventsOfMember(f.memberId),
    f.trainingId === undefined ? undefined : eventsOfSession(f.trainingId),
    f.orderId === undefined ? undefined : and(eq(e.entity, 'order'), eq(e.entityId, f.orderId)),
    f.actorId === undefined ? undefined : eq(e.actorUserId, f.actorId),
    f.action ? sql`starts_with(${e.action}, ${f.action})` : undefined,
    f.since ? gte(e.createdAt, f.since) : undefined,
    f.before ? lt(e.createdAt, f.before) : undefined,
  ];
  return db
    .select({
      source: sql<'event' | 'trail'>`'event'`.as('source'),
      seq: sql<number>`${e.id}`.as('seq'),
      createdAt: sql<Date>`${e.createdAt}`.as('created_at'),
      actorId: sql<number | null>`${e.actorUserId}`.as('actor_id'),
      actorName: actorName.as('actor_name'),
      action: sql<string>`${e.action}`.as('action'),
      objectType: sql<string>`${e.entity}`.as('object_type'),
      objectId: sql<number | null>`${e.entityId}`.as('object_id'),
      data: sql<Record<string, unknown>>`${e.data}`.as('data'),
      ip: sql<string | null>`${e.ip}`.as('ip'),
    })
    .from(e)
    .leftJoin(actor, eq(actor.id, e.actorUserId))
    .where(and(...where));
}

/** The enrolments' step trails (every status change of an enrolment, whoever made it). */
function trailRows(db: Executor, f: AuditSearch) {
  const s = enrollmentSteps;
  const where: (SQL | undefined)[] = [
    f.memberId === undefined ? undefined : eq(enrollments.userId, f.memberId),
    f.trainingId === undefined ? undefined : eq(enrollments.trainingId, f.trainingId),
    // A trail step is not an order's row: an order filter leaves the trails out.
    f.orderId === undefined ? undefined : sql`false`,
    f.actorId === undefined ? undefined : eq(s.actorUserId, f.actorId),
    f.action ? sql`starts_with(${TRAIL_ACTION}, ${f.action})` : undefined,
    f.since ? gte(s.createdAt, f.since) : undefined,
    f.before ? lt(s.createdAt, f.before) : undefined,
  ];
  return db
    .select({
      source: sql<'event' | 'trail'>`'trail'`.as('source'),
      seq: sql<number>`${s.id}`.as('seq'),
      createdAt: sql<Date>`${s.createdAt}`.as('created_at'),
      actorId: sql<number | null>`${s.actorUserId}`.as('actor_id'),
      actorName: actorName.as('actor_name'),
      action: sql<string>`${TRAIL_ACTION}::text`.as('action'),
      objectType: sql<string>`'enrollment'`.as('object_type'),
      objectId: sql<number | null>`${s.enrollmentId}`.as('object_id'),
      data: sql<
        Record<string, unknown>
      >`jsonb_build_object('step', ${s.step}, 'status', ${s.status}, 'note', ${s.note}, 'user_id', ${enrollments.userId}, 'training_id', ${enrollments.trainingId})`.as(
        'data',
      ),
      ip: sql<string | null>`null::text`.as('ip'),
    })
    .from(s)
    .innerJoin(enrollments, eq(enrollments.id, s.enrollmentId))
    .leftJoin(actor, eq(actor.id, s.actorUserId))
    .where(and(...where));
}

export type AuditRow = Awaited<ReturnType<typeof eventRows>>[number];

function log(db: Executor, f: AuditSearch) {
  return eventRows(db, f).unionAll(trailRows(db, f)).as('log');
}

/** One page of the log, newest first (ties: the later written first). */
export async function searchAudit(db: Executor, f: AuditSearch, page: { limit: number; offset: number }) {
  const sub = log(db, f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sub)
      .orderBy(desc(sub.createdAt), desc(sub.source), desc(sub.seq))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sub),
  ]);
  return { rows: rows as AuditRow[], total: Number(total?.n ?? 0) };
}

/** Every row of the filter, newest first, for the CSV (at most `max`). */
export async function auditForExport(db: Executor, f: AuditSearch, max: number) {
  const sub = log(db, f);
  const rows = await db
    .select()
    .from(sub)
    .orderBy(desc(sub.createdAt), desc(sub.source), desc(sub.seq))
    .limit(max);
  return rows as AuditRow[];
}

/** What an office write records: who, what, on which row, before and after (decision 033). */
export type AuditEntry = {
  /** The office user; null for the demo seed, which writes through the same functions. */
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  data: object;
  now: Date;
};

/** One row of the audit trail, in the caller's transaction: every module's office writes use this. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    actorUserId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    data: entry.data,
    createdAt: entry.now,
  });
}
