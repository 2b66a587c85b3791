import { OBJECT_TYPE, ORDER_TYPE, PLACE_HOLDING_STATUSES, TRAINING_STATUS } from '@mels/domain';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  courses,
  documents,
  enrollments,
  trainingUserTypes,
  trainings,
  userTypes,
} from '../../db/schema.ts';
import { sessionDocumentVisible } from '../documents/index.ts';

/** What the session search filters on (the query, already validated and defaulted). */
export type SearchFilter = {
  userTypes: readonly number[];
  areas?: readonly number[] | undefined;
  courses?: readonly number[] | undefined;
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive. */
  to?: string | undefined;
  /** Only the cards whose recruiting is open at `now` (募集中のみ). */
  openOnly?: boolean | undefined;
  /** The moment that decides which recruitings are open (cards open at it come first). */
  now: Date;
};

/**
 * Which filters a search uses. Each shape has its own statement (16 at most), built once and
 * prepared (named) on each connection, so a search neither rebuilds its SQL nor re-parses it.
 */
export type SearchShape = { areas: boolean; courses: boolean; from: boolean; to: boolean; open: boolean };

export function searchShape(filter: SearchFilter): SearchShape {
  return {
    areas: Boolean(filter.areas?.length),
    courses: Boolean(filter.courses?.length),
    from: Boolean(filter.from),
    to: Boolean(filter.to),
    open: Boolean(filter.openOnly),
  };
}

const shapeKey = (shape: SearchShape) =>
  `${shape.areas ? 'a' : ''}${shape.courses ? 'c' : ''}${shape.from ? 'f' : ''}${shape.to ? 't' : ''}${shape.open ? 'o' : ''}` ||
  'none';

/**
 * The search's WHERE over training_user_types ⋈ trainings, with placeholders. Every condition is a
 * plain comparison on an indexed column (`= any(array)` is what IN (…) becomes), so the planner can
 * use trainings_search_idx / trainings_area_search_idx / trainings_course_search_idx and
 * training_user_types_uq.
 */
function searchWhere(shape: SearchShape): SQL | undefined {
  return and(
    sql`${trainingUserTypes.userTypeId} = any(${sql.placeholder('types')})`,
    published,
    shape.areas ? sql`${trainings.areaId} = any(${sql.placeholder('areas')})` : undefined,
    shape.courses ? sql`${trainings.courseId} = any(${sql.placeholder('courses')})` : undefined,
    shape.from ? sql`${trainings.eventDate} >= ${sql.placeholder('from')}` : undefined,
    shape.to ? sql`${trainings.eventDate} <= ${sql.placeholder('to')}` : undefined,
    shape.open ? recruitingOpen(trainingUserTypes.applyStartDate, trainingUserTypes.applyEndDate) : undefined,
  );
}

/** Only published sessions are public; a draft is the office's alone (decision 031). */
const published = sql`${trainings.status} = ${sql.raw(`'${TRAINING_STATUS.published}'`)}`;

/** The moment of the search, for the recruiting phase (a timestamptz placeholder). */
const searchNow = sql`${sql.placeholder('now')}::timestamptz`;

/** Recruiting open at the search's moment: the window holds it (recruitingPhase's 'open'). */
function recruitingOpen(start: SQLWrapper, end: SQLWrapper): SQL {
  return sql`(${start} <= ${searchNow} and ${end} >= ${searchNow})`;
}

/**
 * The recruiting phase of a card as a rank, as recruitingPhase (@mels/domain) decides it: 0 open,
 * 1 upcoming, 2 closed. The search lists open recruitings first.
 */
const phaseRank = sql`(case when ${trainingUserTypes.applyStartDate} > ${searchNow} then 1 when ${trainingUserTypes.applyEndDate} < ${searchNow} then 2 else 0 end)`;

/** The values of the placeholders for a filter and a page. */
export function searchValues(filter: SearchFilter, limit: number, offset: number): Record<string, unknown> {
  return {
    types: [...filter.userTypes],
    areas: filter.areas ? [...filter.areas] : null,
    courses: filter.courses ? [...filter.courses] : null,
    from: filter.from ?? null,
    to: filter.to ?? null,
    now: filter.now.toISOString(),
    limit,
    offset,
  };
}

/**
 * The order of the cards: open recruitings first, then upcoming, then closed ones; within each,
 * date, start time, session, user type (stable across pages).
 */
const searchOrder = [
  asc(phaseRank),
  asc(trainings.eventDate),
  asc(trainings.eventStartTime),
  asc(trainings.id),
  asc(trainingUserTypes.userTypeId),
] as const;

/** The recruited user types of a session (users_types), as JSON, for one row of the page only. */
const usersTypesJson = sql<RawUserTypeWindow[]>`(
  select coalesce(json_agg(json_build_object(
    'type_id', u.user_type_id,
    'description', u.description,
    'apply_start_date', u.apply_start_date,
    'apply_end_date', u.apply_end_date,
    'register_start_date', u.register_start_date,
    'register_end_date', u.register_end_date
  ) order by u.user_type_id), '[]'::json)
  from training_user_types u
  where u.training_id = ${trainings.id}
)`;

