import { type Lesson, type LessonHistory, QUIZ_INPUT_TYPE, type QuizQuestion } from '@mels/domain';
import type { AnswerRow, LessonRow, MemberViewRow, QuestionData, ViewRow } from './learning.repository.ts';

function presentHistory(v: MemberViewRow): LessonHistory {
  return {
    id: v.id,
    lesson_id: v.lessonId,
    enrollment_id: v.enrollmentId ?? 0,
    watched_seconds: v.watchedSeconds,
    position: v.position,
    is_seen: v.seenAt !== null,
    seen_at: v.seenAt === null ? null : new Date(v.seenAt).toISOString(),
    updated_at: new Date(v.updatedAt).toISOString(),
  };
}

export function presentLesson(
  l: LessonRow,
  v: ViewRow | undefined,
  histories: readonly MemberViewRow[] = [],
): Lesson {
  return {
    id: l.id,
    title: l.title,
    duration: l.duration,
    tutor: l.tutor,
    thumbnail: l.thumbnail,
    link: l.link,
    is_seen: Boolean(v?.seenAt),
    position: v?.position ?? 0,
    watched_seconds: v?.watchedSeconds ?? 0,
    histories: histories.filter((h) => h.lessonId === l.id).map(presentHistory),
  };
}

/** A question as the browser sees it: correctness only once it has been answered. */
export function presentQuestion(q: QuestionData, index: number, a: AnswerRow | undefined): QuizQuestion {
  const answered = Boolean(a);
  const isText = q.inputType === QUIZ_INPUT_TYPE.text;
  return {
    id: q.id,
    index,
    title: q.title,
    description: q.description,
    input_type: q.inputType as 0 | 1 | 2,
    // A free-text question's metas are its accepted answers: never shown before it is answered.
    quiz_question_metas:
      isText && !answered
        ? []
        : q.metas.map((x) => ({
            id: x.id,
            value: x.value,
            label: x.label,
            ...(answered ? { is_correct: x.isCorrect } : {}),
          })),
    quiz_question_answers: a ? (a.answer as string[]).map((answer) => ({ answer })) : [],
    is_answer_correct: a ? a.isCorrect : null,
  };
}
