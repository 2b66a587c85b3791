import {
  OBJECT_TYPE,
  ORDER_TYPE,
  PLACE_HOLDING_STATUSES,
  searchCountLimit,
  TRAINING_STATUS,
} from '@mels/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { perExecutor } from '../../db/prepared.ts';
import { areas, courses, documents, trainingUserTypes, trainings, userTypes } from '../../db/schema.ts';
import { sessionDocumentVisible } from '../documents/index.ts';
import {
  tokenAccountColumns,
  tokenAccountFrom,
  type TokenAccount,
  type TokenCheck,
} from '../../plugins/auth.ts';
import { eligibilityFactsColumns, type EligibilityFactsRow } from '../enrollments/index.ts';

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

/** Only published sessions are public; a draft is the office's alone (decision 031). */
const published = sql`${trainings.status} = ${sql.raw(`'${TRAINING_STATUS.published}'`)}`;

/** The moment of the search, for the recruiting phase (a timestamptz placeholder). */
const searchNow = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * The recruiting phases as recruitingPhase (@mels/domain) decides them, over training_search `s`, in
 * the order the search lists them (their rank): 0 open (the window holds the moment), 1 upcoming (it
 * opens later), 2 closed (it ended, or the session is cancelled). The three conditions are disjoint (a
 * window's start ≤ its end).
 */
const PHASES: readonly SQL[] = [
  sql`s.active and s.apply_start_date <= ${searchNow} and s.apply_end_date >= ${searchNow}`,
  sql`s.active and s.apply_start_date > ${searchNow}`,
  // A cancelled session recruits no one: listed with the closed ones (migration 0031).
  sql`(not s.active or s.apply_end_date < ${searchNow})`,
];

/**
 * The placeholders' values for a filter and a page. Lists are deduplicated (each value is one index
 * probe); `reach` is how many cards of each probe the page may need; `count_limit` is where the count
 * stops (searchCountLimit: a total above the cap is reported as "at least").
 */
export function searchValues(filter: SearchFilter, limit: number, offset: number): Record<string, unknown> {
  const unique = (list: readonly number[] | undefined) => (list?.length ? [...new Set(list)] : null);
  return {
    types: unique(filter.userTypes) ?? [],
    areas: unique(filter.areas),
    courses: unique(filter.courses),
    from: filter.from ?? null,
    to: filter.to ?? null,
    now: filter.now.toISOString(),
    limit,
    offset,
    reach: offset + limit,
    count_limit: searchCountLimit(offset / limit + 1, limit),
  };
}

/**
 * The keys each probe of training_search is made for, with prefectures or courses: every (user type,
 * prefecture) or every (user type, course). Within one probe the index (training_search_type_area_idx or
 * _type_course_idx) returns the cards already in card order (date, start time, session).
 */
function probeKeys(shape: SearchShape): SQL {
  const types = sql`unnest(${sql.placeholder('types')}::int[]) as k_type(id)`;
  return sql`${types} cross join unnest(${sql.placeholder(shape.areas ? 'areas' : 'courses')}::int[]) as k_key(id)`;
}

/** The probe's equality conditions on training_search `s` (the leading columns of its index). */
function probeEquality(shape: SearchShape): SQL {
  return shape.areas
    ? sql`s.user_type_id = k_type.id and s.area_id = k_key.id`
    : sql`s.user_type_id = k_type.id and s.course_id = k_key.id`;
}

/** The filters that are not the probe's keys, on training_search `s` (columns of the same index). */
function rangeFilters(shape: SearchShape): SQL {
  const parts: SQL[] = [sql`s.published`];
  if (shape.courses && shape.areas) parts.push(sql`s.course_id = any(${sql.placeholder('courses')}::int[])`);
  if (shape.from) parts.push(sql`s.event_date >= ${sql.placeholder('from')}::date`);
  if (shape.to) parts.push(sql`s.event_date <= ${sql.placeholder('to')}::date`);
  return sql.join(parts, sql` and `);
}

/** The columns of a page key, in the final order's terms. */
const KEY_COLUMNS = sql`s.tut_id, s.event_date, s.event_start_time, s.training_id, s.user_type_id`;
const CARD_ORDER = sql`s.event_date, s.event_start_time, s.training_id`;

/**
 * The first `reach` cards of one recruiting phase, in card order. Without a prefecture or course: one
 * walk of training_search_date_idx in card order, the user types checked on each entry (`+ 0` keeps
 * the list a filter: as an index condition on a later column it would give up the index's order).
 * With them: for each probe key, an index range scan that stops after `reach` rows (a LATERAL with
 * LIMIT); the union holds the phase's first `reach` cards whatever the offset.
 */
function phaseBranch(shape: SearchShape, rank: number): SQL {
  const phase = PHASES[rank] as SQL;
  const rankColumn = sql.raw(`${rank} as rank`);
  if (!shape.areas && !shape.courses) {
    return sql`(select ${rankColumn}, ${KEY_COLUMNS} from training_search s
      where s.user_type_id + 0 = any(${sql.placeholder('types')}::int[]) and ${rangeFilters(shape)} and ${phase}
      order by ${CARD_ORDER}, s.user_type_id limit ${sql.placeholder('reach')})`;
  }
  return sql`(select ${rankColumn}, x.* from ${probeKeys(shape)} cross join lateral (
      select ${KEY_COLUMNS} from training_search s
      where ${probeEquality(shape)} and ${rangeFilters(shape)} and ${phase}
      order by ${CARD_ORDER} limit ${sql.placeholder('reach')}
    ) x)`;
}

/**
 * The page's keys: the first `reach` cards of each phase (open, upcoming, closed; only open with
 * open_only), sorted into the final order: phase, date, start time, session, user type (the order
 * members saw before decision 045), then LIMIT and OFFSET.
 */
function searchPageKeys(shape: SearchShape): SQL {
  const branches = (shape.open ? [0] : [0, 1, 2]).map((rank) => phaseBranch(shape, rank));
  return sql`(select * from (${sql.join(branches, sql` union all `)}) as phases
    order by rank, event_date, event_start_time, training_id, user_type_id
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as page`;
}

/**
 * The count of the search (the page's `total`), stopped at `count_limit` rows: for each user type (and
 * prefecture or course), an index-only range scan of training_search with the other filters in the
 * same index, no join, and no more than `count_limit` rows in all. (The ORDER BY keeps each probe on
 * its index: with a LIMIT the planner would otherwise hope to find the rows early in a table scan.)
 */
function searchCountSource(shape: SearchShape): SQL {
  const keyed = shape.areas || shape.courses;
  const keys = keyed ? probeKeys(shape) : sql`unnest(${sql.placeholder('types')}::int[]) as k_type(id)`;
  const equality = keyed ? probeEquality(shape) : sql`s.user_type_id = k_type.id`;
  const open = shape.open ? sql` and ${PHASES[0]}` : sql``;
  return sql`(select 1 from ${keys} cross join lateral (
      select 1 from training_search s where ${equality} and ${rangeFilters(shape)}${open}
      order by ${CARD_ORDER} limit ${sql.placeholder('count_limit')}
    ) x limit ${sql.placeholder('count_limit')}) as matches`;
}

export function searchCountQuery(db: Executor, shape: SearchShape) {
  return db.select({ n: count() }).from(searchCountSource(shape));
}

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
 * The page of the search: the keys, then every column a card shows, for those rows only; and the
 * count, as an uncorrelated subquery (evaluated once, an InitPlan) so that page and total come back
 * in one statement and one round trip.
 */
export function searchPageQuery(db: Executor, shape: SearchShape) {
  return db
    .select({
      ...cardColumns,
      total: sql<number>`(select count(*) from ${searchCountSource(shape)})`.mapWith(Number),
    })
    .from(searchPageKeys(shape))
    .innerJoin(trainingUserTypes, sql`${trainingUserTypes.id} = page.tut_id`)
    .innerJoin(trainings, eq(trainings.id, trainingUserTypes.trainingId))
    .innerJoin(courses, eq(courses.id, trainings.courseId))
    .innerJoin(areas, eq(areas.id, trainings.areaId))
    .innerJoin(userTypes, eq(userTypes.id, trainingUserTypes.userTypeId))
    .orderBy(
      sql`page.rank`,
      sql`page.event_date`,
      sql`page.event_start_time`,
      sql`page.training_id`,
      sql`page.user_type_id`,
    );
}
export type CardRow = Omit<Awaited<ReturnType<typeof searchPageQuery>>[number], 'total'>;

function prepareSearch(db: Executor, shape: SearchShape) {
  const key = shapeKey(shape);
  return {
    page: searchPageQuery(db, shape).prepare(`trainings_search_page_${key}`),
    count: searchCountQuery(db, shape).prepare(`trainings_search_count_${key}`),
  };
}

/** Each executor's search statements, by shape. */
const searchStatements = perExecutor(() => new Map<string, ReturnType<typeof prepareSearch>>());

function statementsFor(db: Executor, shape: SearchShape) {
  const byShape = searchStatements(db);
  const key = shapeKey(shape);
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = prepareSearch(db, shape)));
  return statements;
}

