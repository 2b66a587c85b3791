import {
  OBJECT_TYPE,
  ORDER_STATUS,
  ORDER_TYPE,
  PLACE_HOLDING_STATUSES,
  STEP_STATUS,
  USER_TYPE,
  type StepStatus,
  type WorkflowStep,
  CANCEL_REQUEST_STATUS,
} from '@mels/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { executePrepared, perExecutor } from '../../db/prepared.ts';
import {
  areas,
  cancelRequests,
  certificates,
  courseConditions,
  courseOccupations,
  courses,
  documents,
  enrollments,
  enrollmentSteps,
  lessons,
  orders,
  quizzes,
  trainingPaymentMethods,
  trainings,
  trainingUserTypes,
  userTypes,
  users,
} from '../../db/schema.ts';
import {
  tokenAccountColumns,
  tokenAccountFrom,
  type TokenAccount,
  type TokenCheck,
} from '../../plugins/auth.ts';
import { sessionDocumentVisible } from '../documents/index.ts';

/** The columns of one recruitment (training × user type) with its session, course and area. */
const recruitmentColumns = {
  recruitmentId: trainingUserTypes.id,
  trainingId: trainings.id,
  name: trainings.name,
  eventDate: trainings.eventDate,
  eventStartTime: trainings.eventStartTime,
  eventEndTime: trainings.eventEndTime,
  venue: trainings.venue,
  venueName: trainings.venueName,
  sponsorBy: trainings.sponsorBy,
  target: trainings.target,
  note: trainings.note,
  registerDateNote: trainings.registerDateNote,
  applyDateNote: trainings.applyDateNote,
  isActive: trainings.isActive,
  /** 'draft' or 'published' (decision 031): a member never reaches a draft. */
  status: trainings.status,
  areaName: areas.name,
  courseId: courses.id,
  courseName: courses.name,
  coursePrice: courses.price,
  certificatePrefix: courses.certificatePrefix,
  isRenewal: courses.isRenewal,
  introVideo: courses.introVideo,
  userTypeId: trainingUserTypes.userTypeId,
  userTypeName: userTypes.type,
  capacity: trainingUserTypes.capacity,
  participant: trainingUserTypes.participant,
  price: trainingUserTypes.price,
  selection: trainingUserTypes.selection,
  applyStartDate: trainingUserTypes.applyStartDate,
  applyEndDate: trainingUserTypes.applyEndDate,
};

/** One recruitment of a session (training × user type) with its session, course and area. */
export async function findRecruitment(db: Executor, trainingId: number, userTypeId: number) {
  const [row] = await db
    .select(recruitmentColumns)
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(and(eq(trainingUserTypes.trainingId, trainingId), eq(trainingUserTypes.userTypeId, userTypeId)));
  return row;
}
export type Recruitment = NonNullable<Awaited<ReturnType<typeof findRecruitment>>>;

export async function findPaymentMethods(db: Executor, trainingId: number): Promise<number[]> {
  const rows = await db
    .select({ id: trainingPaymentMethods.paymentMethodId })
    .from(trainingPaymentMethods)
    .where(eq(trainingPaymentMethods.trainingId, trainingId))
    .orderBy(asc(trainingPaymentMethods.paymentMethodId));
  return rows.map((r) => r.id);
}

/** The course's documents and those of the session the user may see (decision 020). */
export function findDocuments(
  db: Executor,
  options: { courseId: number; trainingId: number; userId: number },
) {
  return db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      sql`(${documents.courseId} = ${options.courseId} and ${documents.trainingId} is null) or (${documents.trainingId} = ${options.trainingId} and ${sessionDocumentVisible(options.userId)})`,
    )
    .orderBy(asc(documents.id));
}

export async function findUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findEnrollment(db: Executor, trainingId: number, userId: number, userTypeId: number) {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.trainingId, trainingId),
        eq(enrollments.userId, userId),
        eq(enrollments.userTypeId, userTypeId),
      ),
    );
  return row;
}
export type EnrollmentRow = typeof enrollments.$inferSelect;

