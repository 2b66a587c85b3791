import {
  isBiCourse,
  STEP_STATUS,
  SURVEY_OTHER_VALUE,
  type SurveyList,
  surveyAnswerErrors,
  type SurveyQuestionKind,
  WORKFLOW_STEP,
  K,
} from '@mels/domain';
import type { Database } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordSteps } from '../enrollments/index.ts';
import { findCertificationPeriod, holderNames, issueCertificate } from '../certificates/index.ts';
import { learningContext, lockEnrollment, ownEnrollment } from '../learning/index.ts';
import {
  findResponse,
  findSessionResponses,
  findSurvey,
  findTraining,
  insertAnswers,
  insertResponse,
} from './surveys.repository.ts';
import { surveyCsvFile } from './surveys.csv.ts';
import { presentQuestions } from './surveys.presenter.ts';

const m = K.learning.api;

export type Caller = { trainingId: number; userTypeId: number; userId: number; now: Date };

/** The stored text of an 'その他' answer with its text: 'その他：…'. */
const OTHER_JOIN = '：';

async function surveyContext(db: Database, c: Caller) {
  const ctx = await learningContext(
    db,
    c.trainingId,
    c.userTypeId,
    c.userId,
    WORKFLOW_STEP.surveyAndCertificate,
    c.now,
  );
  const enrollment = ownEnrollment(ctx);
  if (enrollment.status < STEP_STATUS.surveyNotTaken || ctx.cancelled)
    throw new ApiError(409, 'STEP_OUT_OF_ORDER', m.surveyNotOpen);
  const data = await findSurvey(db, ctx.r.courseId);
  if (!data) throw notFound(m.surveyMissing);
  const nextRoute = isBiCourse(ctx.r.certificatePrefix) ? ('surveyComplete' as const) : ('session' as const);
  return { ctx, enrollment, data, nextRoute };
}

/** GET …/surveys/list (status 11, or 12 to see that it is answered). */
export async function surveyList(db: Database, c: Caller): Promise<SurveyList> {
  const { enrollment, data, nextRoute } = await surveyContext(db, c);
  const response = await findResponse(db, enrollment.id);
  return {
    id: data.survey.id,
    name: data.survey.name,
    subject_survey_questions: presentQuestions(data),
    is_answered: Boolean(response),
    step_status: enrollment.status,
    next_route: nextRoute,
  };
}

/**
 * POST …/surveys: validated with the domain's rules; the response, its answers, 11 → 12 and the
 * certificate are written in one transaction. A second survey is refused (409).
 */
export async function submitSurvey(
  db: Database,
  c: Caller,
  answers: Array<{ question_id: number; answer: string; other?: string | undefined }>,
) {
  const { ctx, enrollment, data, nextRoute } = await surveyContext(db, c);
  if (enrollment.status >= STEP_STATUS.completed) throw conflict(m.surveyAlreadyAnswered, 'SURVEY_ANSWERED');
  const questions = presentQuestions(data);
  const errors = surveyAnswerErrors(questions, answers);
  if (Object.keys(errors).length > 0) throw badRequest(K.errors.validation, errors);
  const period = await findCertificationPeriod(db, ctx.r.courseId);

  return db.transaction(async (tx) => {
    const status = await lockEnrollment(tx, enrollment.id);
    if (status !== STEP_STATUS.surveyNotTaken) throw conflict(m.surveyAlreadyAnswered, 'SURVEY_ANSWERED');
    const response = await insertResponse(tx, data.survey.id, enrollment.id, c.now);
    if (!response) throw conflict(m.surveyAlreadyAnswered, 'SURVEY_ANSWERED');
    const byId = new Map(answers.map((a) => [a.question_id, a]));
    await insertAnswers(
      tx,
      questions.flatMap((q) => {
        const a = byId.get(q.id);
        const value = (a?.answer ?? '').trim();
        if (value === '') return [];
        const other = (a?.other ?? '').trim();
        const stored =
          q.kind === 'option_other' && value === SURVEY_OTHER_VALUE && other
            ? `${value}${OTHER_JOIN}${other}`
            : value;
        return [{ responseId: response.id, questionId: q.id, answer: stored }];
      }),
    );
    const moved = await recordSteps(
      tx,
      enrollment.id,
      [{ step: WORKFLOW_STEP.surveyAndCertificate, status: STEP_STATUS.completed, note: 'survey answered' }],
      c.userId,
      c.now,
      [STEP_STATUS.surveyNotTaken],
    );
    if (!moved) throw conflict(m.surveyAlreadyAnswered, 'SURVEY_ANSWERED');
    const certificate = await issueCertificate(
      tx,
      {
        enrollmentId: enrollment.id,
        userId: c.userId,
        trainingId: c.trainingId,
        courseId: ctx.r.courseId,
        prefix: ctx.r.certificatePrefix,
        period,
        ...holderNames(ctx.user),
      },
      c.now,
    );
    return {
      step_status: STEP_STATUS.completed,
      next_route: nextRoute,
      certificate: certificate ? { id: certificate.id, number: certificate.certificateNumber } : null,
    };
  });
}

// ───────────────────────────── office ─────────────────────────────

export async function officeData(db: Database, trainingId: number) {
  const training = await findTraining(db, trainingId);
  if (!training) throw notFound();
  const all = await findSurvey(db, training.courseId, { withRetired: true });
  const responses = all ? await findSessionResponses(db, trainingId, all.survey.id) : [];
  // The current questions, and the retired ones this session's members answered (decision 036).
  const data = all && {
    ...all,
    questions: all.questions.filter(
      (q) => q.versionTo === null || responses.some((r) => r.answers.has(q.id)),
    ),
  };
  return { training, data, responses };
}

const optionOf = (answer: string) =>
  answer.startsWith(`${SURVEY_OTHER_VALUE}${OTHER_JOIN}`) ? SURVEY_OTHER_VALUE : answer;

/** GET /office/trainings/{id}/surveys: counts per option and the free texts. */
export async function surveySummary(db: Database, trainingId: number) {
  const { training, data, responses } = await officeData(db, trainingId);
  return {
    training: { id: training.id, name: training.name, course_name: training.courseName },
    survey: data ? { id: data.survey.id, name: data.survey.name } : null,
    responses: responses.length,
    questions: (data?.questions ?? []).map((q) => {
      const given = responses.map((r) => r.answers.get(q.id)).filter((a): a is string => a !== undefined);
      const isText = q.kind === 'text';
      return {
        id: q.id,
        title: q.title,
        kind: q.kind as SurveyQuestionKind,
        counts: isText
          ? []
          : q.options.map((o) => ({
              value: o.value,
              count: given.filter((a) => optionOf(a) === o.value).length,
            })),
        texts: isText
          ? given
          : given
              .filter((a) => a.startsWith(`${SURVEY_OTHER_VALUE}${OTHER_JOIN}`))
              .map((a) => a.slice(SURVEY_OTHER_VALUE.length + OTHER_JOIN.length)),
      };
    }),
  };
}

/** GET /office/trainings/{id}/surveys.csv (the file's text is surveys.csv.ts). */
export async function surveyCsv(db: Database, trainingId: number) {
  return surveyCsvFile(await officeData(db, trainingId));
}
