import { splitSurveyTitle, type OfficeSurvey, type SurveyQuestionKind } from '@mels/domain';
import type { SurveyData } from './surveys.repository.ts';

/** A survey as the office edits it (decision 036). */
export function presentOfficeSurvey(input: {
  course: { id: number; name: string };
  data: SurveyData | undefined;
  defaultName: string;
  facts: { answered: ReadonlySet<number>; members: number };
}): OfficeSurvey {
  const { course, data, facts } = input;
  const own = data?.survey.courseId === course.id;
  return {
    course_id: course.id,
    course_name: course.name,
    survey_id: own && data ? data.survey.id : null,
    is_shared: data !== undefined && !own,
    name: own && data ? data.survey.name : input.defaultName,
    version: own && data ? data.survey.version : 1,
    answered_members: own ? facts.members : 0,
    questions: (data?.questions ?? []).map((q, i) => ({
      id: q.id,
      order: i + 1,
      title: q.title,
      ...splitSurveyTitle(q.title),
      kind: q.kind as SurveyQuestionKind,
      no_sub: q.noSub,
      is_required: q.isRequired,
      answered: own && facts.answered.has(q.id),
      options: q.options.map((o) => ({ id: o.id, value: o.value })),
    })),
  };
}

/** What an audit row keeps of a survey: its name and its questions. */
export function auditedSurvey(name: string, questions: SurveyData['questions']) {
  return {
    name,
    questions: questions.map((q) => ({
      id: q.id,
      title: q.title,
      kind: q.kind,
      no_sub: q.noSub,
      is_required: q.isRequired,
      options: q.options.map((o) => o.value),
    })),
  };
}