export async function findEnrollmentById(db: Executor, id: number) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

export function findSteps(db: Executor, enrollmentId: number) {
  return db
    .select()
    .from(enrollmentSteps)
    .where(eq(enrollmentSteps.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentSteps.id));
}

export async function findLatestCancel(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select()
    .from(cancelRequests)
    .where(eq(cancelRequests.enrollmentId, enrollmentId))
    .orderBy(desc(cancelRequests.id))
    .limit(1);
  return row;
}

/** The latest session-fee purchase of an enrolment (status, method, amount, transfer deadline), or undefined. */
export async function findSessionFeeOrder(db: Executor, enrollmentId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentMethodId: orders.paymentMethodId,
      amount: orders.amount,
      dueAt: orders.dueAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.enrollmentId, enrollmentId),
        eq(orders.type, ORDER_TYPE.purchase),
        eq(orders.objectType, OBJECT_TYPE.sessionFee),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}
export type SessionFeeOrder = NonNullable<Awaited<ReturnType<typeof findSessionFeeOrder>>>;

/** Records the member's payment method on an enrolment awaiting payment (compare-and-set on status 8). */
export async function setPaymentMethod(
  db: Executor,
  input: { enrollmentId: number; paymentMethodId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(enrollments)
    .set({ paymentMethodId: input.paymentMethodId, updatedAt: input.now })
    .where(and(eq(enrollments.id, input.enrollmentId), eq(enrollments.status, STEP_STATUS.awaitingPayment)))
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

/**
 * What a member's eligibility for some courses rests on (spec 000 §5), as the columns of one statement
 * (issue 20: the logged-in search asked it in four queries on four connections, then in a statement of
 * its own; the trainings module now selects these columns beside the member's enrolments, so the
 * member's state on a page is one round trip): the member's occupation, each course's accepted
 * occupations and conditions, the courses (by user type) the member has completed and the member's
 * certificates not revoked. `user` and `courses` are the statement's parameters (an int and an int[]).
 */
export function eligibilityFactsColumns(params: { user: SQL; courses: SQL }) {
  const { user, courses } = params;
  return {
    occupation: sql<number | null>`(select u.occupation from users u where u.id = ${user})`.mapWith(Number),
    occupations: sql<{ courseId: number; occupation: number }[]>`(
      select coalesce(json_agg(json_build_object('courseId', o.course_id, 'occupation', o.occupation)
        order by o.course_id, o.occupation), '[]'::json)
      from course_occupations o where o.course_id = any(${courses}))`,
    conditions: sql<
      {
        forCourseId: number;
        groupNo: number;
        courseId: number;
        courseName: string;
        userTypeId: number | null;
      }[]
    >`(
      select coalesce(json_agg(json_build_object('forCourseId', cc.course_id, 'groupNo', cc.group_no,
        'courseId', cc.required_course_id, 'courseName', c.name, 'userTypeId', cc.required_user_type_id)
        order by cc.group_no, cc.id), '[]'::json)
      from course_conditions cc join courses c on c.id = cc.required_course_id
      where cc.course_id = any(${courses}))`,
    completed: sql<{ courseId: number; userTypeId: number }[]>`(
      select coalesce(json_agg(json_build_object('courseId', d.course_id, 'userTypeId', d.user_type_id)), '[]'::json)
      from (select distinct t.course_id, e.user_type_id from enrollments e
        join trainings t on t.id = e.training_id
        where e.user_id = ${user} and e.status = ${sql.raw(String(STEP_STATUS.completed))}) d)`,
    certs: sql<{ courseId: number; endDate: string | null }[]>`(
      select coalesce(json_agg(json_build_object('courseId', ce.course_id, 'endDate', ce.end_date)), '[]'::json)
      from certificates ce where ce.user_id = ${user} and ce.revoked_at is null)`,
  };
}

type EligibilityFactsColumns = ReturnType<typeof eligibilityFactsColumns>;
/** One row of eligibilityFactsColumns as a select answers it (the occupation is null for no such member). */
export type EligibilityFactsRow = Omit<
  { [K in keyof EligibilityFactsColumns]: EligibilityFactsColumns[K] extends SQL<infer T> ? T : never },
  'occupation'
> & { occupation: number | null };

/** The member's purchase orders of a course's registration fee (object type 1). */
function courseRegistrationOrders(input: { userId: number; courseId: number }) {
  return and(
    eq(orders.userId, input.userId),
    eq(orders.type, ORDER_TYPE.purchase),
    eq(orders.objectType, OBJECT_TYPE.courseRegistration),
    eq(orders.objectId, input.courseId),
  );
}

/**
 * order_office_status: the status of the member's latest course-registration order (object type 1)
 * of the course; null when they have none.
 */
export async function findCourseRegistrationOrderStatus(
  db: Executor,
  input: { userId: number; courseId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(courseRegistrationOrders(input))
    .orderBy(desc(orders.id))
    .limit(1);
  return row === undefined ? null : Number(row.status);
}

/** Takes one place atomically: succeeds only while participant < capacity. */
export async function takePlace(db: Executor, recruitmentId: number): Promise<boolean> {
  const rows = await db
    .update(trainingUserTypes)
    .set({ participant: sql`${trainingUserTypes.participant} + 1` })
    .where(
      and(
        eq(trainingUserTypes.id, recruitmentId),
        lt(trainingUserTypes.participant, trainingUserTypes.capacity),
      ),
    )
    .returning({ id: trainingUserTypes.id });
  return rows.length > 0;
}

export async function releasePlace(db: Executor, trainingId: number, userTypeId: number): Promise<void> {
  await db
    .update(trainingUserTypes)
    .set({ participant: sql`${trainingUserTypes.participant} - 1` })
    .where(
      and(
        eq(trainingUserTypes.trainingId, trainingId),
        eq(trainingUserTypes.userTypeId, userTypeId),
        gt(trainingUserTypes.participant, 0),
      ),
    );
}

export type StepEntry = { step: WorkflowStep; status: StepStatus; note?: string | null };

/**
 * Records transitions: one enrollment_steps row each (with actor and time) and the enrolment's
 * status set to the last one. `fromStatuses` makes the move conditional (compare-and-set): when the
 * enrolment is no longer in one of them nothing is written and false is returned.
 */
export async function recordSteps(
  db: Executor,
  enrollmentId: number,
  entries: readonly StepEntry[],
  actorUserId: number | null,
  now: Date,
  fromStatuses?: readonly StepStatus[],
  extra: Partial<typeof enrollments.$inferInsert> = {},
): Promise<boolean> {
  const last = entries[entries.length - 1];
  if (!last) return true;
  const updated = await db
    .update(enrollments)
    .set({ status: last.status, updatedAt: now, ...extra })
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        fromStatuses ? inArray(enrollments.status, [...fromStatuses]) : undefined,
      ),
    )
    .returning({ id: enrollments.id });
  if (updated.length === 0) return false;
  await db.insert(enrollmentSteps).values(
    entries.map((e, i) => ({
      enrollmentId,
      step: e.step,
      status: e.status,
      note: e.note ?? null,
      actorUserId,
      // Entries of one transition keep their order (ids), and their times are the same moment.
      createdAt: new Date(now.getTime() + i),
    })),
  );
  return true;
}

export async function insertEnrollment(
  db: Executor,
  values: { trainingId: number; userId: number; userTypeId: number; now: Date },
) {
  const [row] = await db
    .insert(enrollments)
    .values({
      trainingId: values.trainingId,
      userId: values.userId,
      userTypeId: values.userTypeId,
      status: STEP_STATUS.initial,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('enrolment not inserted');
  return row;
}

export async function insertCancelRequest(
  db: Executor,
  enrollmentId: number,
  reason: string | null,
  now: Date,
) {
  const [row] = await db
    .insert(cancelRequests)
    .values({ enrollmentId, reason, status: CANCEL_REQUEST_STATUS.awaitingApproval, createdAt: now })
    .returning();
  return row;
}

export async function setAttendanceCode(db: Executor, enrollmentId: number, code: string): Promise<string> {
  const [row] = await db
    .update(enrollments)
    .set({ attendanceCode: code })
    .where(and(eq(enrollments.id, enrollmentId), isNull(enrollments.attendanceCode)))
    .returning({ code: enrollments.attendanceCode });
  if (row?.code) return row.code;
  const [current] = await db
    .select({ code: enrollments.attendanceCode })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId));
  return current?.code ?? code;
}

/**
 * Everything an application and the session page decide from, in ONE prepared statement (issue 20:
 * an application made 23 statements, the page 18): the recruitment (recruitmentColumns), and as
 * columns the member's occupation, their enrolment and its last step, the session's payment methods,
 * the course's occupations (none: every occupation), conditions (groups of alternatives, with the
 * required course's name) and pre-material (a live pre-video, a pre-test), what the member has passed
 * (completed enrolments by course and user type; certificates not revoked), another live application
 * (applied, not lost) on the same day at overlapping times (check_training), a place held in another
 * session of the course (is_win_other_training_same_course), and their records of the course (a
 * complete registration order; the statuses of their other attendee enrolments in it).
 */
function applyContextColumns(userId: SQL | Placeholder) {
  const thisEnrollment = sql`e.training_id = ${trainingUserTypes.trainingId} and e.user_id = ${userId} and e.user_type_id = ${trainingUserTypes.userTypeId}`;
  return {
    ...recruitmentColumns,
    occupation: sql<number | null>`(select u.occupation from ${users} u where u.id = ${userId})`,
    enrollment: sql<{
      id: number;
      status: number;
      approved: boolean;
    } | null>`(select json_build_object('id', e.id, 'status', e.status, 'approved', e.assistant_approved_at is not null) from ${enrollments} e where ${thisEnrollment})`,
    lastStep: sql<{
      status: number;
      note: string | null;
    } | null>`(select json_build_object('status', s.status, 'note', s.note) from ${enrollmentSteps} s join ${enrollments} e on e.id = s.enrollment_id where ${thisEnrollment} order by s.id desc limit 1)`,
    methods: sql<
      number[]
    >`array(select m.payment_method_id from ${trainingPaymentMethods} m where m.training_id = ${trainings.id} order by m.payment_method_id)`,
    occupations: sql<
      number[]
    >`array(select o.occupation from ${courseOccupations} o where o.course_id = ${courses.id} order by o.occupation)`,
    conditions: sql<
      Array<{ groupNo: number; courseId: number; courseName: string; userTypeId: number | null }>
    >`coalesce((select json_agg(json_build_object('groupNo', k.group_no, 'courseId', k.required_course_id, 'courseName', rc.name, 'userTypeId', k.required_user_type_id) order by k.group_no, k.id) from ${courseConditions} k join ${courses} rc on rc.id = k.required_course_id where k.course_id = ${courses.id}), '[]'::json)`,
    completed: sql<
      Array<{ courseId: number; userTypeId: number }>
    >`coalesce((select json_agg(distinct jsonb_build_object('courseId', pt.course_id, 'userTypeId', pe.user_type_id)) from ${enrollments} pe join ${trainings} pt on pt.id = pe.training_id where pe.user_id = ${userId} and pe.status = ${STEP_STATUS.completed}), '[]'::json)`,
    certs: sql<
      Array<{ courseId: number; endDate: string | null }>
    >`coalesce((select json_agg(json_build_object('courseId', c.course_id, 'endDate', c.end_date)) from ${certificates} c where c.user_id = ${userId} and c.revoked_at is null), '[]'::json)`,
    sameTimeConflict: sql<boolean>`exists (select 1 from ${enrollments} ce join ${trainings} ct on ct.id = ce.training_id where ce.user_id = ${userId} and ce.training_id <> ${trainings.id} and ce.status >= ${STEP_STATUS.applying} and ce.status <> ${STEP_STATUS.lost} and ct.event_date = ${trainings.eventDate} and ct.event_start_time < ${trainings.eventEndTime} and ct.event_end_time > ${trainings.eventStartTime})`,
    hasPreVideo: sql<boolean>`exists (select 1 from ${lessons} l where l.course_id = ${courses.id} and l.kind = 'pre' and l.archived_at is null)`,
    hasPreTest: sql<boolean>`exists (select 1 from ${quizzes} q where q.course_id = ${courses.id} and q.kind = 'pre')`,
    registrationPaid: sql<boolean>`exists (select 1 from ${orders} ro where ro.user_id = ${userId} and ro.type = ${ORDER_TYPE.purchase} and ro.object_type = ${OBJECT_TYPE.courseRegistration} and ro.object_id = ${courses.id} and ro.status = ${ORDER_STATUS.complete})`,
    wonElsewhere: sql<boolean>`exists (select 1 from ${enrollments} we join ${trainings} wt on wt.id = we.training_id where we.user_id = ${userId} and wt.course_id = ${courses.id} and we.training_id <> ${trainings.id} and we.status in (${sql.join(
      PLACE_HOLDING_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`,
    otherStatuses: sql<
      number[]
    >`array(select oe.status from ${enrollments} oe join ${trainings} ot on ot.id = oe.training_id where oe.user_id = ${userId} and oe.user_type_id = ${USER_TYPE.attendee} and ot.course_id = ${courses.id} and oe.training_id <> ${trainings.id})`,
  };
}

/** The recruitment of the placeholders trainingId and userTypeId, with its session, course, area and type. */
function ofRecruitment<T extends PgSelect>(query: T) {
  return query
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(
      and(
        eq(trainingUserTypes.trainingId, sql.placeholder('trainingId')),
        eq(trainingUserTypes.userTypeId, sql.placeholder('userTypeId')),
      ),
    );
}

const applyContextStatement = perExecutor((db) =>
  ofRecruitment(
    db
      .select(applyContextColumns(sql.placeholder('userId')))
      .from(trainingUserTypes)
      .$dynamic(),
  ).prepare('enrollments_apply_context'),
);

/**
 * The same read for the member of a token (issue 20: an application in two round trips, as the member's
 * search in one, decision 060): the token's account (tokenAccountFrom, checked in the statement) is joined,
 * and the member is its id. No row: the token is not valid, or there is no such recruitment.
 */
const tokenApplyContextStatement = perExecutor((db) =>
  ofRecruitment(
    db
      .select({ ...applyContextColumns(sql`account.id`), account: tokenAccountColumns })
      .from(trainingUserTypes)
      .innerJoin(tokenAccountFrom(), sql`true`)
      .$dynamic(),
  ).prepare('enrollments_token_apply_context'),
);

/**
 * findApplyContext for a token's member: the row and the token's account, or undefined when the token is
 * not valid or the recruitment does not exist (the caller tells them apart with the token's own lookup).
 */
export async function findApplyContextByToken(
  db: Executor,
  input: { trainingId: number; userTypeId: number; token: TokenCheck },
): Promise<{ row: ApplyContextRow; account: TokenAccount } | undefined> {
  const [found] = await tokenApplyContextStatement(db).execute({
    trainingId: input.trainingId,
    userTypeId: input.userTypeId,
    ...input.token,
  });
  if (!found) return undefined;
  const { account, ...row } = found;
  return { row, account };
}

export async function findApplyContext(
  db: Executor,
  input: { trainingId: number; userTypeId: number; userId: number },
) {
  const [row] = await applyContextStatement(db).execute(input);
  return row;
}
export type ApplyContextRow = NonNullable<Awaited<ReturnType<typeof findApplyContext>>>;

/**
 * Records an application in ONE statement (no read before the write decides anything): the place is
 * taken by a conditional UPDATE (participant < capacity) when the application takes one; the
 * enrolment is inserted (the unique index refuses a second one: the caller answers ALREADY_APPLIED),
 * or an existing one before applying (status 0–3) is locked and moved; its step entries and the
 * application mail's job are written from what was inserted or moved. Everything or nothing: when
 * the place is not taken or the enrolment is no longer before applying, nothing is written.
 */
export async function recordApplication(
  db: Executor,
  input: {
    recruitmentId: number;
    trainingId: number;
    userId: number;
    userTypeId: number;
    /** The member's enrolment before applying (status 0–3), or null to insert one. */
    enrollmentId: number | null;
    takesPlace: boolean;
    entries: readonly StepEntry[];
    now: Date;
    /** The mail job's INSERT … SELECT for the enrolment ids of the relation given (notifications module). */
    mailJob: (enrollmentIds: SQL) => SQL;
  },
): Promise<{ enrollmentId: number | null; placed: boolean; beforeApplying: boolean }> {
  const last = input.entries[input.entries.length - 1];
  if (!last) throw new Error('an application records at least one step');
  const existing = input.enrollmentId !== null;
  const before = [
    STEP_STATUS.initial,
    STEP_STATUS.courseRegistered,
    STEP_STATUS.preVideoWatched,
    STEP_STATUS.preTestDone,
  ];
  const cur = existing
    ? sql`select id from ${enrollments} where id = ${input.enrollmentId} and status in (${sql.join(
        before.map((s) => sql`${s}`),
        sql`, `,
      )}) for update`
    : sql`select null::integer as id where false`;
  const go = sql`(${input.takesPlace ? sql`exists (select 1 from place)` : sql`true`}${existing ? sql` and exists (select 1 from cur)` : sql``})`;
  const steps = sql.join(
    input.entries.map(
      (e, i) =>
        // Entries of one transition keep their order (ids), and their times are the same moment.
        sql`(${e.step}::integer, ${e.status}::integer, ${e.note ?? null}::text, ${new Date(input.now.getTime() + i)}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await executePrepared<{
    enrollment_id: number | null;
    placed: boolean;
    before_applying: boolean;
  }>(
    db,
    sql`
    with cur as (${cur}),
    place as (
      update ${trainingUserTypes} set participant = participant + 1
      where ${input.takesPlace ? sql`id = ${input.recruitmentId} and participant < capacity` : sql`false`}
        ${existing ? sql`and exists (select 1 from cur)` : sql``}
      returning id
    ),
    ins as (
      insert into ${enrollments} (training_id, user_id, user_type_id, status, created_at, updated_at)
      select ${input.trainingId}, ${input.userId}, ${input.userTypeId}, ${last.status}, ${input.now}, ${input.now}
      where ${existing ? sql`false` : go}
      returning id
    ),
    moved as (
      update ${enrollments} set status = ${last.status}, updated_at = ${input.now}
      where id in (select id from cur) and ${go}
      returning id
    ),
    target as (select id from ins union all select id from moved),
    steps as (
      insert into ${enrollmentSteps} (enrollment_id, step, status, note, actor_user_id, created_at)
      select target.id, s.step, s.status, s.note, ${input.userId}, s.at
      from target cross join (values ${steps}) as s(step, status, note, at)
    ),
    mail as (${input.mailJob(sql`target`)})
    select (select id from target) as enrollment_id,
      exists (select 1 from place) as placed,
      ${existing ? sql`exists (select 1 from cur)` : sql`true`} as before_applying
  `,
  );
  const row = rows[0];
  return {
    enrollmentId: row?.enrollment_id ?? null,
    placed: Boolean(row?.placed),
    beforeApplying: Boolean(row?.before_applying),
  };
}
