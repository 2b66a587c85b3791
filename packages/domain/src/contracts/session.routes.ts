/**
 * The member's session workflow (spec 000 §7): /trainings/{id}/enrollments/… — the steps, the learning
 * (pre-videos, pre- and post-test), the survey; and the office's survey results (zod-free; schemas in
 * session.ts).
 */
import { routeTable as r } from './route-table.ts';

const base = '/trainings/:id/enrollments';

export const sessionRoutes = {
  enrollments: r({
    detail: {
      method: 'GET',
      path: `${base}/detail`,
      auth: 'user',
      summary:
        'The session page for the logged-in user: steps, their states, warnings, cancel and order state',
      errors: { 404: ['NOT_FOUND'] },
    },
    apply: {
      method: 'POST',
      path: `${base}/user`,
      auth: 'user',
      status: 201,
      summary:
        'Apply (first-come: a place is taken atomically; lottery: awaiting the draw; assistants: awaiting approval)',
      errors: {
        403: [
          'WINDOW_NOT_OPEN',
          'WINDOW_CLOSED',
          'OCCUPATION_NOT_MATCHED',
          'COURSE_CONDITION_UNMET',
          'BASIC_HOLDER_LIMITATION',
        ],
        404: ['NOT_FOUND'],
        409: ['ALREADY_APPLIED', 'SESSION_CANCELLED', 'SAME_TIME_CONFLICT', 'FULL', 'STEP_OUT_OF_ORDER'],
      },
    },
    application: {
      method: 'GET',
      path: `${base}/application`,
      auth: 'user',
      summary: 'Applicant information to confirm, and whether applying is possible now',
      errors: { 404: ['NOT_FOUND'] },
    },
    agreement: {
      method: 'GET',
      path: `${base}/agreement`,
      auth: 'user',
      summary: 'Notes, fee, payment methods and route of the agreement page',
      errors: { 404: ['NOT_FOUND'] },
    },
    paymentMethod: {
      method: 'POST',
      path: `${base}/payment-method`,
      auth: 'user',
      summary:
        "Choose or change the session fee's payment method before paying (card, bank transfer, pay on site); answers the agreement page's data",
      errors: { 400: ['FREE_ORDER'], 404: ['NOT_FOUND'], 409: ['PAYMENT_METHOD_LOCKED'] },
    },
    agree: {
      method: 'POST',
      path: `${base}/agreement`,
      auth: 'user',
      summary: 'Accept the agreement: won (6), or awaiting payment on site (8) → attending (9)',
      errors: {
        400: ['FREE_ORDER'],
        403: ['AWAITING_APPROVAL'],
        404: ['NOT_FOUND'],
        409: ['CANCELLED', 'SESSION_CANCELLED', 'NG_NOT_PAYMENT', 'STEP_OUT_OF_ORDER'],
      },
    },
    confirmParticipant: {
      method: 'POST',
      path: `${base}/confirm_participant`,
      auth: 'user',
      summary:
        "The attendee's confirmation of participation (spec 000 §7, decision 025): the agreement's step — won (6), or awaiting payment on site (8) → attending (9), the ticket next",
      errors: {
        400: ['FREE_ORDER'],
        403: ['AWAITING_APPROVAL'],
        404: ['NOT_FOUND'],
        409: ['CANCELLED', 'SESSION_CANCELLED', 'NG_NOT_PAYMENT', 'STEP_OUT_OF_ORDER'],
      },
    },
    requestCancel: {
      method: 'POST',
      path: `${base}/user/request-cancel`,
      auth: 'user',
      status: 201,
      summary: 'Request cancellation (awaiting the office)',
      errors: { 404: ['NOT_FOUND'], 409: ['CANCEL_PENDING', 'CANCELLED', 'STEP_OUT_OF_ORDER'] },
    },
    ticket: {
      method: 'GET',
      path: `${base}/ticket`,
      auth: 'user',
      summary: 'The attendance ticket: signed attendance code, 受付コード and its QR code (SVG)',
      errors: { 403: ['TICKET_NOT_READY'], 404: ['NOT_FOUND'], 409: ['CANCELLED'] },
    },
  }),
  learning: r({
    preVideos: {
      method: 'GET',
      path: `${base}/pre-videos`,
      auth: 'user',
      summary:
        'The pre-video lessons with the caller’s watch record (resume position, seconds watched, seen)',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    progress: {
      method: 'POST',
      path: `${base}/pre-videos/progress`,
      auth: 'user',
      summary:
        'Player report: ranges really played and the position; new seconds are credited only as far as the time since the last report allows',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    view: {
      method: 'POST',
      path: `${base}/pre-videos/view`,
      auth: 'user',
      summary:
        'Mark a lesson seen (409 unless its watch record covers 95 %); all seen → step 2 recorded once',
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_WATCHED', 'STEP_OUT_OF_ORDER'] },
    },
    preTest: {
      method: 'GET',
      path: `${base}/pre-tests`,
      auth: 'user',
      summary: 'The pre-test: questions, the caller’s answers and, for answered questions only, correctness',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    preTestAnswer: {
      method: 'POST',
      path: `${base}/pre-test/answer`,
      auth: 'user',
      summary: 'Answer a pre-test question (once; wrong answers count); all answered → step 3',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER', 'ALREADY_ANSWERED'] },
    },
    postTest: {
      method: 'GET',
      path: `${base}/post-tests`,
      auth: 'user',
      summary: 'The post-test: questions, the caller’s answers and, for answered questions only, correctness',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    postTestAnswer: {
      method: 'POST',
      path: `${base}/post-test/answer`,
      auth: 'user',
      summary: 'Answer a post-test question (status 10; wrong ones again); all correct → 10 → 11',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER', 'POST_TEST_PASSED', 'ALREADY_CORRECT'] },
    },
  }),
  surveys: r({
    list: {
      method: 'GET',
      path: `${base}/surveys/list`,
      auth: 'user',
      summary: 'The survey of the course (status 11; at 12 it reads answered)',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    submit: {
      method: 'POST',
      path: `${base}/surveys`,
      auth: 'user',
      summary: 'Answer the survey: 11 → 12 and the certificate issued, once',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER', 'SURVEY_ANSWERED'] },
    },
    officeSummary: {
      method: 'GET',
      path: '/office/trainings/:id/surveys',
      auth: 'office',
      tags: ['office'],
      summary: 'Survey results of a session: responses, counts per option, free texts',
      errors: { 404: ['NOT_FOUND'] },
    },
    officeCsv: {
      method: 'GET',
      path: '/office/trainings/:id/surveys.csv',
      auth: 'office',
      tags: ['office'],
      file: 'text/csv',
      summary: 'Survey results of a session as CSV (UTF-8 with BOM, one row per response)',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