const paymentMethodsJson = sql<number[]>`(
  select coalesce(json_agg(p.payment_method_id order by p.payment_method_id), '[]'::json)
  from training_payment_methods p
  where p.training_id = ${trainings.id}
)`;

export type RawUserTypeWindow = {
  type_id: number;
  description: string;
  apply_start_date: string;
  apply_end_date: string;
  register_start_date: string | null;
  register_end_date: string | null;
};

/** Everything a card shows, for rows already chosen (the page, or one session). */
const cardColumns = {
  trainingId: trainings.id,
  name: trainings.name,
  eventDate: trainings.eventDate,
  eventStartTime: trainings.eventStartTime,
  eventEndTime: trainings.eventEndTime,
  startTimeMorning: trainings.startTimeMorning,
  endTimeMorning: trainings.endTimeMorning,
  startTimeAfternoon: trainings.startTimeAfternoon,
  endTimeAfternoon: trainings.endTimeAfternoon,
  sponsorBy: trainings.sponsorBy,
  venue: trainings.venue,
  venueName: trainings.venueName,
  target: trainings.target,
  note: trainings.note,
  registerDateNote: trainings.registerDateNote,
  applyDateNote: trainings.applyDateNote,
  isActive: trainings.isActive,
  courseId: courses.id,
  courseName: courses.name,
  certificatePrefix: courses.certificatePrefix,
  coursePrice: courses.price,
  areaId: areas.id,
  areaName: areas.name,
  userTypeId: userTypes.id,
  userTypeName: userTypes.type,
  capacity: trainingUserTypes.capacity,
  participant: trainingUserTypes.participant,
  price: trainingUserTypes.price,
  selection: trainingUserTypes.selection,
  applyStartDate: trainingUserTypes.applyStartDate,
  applyEndDate: trainingUserTypes.applyEndDate,
  usersTypes: usersTypesJson,
  paymentMethods: paymentMethodsJson,
};

/**
 * The page's keys: the narrow part of the search (filter, order, limit, offset) over the join of
 * training_user_types and trainings. Only these ids go through the sort; the wide columns are
 * joined afterwards for the page's rows alone (a deferred join).
 */
/**
 * The page's keys: the narrow part of the search (filter, order, limit, offset) over the join of
 * training_user_types and trainings. Only these ids go through the sort; the wide columns are
 * joined afterwards for the page's rows alone (a deferred join).
 */
function searchPageKeys(db: Executor, shape: SearchShape) {
  return db
    .select({ tutId: sql<number>`${trainingUserTypes.id}`.as('tut_id') })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .where(searchWhere(shape))
    .orderBy(...searchOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The trainings-side conditions of the search (everything but the user types). */
function trainingsWhere(shape: SearchShape): SQL | undefined {
  return and(
    published,
    shape.areas ? sql`${trainings.areaId} = any(${sql.placeholder('areas')})` : undefined,
    shape.courses ? sql`${trainings.courseId} = any(${sql.placeholder('courses')})` : undefined,
    shape.from ? sql`${trainings.eventDate} >= ${sql.placeholder('from')}` : undefined,
    shape.to ? sql`${trainings.eventDate} <= ${sql.placeholder('to')}` : undefined,
  );
}

/**
 * The count of the search (the page's `total`). With a prefecture filter the matching sessions are
 * few (a prefecture holds at most about a tenth of them), so each one's recruitments are counted by
 * a probe of training_user_types_uq (a LATERAL subquery, kept from being flattened by OFFSET 0);
 * the planner would otherwise hash-join every recruitment of the user types (measured 2× slower on
 * 20,000 sessions). Without one, the plain join, where the hash join is the right plan.
 */
export function searchCountQuery(db: Executor, shape: SearchShape) {
  if (shape.areas) {
    return db
      .select({ n: count() })
      .from(trainings)
      .crossJoinLateral(
        sql`(select 1 from ${trainingUserTypes} u where u.training_id = ${trainings.id} and u.user_type_id = any(${sql.placeholder('types')})${shape.open ? sql` and ${recruitingOpen(sql`u.apply_start_date`, sql`u.apply_end_date`)}` : sql``} offset 0) as recruited`,
      )
      .where(trainingsWhere(shape));
  }
  return db
    .select({ n: count() })
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .where(searchWhere(shape));
}

/**
 * The page of the search: the keys, then every column a card shows, for those rows only; and the
 * total, as an uncorrelated subquery (evaluated once, an InitPlan) so that page and total come back
 * in one statement and one round trip.
 */
export function searchPageQuery(db: Executor, shape: SearchShape) {
  const keys = searchPageKeys(db, shape).as('page');
  return db
    .select({ ...cardColumns, total: sql<number>`(${searchCountQuery(db, shape)})`.mapWith(Number) })
    .from(keys)
    .innerJoin(trainingUserTypes, eq(trainingUserTypes.id, keys.tutId))
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .orderBy(...searchOrder);
}
export type CardRow = Omit<Awaited<ReturnType<typeof searchPageQuery>>[number], 'total'>;

function prepareSearch(db: Executor, shape: SearchShape) {
  const key = shapeKey(shape);
  return {
    page: searchPageQuery(db, shape).prepare(`trainings_search_page_${key}`),
    count: searchCountQuery(db, shape).prepare(`trainings_search_count_${key}`),
  };
}

const prepared = new WeakMap<Executor, Map<string, ReturnType<typeof prepareSearch>>>();

function statementsFor(db: Executor, shape: SearchShape) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = shapeKey(shape);
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = prepareSearch(db, shape)));
  return statements;
}