/**
 * The page of the search (its rows, in order) and the count of its matches, stopped at `countLimit`
 * (searchCountLimit). One statement; only a page past the end (no row to carry the count) needs the
 * count on its own.
 */
export async function searchTrainings(db: Executor, filter: SearchFilter, page: number, limit: number) {
  const statements = statementsFor(db, searchShape(filter));
  const values = searchValues(filter, limit, (page - 1) * limit);
  const rows = await statements.page.execute(values);
  let count = rows[0]?.total;
  if (count === undefined) {
    count = page === 1 ? 0 : Number((await statements.count.execute(values))[0]?.n ?? 0);
  }
  return { rows: rows as CardRow[], count, countLimit: Number(values.count_limit) };
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

/** The user's enrolments that concern a page: on its own (session, user type) pairs, or holding a place. */
const pagePairs = sql`(select p.training_id, p.user_type_id from unnest(${sql.placeholder('trainings')}::int[], ${sql.placeholder('types')}::int[]) as p(training_id, user_type_id))`;

/** A member's enrolment that concerns a page, as memberPageState answers it (JSON: dates are strings). */
export type UserEnrollmentRow = {
  id: number;
  trainingId: number;
  userTypeId: number;
  status: number;
  /** The instant with its offset, as PostgreSQL writes a timestamptz in JSON. */
  assistantApprovedAt: string | null;
  courseId: number;
  trainingActive: boolean;
  onPage: boolean;
  /** Only for an enrolment on the page's own pairs (null otherwise), as are the two below. */
  steps: RawStep[] | null;
  cancelStatus: number | null;
  orderStatus: number | null;
};

/**
 * The member's enrolments that concern a page (JSON, one element each), `user` being the member's id:
 * on the page's own pairs (the placeholders trainings and types), each with its step history, latest
 * cancel request and latest session-fee order; and the places they hold in any session of the page's
 * courses (for "won elsewhere").
 */
function enrolmentsJson(params: { user: SQL; courses: SQL }) {
  const { user, courses } = params;
  return sql<UserEnrollmentRow[]>`(
    select coalesce(json_agg(json_build_object(
      'id', e.id, 'trainingId', e.training_id, 'userTypeId', e.user_type_id, 'status', e.status,
      'assistantApprovedAt', e.assistant_approved_at, 'courseId', e.course_id,
      'trainingActive', e.is_active, 'onPage', e.on_page,
      'steps', case when e.on_page then (
        select coalesce(json_agg(json_build_object('step', s.step, 'status', s.status, 'created_at', s.created_at) order by s.id), '[]'::json)
        from enrollment_steps s
        where s.enrollment_id = e.id
      ) end,
      'cancelStatus', case when e.on_page then (
        select c.status from cancel_requests c
        where c.enrollment_id = e.id
        order by c.id desc limit 1
      ) end,
      'orderStatus', case when e.on_page then (
        select o.status from orders o
        where o.user_id = e.user_id and o.enrollment_id = e.id
          and o.type = ${sql.raw(String(ORDER_TYPE.purchase))} and o.object_type = ${sql.raw(String(OBJECT_TYPE.sessionFee))}
        order by o.id desc limit 1
      ) end
    ) order by e.id), '[]'::json)
    from (select en.id, en.training_id, en.user_type_id, en.user_id, en.status, en.assistant_approved_at,
        t.course_id, t.is_active, (en.training_id, en.user_type_id) in ${pagePairs} as on_page
      from enrollments en inner join trainings t on t.id = en.training_id
      where en.user_id = ${user}
        and t.course_id = any(${courses})
        and ((en.training_id, en.user_type_id) in ${pagePairs}
          or en.status in (${sql.raw(PLACE_HOLDING_STATUSES.join(', '))}))) as e)`;
}

/** What the page needs of a member (user): their enrolments and their eligibility's facts. */
function memberPageColumns(user: SQL) {
  const courses = sql`${sql.placeholder('courses')}::int[]`;
  return { enrolments: enrolmentsJson({ user, courses }), ...eligibilityFactsColumns({ user, courses }) };
}

/**
 * The statements of memberPageState, prepared once per connection (named): the page's pairs and courses
 * are arrays, so each has the same parameters whatever the page, and is neither rebuilt nor re-parsed.
 * The first is for a known member (the placeholder user); the second for the request's token: the
 * token's account (the auth plugin's tokenAccountFrom) and the state of its member, no row for a token
 * that is not valid.
 */
const memberPageStateStatement = perExecutor((db: Executor) =>
  db
    .select(memberPageColumns(sql`${sql.placeholder('user')}`))
    .from(sql`(select 1) as one`)
    .prepare('trainings_member_page_state'),
);
const tokenPageStateStatement = perExecutor((db: Executor) =>
  db
    .select({ ...tokenAccountColumns, ...memberPageColumns(sql`account.id`) })
    .from(tokenAccountFrom())
    .prepare('trainings_token_page_state'),
);

/** What a page's cards need of a member (memberPageState). */
export type MemberPageState = { enrolments: UserEnrollmentRow[]; facts: EligibilityFactsRow | undefined };

/**
 * What the page needs of the logged-in member, in one statement (one round trip, issue 20): their
 * enrolments that concern the page and what their eligibility for the page's courses rests on (the
 * enrolments module's eligibilityFactsColumns). The history, cancel and order subqueries are evaluated
 * for the page's pairs only (CASE is lazy), so a member with many enrolments costs no more than a few
 * index probes. With `token` (a TokenCheck) instead of `userId`, the same statement checks the token
 * first: `account` is its account, undefined when the token is not valid (then no state).
 */
export async function memberPageState(
  db: Executor,
  input: {
    viewer: { userId: number } | { token: TokenCheck };
    pairs: readonly { trainingId: number; userTypeId: number }[];
    courseIds: readonly number[];
  },
): Promise<MemberPageState & { account?: TokenAccount | undefined }> {
  const page = {
    courses: [...input.courseIds],
    trainings: input.pairs.map((p) => p.trainingId),
    types: input.pairs.map((p) => p.userTypeId),
  };
  if ('userId' in input.viewer) {
    const [row] = await memberPageStateStatement(db).execute({ ...page, user: input.viewer.userId });
    if (!row) return { enrolments: [], facts: undefined };
    const { enrolments, ...facts } = row;
    return { enrolments, facts };
  }
  const [row] = await tokenPageStateStatement(db).execute({ ...page, ...input.viewer.token });
  if (!row) return { enrolments: [], facts: undefined, account: undefined };
  const {
    tokenId,
    lastUsedAt,
    createdAt,
    expiresAt,
    id,
    role,
    email,
    officeRole,
    localHoldingId,
    enrolments,
    ...facts
  } = row;
  return {
    enrolments,
    facts,
    account: { tokenId, lastUsedAt, createdAt, expiresAt, id, role, email, officeRole, localHoldingId },
  };
}
