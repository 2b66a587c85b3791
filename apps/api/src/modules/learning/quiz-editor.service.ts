/**
 * The office's editor of a course's pre-test, post-test and renewal test (issue 16, decision 036).
 * A replace is checked with the domain's rules (packages/domain/src/rules/quiz-editor.ts), then written
 * under the test's row lock: a question whose content did not change keeps its row (its order may
 * move); a changed or removed one is retired (version_to) and a changed one inserted again, so an answer
 * always keeps the question it answered. Any retirement or insertion makes a new version. Audited.
 */
import {
  K,
  QUIZ_INPUT_TYPE,
  quizIssues,
  quizQuestionChange,
  type OfficeQuiz,
  type OfficeQuizInput,
  type QuizEditorIssue,
  type QuizKind,
  type QuizQuestionDraft,
} from '@mels/domain';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.ts';
import { replaceAuditData, writeVersionedReplace } from '../../lib/versioned-replace.ts';
import { findQuiz, type QuestionData } from './learning.repository.ts';
import { auditedQuiz, presentOfficeQuiz } from './quiz-editor.presenter.ts';
import {
  answerFacts,
  ensureQuiz,
  findCourseName,
  insertQuestion,
  reorderQuestion,
  retireQuestions,
  updateQuiz,
} from './quiz-editor.repository.ts';
import { recordAudit } from '../audit/index.ts';

const words = K.office.quizzes;

/** The rules' issues as the API answers them: 400 with a message under each field. */
export function editorIssuesError(issues: readonly QuizEditorIssue[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.field] ??= []).push(words.rules[issue.code]);
  return badRequest(words.errors.invalid, errors);
}

const draftOf = (q: QuestionData): QuizQuestionDraft => ({
  id: q.id,
  title: q.title,
  description: q.description,
  input_type: q.inputType,
  quiz_question_metas: q.metas.map((m) => ({ label: m.label, value: m.value, is_correct: m.isCorrect })),
});

/** A free-text question's metas are its accepted answers: each correct, labelled with itself when unlabelled. */
function normalised(q: OfficeQuizInput['questions'][number]): QuizQuestionDraft {
  const text = q.input_type === QUIZ_INPUT_TYPE.text;
  return {
    ...q,
    quiz_question_metas: q.quiz_question_metas.map((m) => ({
      value: m.value,
      label: text ? m.label || m.value : m.label,
      is_correct: text ? true : m.is_correct,
    })),
  };
}

/** GET /office/courses/{id}/quizzes/{kind} */
export async function officeQuiz(db: Executor, options: { courseId: number; kind: QuizKind }) {
  const course = await findCourseName(db, options.courseId);
  if (!course) throw notFound();
  const data = await findQuiz(db, options.courseId, options.kind);
  const facts = await answerFacts(
    db,
    (data?.questions ?? []).map((q) => q.id),
  );
  return presentOfficeQuiz({
    course,
    kind: options.kind,
    data,
    facts,
    defaultTitle: words.defaultTitles[options.kind],
  });
}

/** PUT /office/courses/{id}/quizzes/{kind} (and the demo seed): the whole test in display order. */
export async function replaceQuiz(
  db: Database,
  options: { actorId: number | null; courseId: number; kind: QuizKind; input: OfficeQuizInput; now: Date },
): Promise<OfficeQuiz> {
  const { courseId, kind, input, now } = options;
  return db.transaction(async (tx) => {
    const course = await findCourseName(tx, courseId);
    if (!course) throw notFound();
    const { quiz, created } = await ensureQuiz(tx, { courseId, kind, title: input.title });
    const current = (await findQuiz(tx, courseId, kind))?.questions ?? [];
    const issues = quizIssues(input, new Set(current.map((q) => q.id)));
    if (issues.length) throw editorIssuesError(issues);

    const version = await writeVersionedReplace({
      current,
      drafts: input.questions.map(normalised),
      version: quiz.version,
      created,
      change: (before, draft) => quizQuestionChange(draftOf(before), draft),
      retire: (ids, version) => retireQuestions(tx, ids, version),
      insert: ({ draft, order }, version) =>
        insertQuestion(tx, {
          quizId: quiz.id,
          title: draft.title,
          description: draft.description,
          inputType: draft.input_type,
          sortOrder: order,
          versionFrom: version,
          metas: draft.quiz_question_metas.map((m) => ({
            value: m.value,
            label: m.label,
            isCorrect: m.is_correct,
          })),
        }),
      reorder: ({ before, draft, order }, choices) =>
        reorderQuestion(tx, before.id, {
          sortOrder: order,
          metaValues: choices ? draft.quiz_question_metas.map((m) => m.value) : undefined,
        }),
    });
    await updateQuiz(tx, quiz.id, { title: input.title, version });

    const after = await findQuiz(tx, courseId, kind);
    if (!after) throw notFound();
    const audit = replaceAuditData(
      auditedQuiz(quiz.title, current),
      auditedQuiz(input.title, after.questions),
      created,
    );
    if (audit)
      await recordAudit(tx, {
        actorId: options.actorId,
        action: created ? 'quiz.create' : 'quiz.update',
        entity: 'quiz',
        entityId: quiz.id,
        data: { course_id: courseId, kind, version, ...audit },
        now,
      });
    const facts = await answerFacts(
      tx,
      after.questions.map((q) => q.id),
    );
    return presentOfficeQuiz({ course, kind, data: after, facts, defaultTitle: input.title });
  });
}

/**
 * The current questions (with their metas) of a course's test of a kind, in order: the one reader of
 * a test's questions for the other modules (decision 036). Undefined when the course has no such test.
 */
export function currentQuiz(db: Executor, options: { courseId: number; kind: QuizKind }) {
  return findQuiz(db, options.courseId, options.kind);
}
