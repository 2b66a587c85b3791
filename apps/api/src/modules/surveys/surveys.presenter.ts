import { splitSurveyTitle, type SurveyQuestion, type SurveyQuestionKind } from '@mels/domain';
import type { SurveyData } from './surveys.repository.ts';

/** The survey's questions as the browser shows them (title split into label and unit). */
export function presentQuestions(data: SurveyData): SurveyQuestion[] {
  return data.questions.map((q) => ({
    id: q.id,
    title: q.title,
    ...splitSurveyTitle(q.title),
    kind: q.kind as SurveyQuestionKind,
    is_required: q.isRequired,
    no_sub: q.noSub,
    subject_survey_question_options: q.options.map((o) => ({ id: o.id, value: o.value })),
  }));
}