/**
 * The page of the search (its rows, in order) and the total. One statement; only a page past the
 * end (no row to carry the total) needs the count on its own.
 */
export async function searchTrainings(db: Executor, filter: SearchFilter, page: number, limit: number) {
  const statements = statementsFor(db, searchShape(filter));
  const values = searchValues(filter, limit, (page - 1) * limit);
  const rows = await statements.page.execute(values);
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page === 1 ? 0 : Number((await statements.count.execute(values))[0]?.n ?? 0);
  }
  return { rows: rows as CardRow[], total };
}

/**
 * One session for one user type; without a user type, the attendee card when the session recruits
 * attendees, else its first recruited type.
 */
export async function findTrainingCard(db: Executor, id: number, userTypeId: number | undefined) {
  const [row] = await db
    .select(cardColumns)
    .from(trainingUserTypes)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .where(
      and(
        eq(trainingUserTypes.trainingId, id),
        published,
        userTypeId === undefined ? undefined : eq(trainingUserTypes.userTypeId, userTypeId),
      ),
    )
    .orderBy(desc(sql`${trainingUserTypes.userTypeId} = 4`), asc(trainingUserTypes.userTypeId))
    .limit(1);
  return row satisfies CardRow | undefined;
}

/** The documents of a session's course (public) and those of the session itself the viewer may see. */
export function findTrainingDocuments(
  db: Executor,
  options: { courseId: number; trainingId: number; viewerId: number | null },
) {
  return db
    .select({ id: documents.id, name: documents.name, trainingId: documents.trainingId })
    .from(documents)
    .where(
      sql`(${documents.courseId} = ${options.courseId} and ${documents.trainingId} is null) or (${documents.trainingId} = ${options.trainingId} and ${sessionDocumentVisible(options.viewerId)})`,
    )
    .orderBy(sql`${documents.trainingId} nulls first`, asc(documents.sortOrder), asc(documents.id));
}

export type RawStep = { step: number; status: number; created_at: string };

/**
 * What the page needs of the logged-in user, in one query: their enrolments on the page's own
 * (session, user type) pairs, each with its step history, latest cancel request and latest
 * session-fee order; and the places they won in any session of the page's courses (for "won
 * elsewhere"). The history, cancel and order subqueries are evaluated for the page's pairs only
 * (CASE is lazy), so a user with many enrolments costs no more than a few index probes.
 */
export async function findUserEnrollments(
  db: Executor,
  userId: number,
  pairs: readonly { trainingId: number; userTypeId: number }[],
  courseIds: readonly number[],
) {
  if (pairs.length === 0) return [];
  const onPage = sql`(${enrollments.trainingId}, ${enrollments.userTypeId}) in (${sql.join(
    pairs.map((p) => sql`(${p.trainingId}::int, ${p.userTypeId}::smallint)`),
    sql`, `,
  )})`;
  return db
    .select({
      id: enrollments.id,
      trainingId: enrollments.trainingId,
      userTypeId: enrollments.userTypeId,
      status: enrollments.status,
      assistantApprovedAt: enrollments.assistantApprovedAt,
      courseId: trainings.courseId,
      trainingActive: trainings.isActive,
      onPage: sql<boolean>`${onPage}`,
      steps: sql<RawStep[] | null>`case when ${onPage} then (
        select coalesce(json_agg(json_build_object('step', s.step, 'status', s.status, 'created_at', s.created_at) order by s.id), '[]'::json)
        from enrollment_steps s
        where s.enrollment_id = ${enrollments.id}
      ) end`,
      cancelStatus: sql<number | null>`case when ${onPage} then (
        select c.status from cancel_requests c
        where c.enrollment_id = ${enrollments.id}
        order by c.id desc limit 1
      ) end`,
      orderStatus: sql<number | null>`case when ${onPage} then (
        select o.status from orders o
        where o.user_id = ${enrollments.userId} and o.enrollment_id = ${enrollments.id}
          and o.type = ${ORDER_TYPE.purchase} and o.object_type = ${OBJECT_TYPE.sessionFee}
        order by o.id desc limit 1
      ) end`,
    })
    .from(enrollments)
    .innerJoin(trainings, eq(trainings.id, enrollments.trainingId))
    .where(
      and(
        eq(enrollments.userId, userId),
        inArray(trainings.courseId, [...courseIds]),
        or(onPage, inArray(enrollments.status, [...PLACE_HOLDING_STATUSES])),
      ),
    )
    .orderBy(asc(enrollments.id));
}
export type UserEnrollmentRow = Awaited<ReturnType<typeof findUserEnrollments>>[number];
