/** The office console: the session workflow's actions and the lists (zod-free; schemas in office.ts). */
import { routeTable as r } from './route-table.ts';

export const officeRoutes = {
  office: r({
    dashboard: {
      method: 'GET',
      path: '/office/dashboard',
      auth: 'office',
      summary: 'Counts of what waits for the office',
    },
    trainings: {
      method: 'GET',
      path: '/office/trainings',
      auth: 'office',
      list: true,
      summary: 'Sessions with recruitments and applicant counts (upcoming first, paged)',
    },
    training: {
      method: 'GET',
      path: '/office/trainings/:id',
      auth: 'office',
      summary: 'One session: recruitments, counts by status, recorded draws',
      errors: { 404: ['NOT_FOUND'] },
    },
    cancelRequests: {
      method: 'GET',
      path: '/office/cancel-requests',
      auth: 'office',
      list: true,
      summary: 'Cancellation requests by status (awaiting by default)',
    },
    orders: {
      method: 'GET',
      path: '/office/orders',
      auth: 'office',
      list: true,
      summary: 'Bank transfers awaiting, on-site payments unpaid, paid orders, or shop orders to ship',
    },
    lottery: {
      method: 'POST',
      path: '/office/trainings/:id/lottery',
      auth: 'office',
      summary: 'Run the seeded, recorded draw of a recruitment',
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_LOTTERY', 'WINDOW_OPEN', 'LOTTERY_DONE', 'FULL'] },
    },
    lotteryRecord: {
      method: 'GET',
      path: '/office/trainings/:id/lottery',
      auth: 'office',
      summary: 'The recorded draw: seed, entrants in order, winners',
      errors: { 404: ['NOT_FOUND'] },
    },
    offerNext: {
      method: 'POST',
      path: '/office/trainings/:id/lottery/offer-next',
      auth: 'office',
      summary: 'Offer a free place to the next applicant in draw order',
      errors: {
        404: ['NOT_FOUND'],
        409: ['NOT_LOTTERY', 'STEP_OUT_OF_ORDER', 'FULL', 'NO_NEXT_ENTRANT'],
      },
    },
    closeApplications: {
      method: 'POST',
      path: '/office/trainings/:id/close-applications',
      auth: 'office',
      summary: "End a recruitment's application window now",
      errors: { 404: ['NOT_FOUND'], 409: ['WINDOW_NOT_OPEN'] },
    },
    approveAssistant: {
      method: 'POST',
      path: '/office/enrollments/:id/approve-assistant',
      auth: 'office',
      summary: 'Approve an assistant application',
      errors: {
        404: ['NOT_FOUND'],
        409: ['NOT_ASSISTANT', 'ALREADY_APPROVED', 'ASSISTANT_REJECTED', 'ASSISTANT_DECIDED', 'FULL'],
      },
    },
    rejectAssistant: {
      method: 'POST',
      path: '/office/enrollments/:id/reject-assistant',
      auth: 'office',
      summary: 'Decline an assistant application awaiting approval (reason mailed to the applicant, audited)',
      errors: {
        404: ['NOT_FOUND'],
        409: ['NOT_ASSISTANT', 'ALREADY_APPROVED', 'ASSISTANT_REJECTED', 'NOT_AWAITING_APPROVAL'],
      },
    },
    confirmPayment: {
      method: 'POST',
      path: '/office/enrollments/:id/confirm-payment',
      auth: 'office',
      summary: 'Bank transfer or on-site payment received: awaiting payment → attending',
      errors: { 404: ['NOT_FOUND'], 409: ['STEP_OUT_OF_ORDER'] },
    },
    trail: {
      method: 'GET',
      path: '/office/enrollments/:id/steps',
      auth: 'office',
      summary: 'The audit trail of an enrolment',
      errors: { 404: ['NOT_FOUND'] },
    },
    approveCancel: {
      method: 'POST',
      path: '/office/cancel-requests/:id/approve',
      auth: 'office',
      summary:
        'Approve a cancellation: frees the place (offered onward after a draw), refunds a paid fee (office staff up to their refund limit)',
      errors: { 403: ['REFUND_ABOVE_STAFF_LIMIT'], 404: ['NOT_FOUND'], 409: ['CANCEL_DECIDED'] },
    },
    rejectCancel: {
      method: 'POST',
      path: '/office/cancel-requests/:id/reject',
      auth: 'office',
      summary: 'Reject a cancellation request',
      errors: { 404: ['NOT_FOUND'], 409: ['CANCEL_DECIDED'] },
    },
    checkIn: {
      method: 'POST',
      path: '/office/check-in',
      auth: 'office',
      summary: 'Check in a scanned or typed attendance ticket (attending → attended)',
      errors: {
        400: ['NG_ATTENDANCE_CODE'],
        404: ['NOT_FOUND'],
        409: ['OTHER_SESSION', 'ALREADY_CHECKED_IN', 'NOT_ATTENDING', 'CHECK_IN_NOT_TODAY'],
      },
    },
    undoCheckIn: {
      method: 'POST',
      path: '/office/enrollments/:id/undo-check-in',
      auth: 'office',
      summary: 'Undo a check-in made by mistake (with a reason, audited): back to attending',
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_CHECKED_IN', 'CERTIFICATE_ISSUED'] },
    },
    roster: {
      method: 'GET',
      path: '/office/trainings/:id/roster',
      auth: 'office',
      summary: "A session's roster with statuses",
      errors: { 404: ['NOT_FOUND'] },
    },
    rosterCsv: {
      method: 'GET',
      path: '/office/trainings/:id/roster.csv',
      auth: 'office',
      file: 'text/csv',
      summary: "A session's roster as CSV (UTF-8 with BOM, Japanese headers)",
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
