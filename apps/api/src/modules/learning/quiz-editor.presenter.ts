import type { OfficeQuiz, QuizKind } from '@mels/domain';
import type { QuestionData, QuizData } from './learning.repository.ts';

/** A test as the office edits it (decision 036): its current questions, which are answered, the version. */
export function presentOfficeQuiz(input: {
  course: { id: number; name: string };
  kind: QuizKind;
  data: QuizData | undefined;
  defaultTitle: string;
  facts: { answered: ReadonlySet<number>; members: number };
}): OfficeQuiz {
  const { course, kind, data, facts } = input;
  return {
    course_id: course.id,
    course_name: course.name,
    kind,
    exists: data !== undefined,
    title: data?.quiz.title ?? input.defaultTitle,
    version: data?.quiz.version ?? 1,
    answered_members: facts.members,
    questions: (data?.questions ?? []).map((q, i) => ({
      id: q.id,
      order: i + 1,
      title: q.title,
      description: q.description,
      input_type: q.inputType as 0 | 1 | 2,
      answered: facts.answered.has(q.id),
      quiz_question_metas: q.metas.map((m) => ({
        id: m.id,
        label: m.label,
        value: m.value,
        is_correct: m.isCorrect,
      })),
    })),
  };
}

/** What an audit row keeps of a test: its name and its questions as a member would meet them. */
export function auditedQuiz(title: string, questions: readonly QuestionData[]) {
  return {
    title,
    questions: questions.map((q) => ({
      id: q.id,
      title: q.title,
      description: q.description,
      input_type: q.inputType,
      quiz_question_metas: q.metas.map((m) => ({ label: m.label, value: m.value, is_correct: m.isCorrect })),
    })),
  };
}
