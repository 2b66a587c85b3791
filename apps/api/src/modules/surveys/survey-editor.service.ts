/**
 * The office's editor of a course's survey (issue 16, decision 036): the same replace as the test
 * editor's (rules from packages/domain/src/rules/quiz-editor.ts, kept rows for unchanged questions,
 * retired rows and a new version for changed or removed ones, audited). A course that still uses the
 * general survey gets its own on the first save; the general one is never changed from a course.
 */
import {
  K,
  surveyIssues,
  surveyQuestionChange,
  type OfficeSurvey,
  type OfficeSurveyInput,
  type SurveyQuestionDraft,
  type SurveyQuestionKind,
} from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { replaceAuditData, writeVersionedReplace } from '../../lib/versioned-replace.ts';
import { editorIssuesError } from '../learning/index.ts';
import { auditedSurvey, presentOfficeSurvey } from './survey-editor.presenter.ts';
import {
  ensureCourseSurvey,
  findCourseName,
  insertSurveyQuestion,
  reorderSurveyQuestion,
  retireSurveyQuestions,
  surveyAnswerFacts,
  updateSurvey,
} from './survey-editor.repository.ts';
import { findSurvey, type SurveyData } from './surveys.repository.ts';
import { recordAudit } from '../audit/index.ts';

const words = K.office.quizzes;

const draftOf = (q: SurveyData['questions'][number]): SurveyQuestionDraft => ({
  id: q.id,
  title: q.title,
  kind: q.kind as SurveyQuestionKind,
  no_sub: q.noSub,
  is_required: q.isRequired,
  options: q.options.map((o) => ({ value: o.value })),
});

/** Every choice question is required (spec 000 §5); only a free-text one may be optional. */
const normalised = (q: OfficeSurveyInput['questions'][number]): SurveyQuestionDraft => ({
  ...q,
  is_required: q.kind === 'text' ? q.is_required : true,
});

/** GET /office/courses/{id}/survey */
export async function officeSurvey(db: Executor, courseId: number): Promise<OfficeSurvey> {
  const course = await findCourseName(db, courseId);
  if (!course) throw notFound();
  const data = await findSurvey(db, courseId);
  const facts = await surveyAnswerFacts(
    db,
    (data?.questions ?? []).map((q) => q.id),
  );
  return presentOfficeSurvey({ course, data, facts, defaultName: words.defaultTitles.survey });
}

/** PUT /office/courses/{id}/survey (and the demo seed): the course's whole survey in display order. */
export async function replaceSurvey(
  db: Database,
  options: { actorId: number | null; courseId: number; input: OfficeSurveyInput; now: Date },
): Promise<OfficeSurvey> {
  const { courseId, input, now } = options;
  return db.transaction(async (tx) => {
    const course = await findCourseName(tx, courseId);
    if (!course) throw notFound();
    const { survey, created } = await ensureCourseSurvey(tx, { courseId, name: input.name });
    const data = await findSurvey(tx, courseId);
    const current = data?.survey.id === survey.id ? data.questions : [];
    // Questions shown from the general survey are new questions of the course's own.
    const questions = created ? input.questions.map((q) => ({ ...q, id: undefined })) : input.questions;
    const issues = surveyIssues({ questions }, new Set(current.map((q) => q.id)));
    if (issues.length) throw editorIssuesError(issues);

    const version = await writeVersionedReplace({
      current,
      drafts: questions.map(normalised),
      version: survey.version,
      created,
      change: (before, draft) => surveyQuestionChange(draftOf(before), draft),
      retire: (ids, version) => retireSurveyQuestions(tx, ids, version),
      insert: ({ draft, order }, version) =>
        insertSurveyQuestion(tx, {
          surveyId: survey.id,
          title: draft.title,
          kind: draft.kind,
          noSub: draft.no_sub,
          isRequired: draft.is_required,
          sortOrder: order,
          versionFrom: version,
          options: draft.options.map((o) => o.value),
        }),
      reorder: ({ before, draft, order }, choices) =>
        reorderSurveyQuestion(tx, before.id, {
          sortOrder: order,
          optionValues: choices ? draft.options.map((o) => o.value) : undefined,
        }),
    });
    await updateSurvey(tx, survey.id, { name: input.name, version });

    const after = await findSurvey(tx, courseId);
    if (!after) throw notFound();
    const audit = replaceAuditData(
      auditedSurvey(survey.name, current),
      auditedSurvey(input.name, after.questions),
      created,
    );
    if (audit)
      await recordAudit(tx, {
        actorId: options.actorId,
        action: created ? 'survey.create' : 'survey.update',
        entity: 'survey',
        entityId: survey.id,
        data: { course_id: courseId, version, ...audit },
        now,
      });
    const facts = await surveyAnswerFacts(
      tx,
      after.questions.map((q) => q.id),
    );
    return presentOfficeSurvey({ course, data: after, facts, defaultName: input.name });
  });
}
