/** The office's test and survey editors (issue 16, decision 036) (zod-free; schemas in office-quizzes.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-quizzes'] as const;

export const officeQuizzesRoutes = {
  officeQuizzes: r({
    detail: {
      method: 'GET',
      path: '/office/courses/:id/quizzes/:kind',
      auth: 'office',
      summary:
        "A course's current pre-test, post-test or renewal test as the office edits it (kind: pre | post | renewal)",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    replace: {
      method: 'PUT',
      path: '/office/courses/:id/quizzes/:kind',
      auth: 'office',
      summary:
        'Replaces the test (questions in order); changed or removed questions are retired, never changed, so answers keep their question (a new version; audited)',
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
  }),
  officeSurveys: r({
    detail: {
      method: 'GET',
      path: '/office/courses/:id/survey',
      auth: 'office',
      summary: "A course's current survey (or the general one it uses) as the office edits it",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    replace: {
      method: 'PUT',
      path: '/office/courses/:id/survey',
      auth: 'office',
      summary:
        "Replaces the course's own survey (questions in order; changed or removed questions retired: a new version; audited)",
      errors: { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
      tags,
    },
  }),
};
