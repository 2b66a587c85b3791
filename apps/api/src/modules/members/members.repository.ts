import { ORDER_STATUS, type MemberNameQuery } from '@mels/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  authTokens,
  calendarFeeds,
  certificateRequests,
  certificates,
  courses,
  emailChangeTokens,
  enrollments,
  enrollmentSteps,
  legacyCertificates,
  mailOutbox,
  orderItems,
  orders,
  passwordResetTokens,
  rankUpRequests,
  ranks,
  trainings,
  transactions,
  userRanks,
  users,
} from '../../db/schema.ts';

/**
 * The office's members (decision 042). The member's page reads the records other modules write
 * (enrolments and their trails, orders, certificates, requests, ranks) read-only, as the audit log does;
 * the only writes are to the account itself and, on erasure, to the personal data held beside it.
 */

export type MemberRow = typeof users.$inferSelect;

/** Only members: office staff (and hosts) are not managed here. */
const isMember = eq(users.role, 'member');

/** Escapes LIKE's wildcards so a value is matched as typed. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type MemberSearch = {
  name?: MemberNameQuery;
  email?: string;
  phoneDigits?: string;
  occupation?: number;
  prefecture?: number;
  status?: 'active' | 'deactivated' | 'erased';
};

/** Without the spaces (ASCII and ideographic) a name may hold. */
const noSpace = (column: SQL) => sql`replace(replace(${column}, ' ', ''), chr(12288), '')`;

