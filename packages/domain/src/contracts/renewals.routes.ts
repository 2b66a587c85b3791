/**
 * The renewal (extension) of a basic-instructor certificate (認定更新, spec 001 §2–§9, decision 034): the
 * member's start call and the request (zod-free; schemas in renewals.ts).
 */
import { routeTable as r } from './route-table.ts';

const base = '/certificates/basic_instructor_course/renewal';
/** The renewal's videos, test and certificate at the spec's paths (001 §7), beside the instructor request's. */
const bi = '/certificates/basic_instructor_course';

export const renewalsRoutes = {
  renewals: r({
    start: {
      method: 'POST',
      path: base,
      auth: 'user',
      summary:
        "Start (or continue) the renewal of the caller's basic-instructor certificate (certificate_type 3, certificate_id): one renewal request per certificate, status 0 until the fee of the renewal course (object type 7) is paid. Refused for another member's certificate (404), a certificate that is not basic-instructor, already renewed or revoked, outside the window (6 months before the end date to 3 months after it) and unmet activity requirements (422 whose message states what is needed and what the records show, field counted the sessions that counted)",
      errors: {
        404: ['NOT_FOUND'],
        409: ['ALREADY_EXTENDED', 'CERTIFICATE_REVOKED'],
        422: [
          'RENEWAL_NOT_BASIC_INSTRUCTOR',
          'RENEWAL_NOT_YET_OPEN',
          'RENEWAL_WINDOW_CLOSED',
          'RENEWAL_REQUIREMENTS_UNMET',
        ],
      },
    },
    detail: {
      method: 'GET',
      path: `${base}/:id`,
      auth: 'user',
      summary:
        "The caller's renewal request: status (0 awaiting the fee, 3 videos, 8 renewal test, 4 complete), the session page's steps, the certificate renewed, the fee and whether it is paid, the validity the renewal will give; another member's is 404",
      errors: { 404: ['NOT_FOUND'] },
    },
    preVideos: {
      method: 'GET',
      path: `${bi}/request/:id/pre-videos`,
      auth: 'user',
      summary:
        "The renewal course's videos (lessons of kind 'renewal') with the caller's watch record of this renewal (resume position, seconds watched, seen); readable once the fee is paid (status 3, 8 or 4); another member's request is 404",
      errors: { 404: ['NOT_FOUND'], 409: ['RENEWAL_NOT_PAID'] },
    },
    progress: {
      method: 'POST',
      path: `${bi}/pre-videos/progress`,
      auth: 'user',
      summary:
        'Player report of a renewal video (lesson_id, request_id): ranges really played and the position; new seconds are credited only as far as the time since the last report allows (the session pre-videos’ proof)',
      errors: { 404: ['NOT_FOUND'], 409: ['RENEWAL_NOT_PAID'] },
    },
    view: {
      method: 'POST',
      path: `${bi}/pre-videos/view`,
      auth: 'user',
      summary:
        'Mark a renewal video seen (lesson_id, request_id; 409 NOT_WATCHED unless its watch record covers it); every video seen → the request moves 3 → 8, once',
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_WATCHED', 'RENEWAL_NOT_PAID'] },
    },
    postTests: {
      method: 'GET',
      path: `${bi}/request/:id/post-tests`,
      auth: 'user',
      summary:
        "The course-renewal test of the caller's renewal (status 8 or 4): the questions, the caller's answers and, for answered questions only, correctness; before the videos are seen 409 STEP_OUT_OF_ORDER",
      errors: { 404: ['NOT_FOUND'], 409: ['RENEWAL_NOT_PAID', 'STEP_OUT_OF_ORDER'] },
    },
    answer: {
      method: 'POST',
      path: `${bi}/post-tests/answer`,
      auth: 'user',
      summary:
        'Answer a renewal test question (lesson_id or question_id, answer array, request_id; status 8): a wrong answer may be answered again until correct; every question correct → 8 → 4 and the renewed certificate is issued, once',
      errors: {
        404: ['NOT_FOUND'],
        409: ['RENEWAL_NOT_PAID', 'STEP_OUT_OF_ORDER', 'POST_TEST_PASSED', 'ALREADY_CORRECT'],
      },
    },
  }),
};
