/**
 * The queries of the certificate expiries (decision 038): the office's list and count, the reminder
 * sweep and its rows, one renewal as the office sees it. The only place in this module that reads or writes.
 */
import {
  BI_PREFIX,
  OBJECT_TYPE,
  ORDER_TYPE,
  RENEWAL_CERTIFICATE_TYPE,
  RENEWAL_STATUS,
  type ExpiryRenewalFilter,
  type RenewalReminder,
} from '@mels/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  certificateReminders,
  certificateRequests,
  certificates,
  courses,
  lessons,
  lessonViews,
  orders,
  quizAnswers,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema.ts';

/** The certificate's renewal request (one per certificate: the partial unique index of migration 0020). */
const renewalOf = and(
  eq(certificateRequests.sourceCertificateId, certificates.id),
  eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE),
);

const lastReminder = sql<RenewalReminder | null>`(select ${certificateReminders.reminder} from ${certificateReminders}
  where ${certificateReminders.certificateId} = ${certificates.id}
  order by ${certificateReminders.createdAt} desc, ${certificateReminders.id} desc limit 1)`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ExpirySearch = {
  /** End dates from this day to that one, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  renewal: ExpiryRenewalFilter;
  q?: string | undefined;
};

function renewalCondition(filter: ExpiryRenewalFilter): SQL | undefined {
  switch (filter) {
    case 'any':
      return undefined;
    case 'notStarted':
      return and(eq(certificates.isExtended, false), isNull(certificateRequests.id));
    case 'started':
      return and(
        eq(certificates.isExtended, false),
        isNotNull(certificateRequests.id),
        sql`${certificateRequests.status} <> ${RENEWAL_STATUS.complete}`,
      );
    case 'renewed':
      return or(eq(certificates.isExtended, true), eq(certificateRequests.status, RENEWAL_STATUS.complete));
  }
}

function where(search: ExpirySearch): SQL | undefined {
  const q = search.q ? `%${escapeLike(search.q)}%` : null;
  return and(
    eq(courses.certificatePrefix, BI_PREFIX),
    isNull(certificates.revokedAt),
    gte(certificates.endDate, search.from),
    lte(certificates.endDate, search.to),
    renewalCondition(search.renewal),
    q
      ? or(
          ilike(certificates.certificateNumber, q),
          ilike(users.email, q),
          ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, q),
          ilike(sql`${users.lastName} || ${users.firstName}`, q),
        )
      : undefined,
  );
}

function expiryQuery(db: Executor) {
  return db
    .select({
      id: certificates.id,
      number: certificates.certificateNumber,
      courseId: courses.id,
      courseName: courses.name,
      userId: users.id,
      lastName: users.lastName,
      firstName: users.firstName,
      email: users.email,
      startDate: certificates.startDate,
      endDate: sql<string>`${certificates.endDate}`,
      isExtended: certificates.isExtended,
      requestId: certificateRequests.id,
      requestStatus: certificateRequests.status,
      lastReminder,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(certificateRequests, renewalOf);
}
export type ExpiryRow = Awaited<ReturnType<ReturnType<typeof expiryQuery>['execute']>>[number];

/** A page of the expiry list, soonest end date first. */
export async function searchExpiries(
  db: Executor,
  search: ExpirySearch,
  page: { limit: number; offset: number },
) {
  const condition = where(search);
  const rows = await expiryQuery(db)
    .where(condition)
    .orderBy(asc(certificates.endDate), asc(certificates.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(certificateRequests, renewalOf)
    .where(condition);
  return { rows, total: total?.n ?? 0 };
}

/** The whole filter (CSV), at most `max` rows. */
export function expiriesForExport(db: Executor, search: ExpirySearch, max: number) {
  return expiryQuery(db)
    .where(where(search))
    .orderBy(asc(certificates.endDate), asc(certificates.id))
    .limit(max);
}

/** Basic-instructor certificates in force, not renewed, ending from `from` to `to` (the dashboard's count). */
export async function countExpiring(db: Executor, range: { from: string; to: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(
      and(
        eq(courses.certificatePrefix, BI_PREFIX),
        isNull(certificates.revokedAt),
        eq(certificates.isExtended, false),
        gte(certificates.endDate, range.from),
        lte(certificates.endDate, range.to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The certificates a reminder may concern on a day: basic-instructor, in force, not extended, whose
 * renewal (if any) is not complete, ending from `from` to `to`.
 */
export function findReminderCandidates(db: Executor, range: { from: string; to: string }) {
  return db
    .select({ id: certificates.id, endDate: sql<string>`${certificates.endDate}` })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(certificateRequests, renewalOf)
    .where(
      and(
        eq(courses.certificatePrefix, BI_PREFIX),
        isNull(certificates.revokedAt),
        eq(certificates.isExtended, false),
        gte(certificates.endDate, range.from),
        lte(certificates.endDate, range.to),
        or(isNull(certificateRequests.id), sql`${certificateRequests.status} <> ${RENEWAL_STATUS.complete}`),
      ),
    )
    .orderBy(asc(certificates.id));
}

/** Records a reminder of a certificate once: the row when it is new, undefined when it was already sent. */
export async function recordReminder(
  db: Executor,
  input: { certificateId: number; reminder: RenewalReminder; now: Date },
) {
  const [row] = await db
    .insert(certificateReminders)
    .values({ certificateId: input.certificateId, reminder: input.reminder, createdAt: input.now })
    .onConflictDoNothing({ target: [certificateReminders.certificateId, certificateReminders.reminder] })
    .returning();
  return row;
}

/** A reminder with its certificate and where the certificate's renewal stands (for the mail, when it is sent). */
export async function findReminderForMail(db: Executor, reminderId: number) {
  const [row] = await db
    .select({
      reminder: certificateReminders.reminder,
      certificateId: certificates.id,
      userId: certificates.userId,
      number: certificates.certificateNumber,
      courseId: certificates.courseId,
      courseName: courses.name,
      endDate: certificates.endDate,
      revokedAt: certificates.revokedAt,
      isExtended: certificates.isExtended,
      requestStatus: certificateRequests.status,
    })
    .from(certificateReminders)
    .innerJoin(certificates, eq(certificates.id, certificateReminders.certificateId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .leftJoin(certificateRequests, renewalOf)
    .where(eq(certificateReminders.id, reminderId));
  return row;
}

/** The reminders sent for a certificate, in order (tests, the office). */
export function remindersOf(db: Executor, certificateId: number) {
  return db
    .select({ reminder: certificateReminders.reminder, createdAt: certificateReminders.createdAt })
    .from(certificateReminders)
    .where(eq(certificateReminders.certificateId, certificateId))
    .orderBy(asc(certificateReminders.id));
}

const issued = alias(certificates, 'issued');

/** A renewal request with its member, the certificate it renews and the one it issued. */
export async function findRenewal(db: Executor, id: number) {
  const [row] = await db
    .select({
      request: certificateRequests,
      userId: users.id,
      lastName: users.lastName,
      firstName: users.firstName,
      email: users.email,
      source: certificates,
      issuedId: issued.id,
      issuedNumber: issued.certificateNumber,
      issuedEndDate: issued.endDate,
    })
    .from(certificateRequests)
    .innerJoin(users, eq(users.id, certificateRequests.userId))
    .innerJoin(certificates, eq(certificates.id, certificateRequests.sourceCertificateId))
    .leftJoin(issued, eq(issued.id, certificateRequests.certificateId))
    .where(
      and(eq(certificateRequests.id, id), eq(certificateRequests.certificateType, RENEWAL_CERTIFICATE_TYPE)),
    );
  return row;
}

/** The renewal course's videos, and how many of them this renewal has seen. */
export async function renewalVideos(db: Executor, input: { requestId: number; courseId: number }) {
  const [total] = await db
    .select({ n: count() })
    .from(lessons)
    .where(
      and(eq(lessons.courseId, input.courseId), eq(lessons.kind, 'renewal'), isNull(lessons.archivedAt)),
    );
  const [seen] = await db
    .select({ n: count() })
    .from(lessonViews)
    .innerJoin(lessons, eq(lessons.id, lessonViews.lessonId))
    .where(
      and(
        eq(lessonViews.requestId, input.requestId),
        eq(lessons.kind, 'renewal'),
        isNull(lessons.archivedAt),
        isNotNull(lessonViews.seenAt),
      ),
    );
  return { total: total?.n ?? 0, seen: seen?.n ?? 0 };
}

/**
 * The renewal test: its current questions (a question the office retired, decision 036, is not counted),
 * this renewal's correct answers, and every answer given (attempts).
 */
export async function renewalTest(db: Executor, input: { requestId: number; courseId: number }) {
  const [questions] = await db
    .select({ n: count() })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(
      and(eq(quizzes.courseId, input.courseId), eq(quizzes.kind, 'renewal'), isNull(quizQuestions.versionTo)),
    );
  const [answers] = await db
    .select({
      correct: sql<number>`count(*) filter (where ${quizAnswers.isCorrect})::int`,
      attempts: sql<number>`coalesce(sum(${quizAnswers.attempts}), 0)::int`,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.requestId, input.requestId));
  return { questions: questions?.n ?? 0, correct: answers?.correct ?? 0, attempts: answers?.attempts ?? 0 };
}

/** The renewal fee's purchase orders of a request, newest first. */
export function renewalOrders(db: Executor, requestId: number) {
  return db
    .select({ id: orders.id, status: orders.status, amount: orders.amount, paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        eq(orders.requestId, requestId),
        eq(orders.objectType, OBJECT_TYPE.renewal),
        eq(orders.type, ORDER_TYPE.purchase),
      ),
    )
    .orderBy(desc(orders.id));
}

/** A certificate with its course's prefix (the manual extension's checks). */
export async function findCertificate(db: Executor, id: number) {
  const [row] = await db
    .select({ certificate: certificates, prefix: courses.certificatePrefix })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, id));
  return row;
}
