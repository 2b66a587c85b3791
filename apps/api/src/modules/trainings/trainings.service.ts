import { paginateCapped, type TrainingCard, type TrainingDetail, type TrainingsQuery } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import type { AuthUser, TokenCheck, TokenFound } from '../../plugins/auth.ts';
import type { KeptValues } from '../../plugins/http-cache.ts';
import type { MemberFeed, MemberKept } from '../../plugins/member-state.ts';
import { courseEligibility, sessionDetail } from '../enrollments/index.ts';
import {
  presentCard,
  presentDetail,
  presentSharedCard,
  type MemberDetail,
  type SharedCard,
  userStates,
  VISITOR_STATE,
  type UserState,
} from './trainings.presenter.ts';
import {
  findTrainingCard,
  findTrainingDocuments,
  memberPageState,
  searchTrainings,
  type CardRow,
  type MemberPageState,
  type SearchFilter,
} from './trainings.repository.ts';

/**
 * Who asks for cards: a known member (`userId`), a request's token the member's statement checks first
 * (`token`, for a route with tokenCheckedByRoute), or a visitor (null).
 */
export type Viewer = { userId: number } | { token: TokenCheck } | null;

/** Where a member's state on pages is kept (decision 063): the process's member feed and its store. */
export type KeptStates = { feed: MemberFeed; states: MemberKept<MemberPageState> };

/** The key of a member's state on a page: the member, and the page's courses and (session, type) pairs. */
function stateKey(memberId: number, rows: readonly CardRow[], courseIds: readonly number[]): string {
  return `${memberId}|${courseIds.join(',')}|${rows.map((r) => `${r.trainingId}.${r.userTypeId}`).join(',')}`;
}

/**
 * The viewer's state on each row: none for a visitor; for a member (or a token), their state kept in
 * this process (`kept`, decision 063; not read when `fresh`) or one statement, whose answer is kept.
 */
async function statesFor(
  db: Executor,
  input: { rows: readonly CardRow[]; viewer: Viewer; kept?: KeptStates | undefined; fresh?: boolean },
): Promise<{ states: UserState[]; token: TokenFound }> {
  const { rows, viewer, kept } = input;
  if (!viewer || rows.length === 0) return { states: rows.map(() => VISITOR_STATE), token: 'unchecked' };
  const courseIds = [...new Set(rows.map((r) => r.courseId))];
  const store = kept?.feed.enabled ? kept : undefined;
  let state =
    store && 'userId' in viewer && !input.fresh
      ? store.states.find(stateKey(viewer.userId, rows, courseIds))
      : undefined;
  let token: TokenFound = 'unchecked';
  if (!state) {
    const mark = store?.feed.mark();
    const pairs = rows.map((r) => ({ trainingId: r.trainingId, userTypeId: r.userTypeId }));
    const { enrolments, facts, account } = await memberPageState(db, { viewer, pairs, courseIds });
    state = { enrolments, facts };
    const memberId = 'userId' in viewer ? viewer.userId : account?.id;
    if ('token' in viewer) token = { account, mark };
    if ('token' in viewer && !account) return { states: rows.map(() => VISITOR_STATE), token };
    if (store && mark !== undefined && memberId !== undefined) {
      store.states.keep({ key: stateKey(memberId, rows, courseIds), memberId, value: state, mark });
    }
  }
  const eligibility = courseEligibility(state.facts, courseIds);
  return { states: userStates(rows, state.enrolments, (courseId) => eligibility.get(courseId)), token };
}

/** One page of the search: the database's rows and total, and the cards' shared fields. */
export type SearchPage = Awaited<ReturnType<typeof searchTrainings>> & { shared: SharedCard[] };

/**
 * Where the member's search keeps its pages (decision 051): the shared rows of a page, by the filter,
 * the page and the minute, dropped with the visitors' kept answers by any write this process answers.
 */
function keptPageKey(filter: SearchFilter, page: number, limit: number): string {
  const { now, ...rest } = filter;
  return JSON.stringify([Math.floor(now.getTime() / 60_000), rest, page, limit]);
}

/**
 * GET /trainings: one card per (session, recruited user type) pair, filtered, ordered and paged in SQL.
 * A member's own state on the cards is always read; the page's shared rows may be a kept page
 * (`kept`, unless the request asked for a fresh answer). A visitor's answer is kept whole, before this.
 */
export async function searchCards(
  db: Executor,
  options: {
    query: TrainingsQuery;
    viewer: Viewer;
    now: Date;
    /** Where the page's statement runs: the search's connections (DbHandle.searchDb); `db` when absent. */
    searchDb?: Executor | undefined;
    kept?: KeptValues<SearchPage> | undefined;
    /** Where the member's state is kept (read unless the request asked for a fresh answer). */
    keptStates?: KeptStates | undefined;
    fresh?: boolean;
  },
) {
  const { query, viewer, now, kept } = options;
  const filter: SearchFilter = {
    userTypes: query.user_type,
    areas: query.area,
    courses: query.course_id,
    from: query.event_date$ge,
    to: query.event_date$le,
    openOnly: query.open_only,
    now,
  };
  const key = viewer && kept?.enabled ? keptPageKey(filter, query.page, query.limit) : undefined;
  let page = key && !options.fresh ? kept?.find(key) : undefined;
  if (!page) {
    const generation = kept?.generation ?? 0;
    const found = await searchTrainings(options.searchDb ?? db, filter, query.page, query.limit);
    page = { ...found, shared: found.rows.map(presentSharedCard) };
    if (key) kept?.keep(key, page, generation);
  }
  const { rows, count, countLimit, shared } = page;
  const { states, token } = await statesFor(db, {
    rows,
    viewer,
    kept: options.keptStates,
    fresh: options.fresh,
  });
  const data: TrainingCard[] = rows.map((row, i) =>
    presentCard(row, { now, state: states[i] ?? VISITOR_STATE, shared: shared[i] }),
  );
  return {
    answer: { data, pagination: paginateCapped(query.page, query.limit, { count, countLimit }) },
    token,
    /** The shared page the answer was made from, and its key when it is kept (else undefined). */
    page,
    pageKey: key,
  };
}

/** GET /trainings/{id}: one session's card with its times and documents; undefined when unknown. */
export async function trainingDetail(
  db: Executor,
  id: number,
  userTypeId: number | undefined,
  user: AuthUser | null,
  now: Date,
): Promise<TrainingDetail | undefined> {
  const row = await findTrainingCard(db, id, userTypeId);
  if (!row) return undefined;
  const [{ states }, docs, session] = await Promise.all([
    statesFor(db, { rows: [row], viewer: user && { userId: user.id } }),
    findTrainingDocuments(db, {
      courseId: row.courseId,
      trainingId: row.trainingId,
      viewerId: user?.id ?? null,
    }),
    // The caller's own fields come from the session page's computation (the enrolments module).
    user ? sessionDetail(db, row.trainingId, row.userTypeId, user.id, now) : undefined,
  ]);
  const state = states[0] ?? VISITOR_STATE;
  const member: MemberDetail | undefined = session && {
    step: session.step,
    step_status: session.step_status,
    check_training: session.check_training,
    is_not_disabled: session.is_not_disabled,
    is_pass_basic_updated_course: session.is_pass_basic_updated_course,
    order_office_status: session.order_office_status,
    is_not_pass_occupation: state.is_not_pass_occupation ?? session.is_not_pass_occupation,
    is_not_pass_course_condition: state.is_not_pass_course_condition ?? [],
  };
  return presentDetail(row, { now, state, docs, member });
}