function searchWhere(s: MemberSearch): SQL {
  const conditions: SQL[] = [isMember];
  if (s.name) {
    const text = like(s.name.text);
    const kana = like(s.name.kana);
    conditions.push(
      or(
        sql`${noSpace(sql`${users.lastName} || ${users.firstName}`)} ilike ${text}`,
        sql`${noSpace(sql`${users.lastNameKana} || ${users.firstNameKana}`)} ilike ${kana}`,
        sql`${noSpace(sql`${users.lastNameAlpha} || ${users.firstNameAlpha}`)} ilike ${text}`,
        sql`${noSpace(sql`${users.firstNameAlpha} || ${users.lastNameAlpha}`)} ilike ${text}`,
      )!,
    );
  }
  if (s.email) conditions.push(sql`${users.email} ilike ${like(s.email)}`);
  if (s.phoneDigits)
    conditions.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${like(s.phoneDigits)}`);
  if (s.occupation !== undefined) conditions.push(eq(users.occupation, s.occupation));
  if (s.prefecture !== undefined)
    conditions.push(or(eq(users.areaId, s.prefecture), eq(users.workAreaId, s.prefecture))!);
  if (s.status === 'erased') conditions.push(isNotNull(users.erasedAt));
  if (s.status === 'deactivated') conditions.push(and(eq(users.isActive, false), isNull(users.erasedAt))!);
  if (s.status === 'active') conditions.push(eq(users.isActive, true));
  return and(...conditions)!;
}

export async function searchMembers(db: Executor, s: MemberSearch, page: { limit: number; offset: number }) {
  const where = searchWhere(s);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findMember(db: Executor, id: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isMember));
  return row;
}

/** The member's row under its lock (the account actions are decided on it). */
export async function lockMember(db: Executor, id: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isMember))
    .for('update');
  return row;
}

const actor = alias(users, 'actor');

export async function memberEnrollments(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: enrollments.id,
      trainingId: enrollments.trainingId,
      trainingName: trainings.name,
      courseName: courses.name,
      eventDate: trainings.eventDate,
      userTypeId: enrollments.userTypeId,
      status: enrollments.status,
      checkedInAt: enrollments.checkedInAt,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(trainings.eventDate), desc(enrollments.id));
  const ids = rows.map((r) => r.id);
  const steps = ids.length
    ? await db
        .select({
          enrollmentId: enrollmentSteps.enrollmentId,
          step: enrollmentSteps.step,
          status: enrollmentSteps.status,
          note: enrollmentSteps.note,
          actorId: actor.id,
          actorLast: actor.lastName,
          actorFirst: actor.firstName,
          createdAt: enrollmentSteps.createdAt,
        })
        .from(enrollmentSteps)
        .leftJoin(actor, eq(actor.id, enrollmentSteps.actorUserId))
        .where(inArray(enrollmentSteps.enrollmentId, ids))
        .orderBy(asc(enrollmentSteps.id))
    : [];
  return rows.map((r) => ({ ...r, steps: steps.filter((s) => s.enrollmentId === r.id) }));
}

export async function memberOrders(db: Executor, userId: number) {
  const items = sql<
    string | null
  >`(select string_agg(${orderItems.name}, '、' order by ${orderItems.id}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  return db
    .select({
      id: orders.id,
      type: orders.type,
      objectType: orders.objectType,
      trainingName: trainings.name,
      courseName: courses.name,
      items,
      amount: orders.amount,
      status: orders.status,
      paymentMethodId: orders.paymentMethodId,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      customerName: orders.customerName,
      postalCode: orders.postalCode,
      address: orders.address,
      phone: orders.phone,
    })
    .from(orders)
    .leftJoin(trainings, eq(trainings.id, orders.trainingId))
    .leftJoin(courses, eq(courses.id, orders.objectId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export function memberCertificates(db: Executor, userId: number) {
  return db
    .select({
      id: certificates.id,
      certificateNumber: certificates.certificateNumber,
      certificateType: certificates.certificateType,
      courseName: courses.name,
      holderName: certificates.holderName,
      holderNameAlpha: certificates.holderNameAlpha,
      startDate: certificates.startDate,
      endDate: certificates.endDate,
      revokedAt: certificates.revokedAt,
      verificationCode: certificates.verificationCode,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.startDate), desc(certificates.id));
}

export function memberCertificateRequests(db: Executor, userId: number) {
  return db
    .select({
      id: certificateRequests.id,
      certificateType: certificateRequests.certificateType,
      courseName: courses.name,
      status: certificateRequests.status,
      createdAt: certificateRequests.createdAt,
      decidedAt: certificateRequests.decidedAt,
    })
    .from(certificateRequests)
    .innerJoin(courses, eq(courses.id, certificateRequests.courseId))
    .where(eq(certificateRequests.userId, userId))
    .orderBy(desc(certificateRequests.createdAt), desc(certificateRequests.id));
}

export function memberRanks(db: Executor, userId: number) {
  return db
    .select({
      shortName: ranks.shortName,
      name: ranks.name,
      level: ranks.level,
      grantedAt: userRanks.grantedAt,
    })
    .from(userRanks)
    .innerJoin(ranks, eq(ranks.id, userRanks.rankId))
    .where(eq(userRanks.userId, userId))
    .orderBy(asc(ranks.level));
}

export function memberRankUps(db: Executor, userId: number) {
  return db
    .select({
      id: rankUpRequests.id,
      toRank: ranks.name,
      status: rankUpRequests.status,
      createdAt: rankUpRequests.createdAt,
    })
    .from(rankUpRequests)
    .innerJoin(ranks, eq(ranks.id, rankUpRequests.toRankId))
    .where(eq(rankUpRequests.userId, userId))
    .orderBy(desc(rankUpRequests.createdAt), desc(rankUpRequests.id));
}

/** An order of the member still in payment (erasure waits for it to end). */
export async function hasPaymentInProgress(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.inPayment)))
    .limit(1);
  return row !== undefined;
}

const notErased = isNull(users.erasedAt);

/** Deactivates an active member, in one conditional statement; undefined when the state was not that. */
export async function deactivateMember(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(users)
    .set({ isActive: false, deactivatedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isMember, eq(users.isActive, true), notErased))
    .returning();
  return row;
}

/** Reactivates a deactivated (not erased) member, in one conditional statement. */
export async function reactivateMember(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(users)
    .set({ isActive: true, deactivatedAt: null, updatedAt: now })
    .where(and(eq(users.id, id), isMember, eq(users.isActive, false), notErased))
    .returning();
  return row;
}

/** The columns of the member's names. */
type NameColumn =
  'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'lastNameAlpha' | 'firstNameAlpha';
/** The columns of the workplace, the address and the phone. */
type PlaceColumn = 'locationWork' | 'workAreaId' | 'postalCode' | 'areaId' | 'district' | 'address' | 'phone';

export type MemberChanges = Partial<
  Pick<
    MemberRow,
    'email' | NameColumn | 'occupation' | 'medicalDepartment' | PlaceColumn | 'gender' | 'birthday'
  >
>;

/** Corrects a (not erased) member's fields; undefined when erased meanwhile. */
export async function correctMember(db: Executor, id: number, changes: MemberChanges, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(users.id, id), isMember, notErased))
    .returning();
  return row;
}

