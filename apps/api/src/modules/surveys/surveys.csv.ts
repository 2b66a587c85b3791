import { splitSurveyTitle } from '@mels/domain';
import { csvFile } from '../../lib/csv.ts';
import { tokyoDate } from '../../lib/dates.ts';
import type { officeData } from './surveys.service.ts';

type SurveyResults = Awaited<ReturnType<typeof officeData>>;

/** GET /office/trainings/{id}/surveys.csv: UTF-8 with BOM (Excel), one row per response, a column per question. */
export function surveyCsvFile({ training, data, responses }: SurveyResults) {
  const questions = data?.questions ?? [];
  const header = [
    '回答ID',
    '回答日',
    '申込ID',
    '氏名',
    ...questions.map((q) => splitSurveyTitle(q.title).label),
  ];
  const rows = responses.map((r) => [
    String(r.id),
    tokyoDate(r.createdAt),
    String(r.enrollmentId),
    `${r.lastName} ${r.firstName}`,
    ...questions.map((q) => {
      const a = r.answers.get(q.id) ?? '';
      const unit = splitSurveyTitle(q.title).unit;
      return a && unit ? `${a}${unit}` : a;
    }),
  ]);
  return { csv: csvFile([header, ...rows]), fileName: `survey_training_${training.id}.csv` };
}
