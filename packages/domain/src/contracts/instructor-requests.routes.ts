/**
 * The basic-instructor certification request (BI 認定申請, spec 001 §2–§8, decision 029): the member's
 * calls, the recommendation letter template and the office's review (zod-free; schemas in
 * instructor-requests.ts).
 */
import { routeTable as r } from './route-table.ts';

const base = '/certificates/basic_instructor_course';

export const instructorRequestsRoutes = {
  instructorRequests: r({
    eligibility: {
      method: 'GET',
      path: `${base}/eligibility`,
      auth: 'user',
      summary:
        'Whether the caller may ask for the certification of this course, computed from their records: the pledge, the assistant sessions that count, what is missing, the fee and the open request',
      errors: { 404: ['NOT_FOUND'] },
    },
    request: {
      method: 'POST',
      path: `${base}/request`,
      auth: 'user',
      summary:
        "Create or continue the caller's certification request (certificate_type 2): answers the result code (CIA_SYSTEM_CHECK_SUCCESS → pledge, CIA_2.2_SYSTEM_CHECK_COMPLETE → recommendation letter, CIA_1.1_SYSTEM_CHECK_ERROR → nothing to do, CIA_REQUEST_RECEIVED → the office checks); refuses an occupation that cannot be certified (403), unmet requirements (422), an unpaid fee (409 NG_NOT_PAYMENT) or one being paid (409 NG_PENDING_PAYMENT)",
      errors: {
        403: ['OCCUPATION_NOT_CERTIFIABLE'],
        404: ['NOT_FOUND', 'NG_CERTIFICATE_CODE'],
        409: ['NG_NOT_PAYMENT', 'NG_PENDING_PAYMENT'],
        422: ['REQUIREMENTS_UNMET'],
      },
    },
    detail: {
      method: 'GET',
      path: `${base}/request/:id`,
      auth: 'user',
      summary:
        "The caller's request: status (2 processing, 3 approved with its certificate when confirm_certificate=1, 4 rejected), pledge, payment and recommendation; another member's is 404",
      errors: { 404: ['NOT_FOUND'] },
    },
    pledge: {
      method: 'POST',
      path: `${base}/request/:id/pledge`,
      auth: 'user',
      summary:
        "Sign the pledge of the caller's variant (consent required): the request goes 0 → 1 (awaiting the fee)",
      errors: { 404: ['NOT_FOUND'], 409: ['PLEDGE_MISMATCH', 'REQUEST_NOT_OPEN'] },
    },
    recommendation: {
      method: 'POST',
      path: `${base}/request/:id/recommendation`,
      auth: 'user',
      summary:
        'Record how the recommendation letter is sent (by post) once the fee is paid; the office then reviews',
      errors: { 404: ['NOT_FOUND'], 409: ['REQUEST_NOT_OPEN'] },
    },
    certificateDownload: {
      method: 'GET',
      path: `${base}/request/:id/certificate/download`,
      auth: 'user',
      file: 'application/pdf',
      summary:
        "The PDF of the certificate of the caller's approved request, or of the renewed certificate of the caller's complete renewal (certificate_type 3, status 4; 409 RENEWAL_NOT_COMPLETE before)",
      errors: { 404: ['NOT_FOUND'], 409: ['RENEWAL_NOT_COMPLETE'] },
    },
    template: {
      method: 'GET',
      path: '/documents/recommendation-letter/template/download',
      auth: 'user',
      file: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      summary: 'The recommendation letter template (推薦書, Word)',
    },
    officeList: {
      method: 'GET',
      path: '/office/instructor-requests',
      auth: 'office',
      list: true,
      summary: 'Instructor certification requests, awaiting review first (status filter optional)',
    },
    officeDetail: {
      method: 'GET',
      path: '/office/instructor-requests/:id',
      auth: 'office',
      summary:
        'One request for review: the member, the records that made them eligible, the pledge and when, the payment and the recommendation',
      errors: { 404: ['NOT_FOUND'] },
    },
    officeApprove: {
      method: 'POST',
      path: '/office/instructor-requests/:id/approve',
      auth: 'office',
      summary:
        'Approve a paid request: issues the basic-instructor certificate (number, validity from the course, verification code), grants the BI rank, mails the member; audited',
      errors: { 404: ['NOT_FOUND'], 409: ['REQUEST_DECIDED', 'NOT_AWAITING_APPROVAL'] },
    },
    officeReject: {
      method: 'POST',
      path: '/office/instructor-requests/:id/reject',
      auth: 'office',
      summary: 'Reject a request with a reason; mails the member; audited',
      errors: { 404: ['NOT_FOUND'], 409: ['REQUEST_DECIDED'] },
    },
  }),
};