/** Ends every login of the member (deactivation, erasure). */
export async function endLogins(db: Executor, userId: number, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export type Anonymised = Pick<
  MemberRow,
  | 'email'
  | 'passwordHash'
  | NameColumn
  | 'medicalDepartment'
  | 'simulationQualification'
  | PlaceColumn
  | 'birthday'
  | 'avatarPath'
>;

/**
 * Erases the member's personal data (decision 042), in one conditional statement: only a member not
 * yet erased and with no order in payment. Undefined when either condition failed.
 */
export async function anonymiseMember(db: Executor, input: { id: number; values: Anonymised; now: Date }) {
  const { id, values, now } = input;
  const [row] = await db
    .update(users)
    .set({
      ...values,
      isActive: false,
      erasedAt: now,
      deactivatedAt: sql`coalesce(${users.deactivatedAt}, ${now})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.id, id),
        isMember,
        notErased,
        sql`not exists (select 1 from ${orders} where ${orders.userId} = ${id} and ${orders.status} = ${ORDER_STATUS.inPayment})`,
      ),
    )
    .returning();
  return row;
}

/**
 * The personal data held beside the account, on erasure: login, reset and address-change tokens and the
 * calendar feed go; delivery details of orders no longer being shipped, the name and address copied into
 * certificate requests and claimed legacy certificates, and the mails sent to the member are replaced.
 * Orders (amounts, items, dates, the name they were issued to) and certificates stay (decision 042).
 */
export async function erasePersonalTraces(
  db: Executor,
  input: {
    userId: number;
    oldEmail: string;
    newEmail: string;
    name: string;
    now: Date;
    mailBody: string;
  },
) {
  const { userId, oldEmail, newEmail, name, now } = input;
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  const delivery = { postalCode: null, address: null, phone: null, updatedAt: now };
  await db
    .update(orders)
    .set(delivery)
    .where(and(eq(orders.userId, userId), ne(orders.status, ORDER_STATUS.shipping)));
  await db.update(transactions).set(delivery).where(eq(transactions.userId, userId));
  await db
    .update(certificateRequests)
    .set({ username: name, email: newEmail, updatedAt: now })
    .where(eq(certificateRequests.userId, userId));
  await db
    .update(legacyCertificates)
    .set({ email: newEmail })
    .where(eq(legacyCertificates.claimedByUserId, userId));
  await db
    .update(mailOutbox)
    .set({ toAddress: newEmail, textBody: input.mailBody, htmlBody: null })
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${oldEmail})`);
  // The values a correction recorded (decision 042 narrows decision 033 here): which fields changed stays.
  await db
    .update(auditEvents)
    .set({ data: sql`${auditEvents.data} - 'before' - 'after'` })
    .where(
      and(
        eq(auditEvents.entity, 'user'),
        eq(auditEvents.entityId, userId),
        eq(auditEvents.action, 'member.correct'),
      ),
    );
}

export async function insertMemberAudit(
  db: Executor,
  input: { actorId: number; action: string; memberId: number; data: Record<string, unknown>; now: Date },
) {
  await db.insert(auditEvents).values({
    actorUserId: input.actorId,
    action: input.action,
    entity: 'user',
    entityId: input.memberId,
    data: input.data,
    createdAt: input.now,
  });
}
