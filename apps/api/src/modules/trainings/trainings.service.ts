import { paginateCapped, type TrainingCard, type TrainingDetail, type TrainingsQuery } from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { courseEligibility, sessionDetail } from '../enrollments/index.ts';
import {
  presentCard,
  presentDetail,
  type MemberDetail,
  userStates,
  VISITOR_STATE,
  type UserState,
} from './trainings.presenter.ts';
import {
  findTrainingCard,
  findTrainingDocuments,
  findUserEnrollments,
  searchTrainings,
  type CardRow,
} from './trainings.repository.ts';

/** The user's state on each row: one extra query for a logged-in user, none for a visitor. */
async function statesFor(
  db: Executor,
  rows: readonly CardRow[],
  user: AuthUser | null,
): Promise<UserState[]> {
  if (!user || rows.length === 0) return rows.map(() => VISITOR_STATE);
  const courseIds = [...new Set(rows.map((r) => r.courseId))];
  const pairs = rows.map((r) => ({ trainingId: r.trainingId, userTypeId: r.userTypeId }));
  const [enrolments, eligibility] = await Promise.all([
    findUserEnrollments(db, user.id, pairs, courseIds),
    courseEligibility(db, { userId: user.id, courseIds }),
  ]);
  return userStates(rows, enrolments).map((state, i) => ({
    ...state,
    ...eligibility.get(rows[i]?.courseId ?? 0),
  }));
}

/** GET /trainings: one card per (session, recruited user type) pair, filtered, ordered and paged in SQL. */
export async function searchCards(db: Executor, query: TrainingsQuery, user: AuthUser | null, now: Date) {
  const { rows, count, countLimit } = await searchTrainings(
    db,
    {
      userTypes: query.user_type,
      areas: query.area,
      courses: query.course_id,
      from: query.event_date$ge,
      to: query.event_date$le,
      openOnly: query.open_only,
      now,
    },
    query.page,
    query.limit,
  );
  const states = await statesFor(db, rows, user);
  const data: TrainingCard[] = rows.map((row, i) => presentCard(row, now, states[i] ?? VISITOR_STATE));
  return { data, pagination: paginateCapped(query.page, query.limit, { count, countLimit }) };
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
  const [states, docs, session] = await Promise.all([
    statesFor(db, [row], user),
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
