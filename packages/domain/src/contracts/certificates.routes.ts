/**
 * Certificates: the enrolment's preview and download (spec 000 §7), the signed frame link, the public
 * verification, the office's revocation, and データ移行's claims of older certificates (decision 016)
 * (zod-free; schemas in certificates.ts).
 */
import { routeTable as r } from './route-table.ts';

const base = '/trainings/:id/enrollments';
const notIssued = {
  400: ['NG_CERTIFICATE_NOT_CREATED'],
  404: ['NOT_FOUND'],
  409: ['NG_CERTIFICATE_NOT_CREATED'],
} as const;

export const certificatesRoutes = {
  certificates: r({
    preview: {
      method: 'POST',
      path: `${base}/certificates/preview`,
      auth: 'user',
      summary:
        'The certificate of a completed enrolment (issued on first use): id, number and a signed frame link',
      errors: notIssued,
    },
    download: {
      method: 'POST',
      path: `${base}/certificates/download`,
      auth: 'user',
      file: 'application/pdf',
      summary: 'The certificate PDF (attachment named certificate_<number>.pdf)',
      errors: { ...notIssued, 400: ['NG_CERTIFICATE_NOT_CREATED', 'CERTIFICATE_REVOKED'] },
    },
    view: {
      method: 'GET',
      path: '/certificates/:id/view',
      auth: 'public',
      file: 'application/pdf',
      summary:
        'The certificate PDF for the preview frame, by the signed short-lived link of the preview call',
      errors: { 400: ['CERTIFICATE_REVOKED'], 404: ['NOT_FOUND'], 410: ['LINK_EXPIRED'] },
    },
    verify: {
      method: 'GET',
      path: '/certificates/verify/:code',
      auth: 'public',
      summary:
        'Public verification (no login): valid, expired or revoked; holder name, course and dates only',
      errors: { 404: ['NOT_FOUND'] },
    },
    revoke: {
      method: 'POST',
      path: '/office/certificates/:id/revoke',
      auth: 'office',
      tags: ['office'],
      summary: 'Revoke a certificate (office): its verification then reads revoked',
      errors: { 404: ['NOT_FOUND'], 409: ['ALREADY_REVOKED'] },
    },
    claimCourses: {
      method: 'GET',
      path: '/certificates/claim-courses',
      auth: 'user',
      summary: 'Courses whose certificates can be claimed (active, prefix B or BI), in sort order',
    },
    claimCheck: {
      method: 'POST',
      path: '/certificates/claims/check',
      auth: 'user',
      summary:
        "What an attendance code / certificate number finds once the record is proven the caller's (account or given email): the course, holder, date, fee and state; anything else is the same 404 (10 wrong guesses an hour per account and per code, 30 per IP)",
      errors: { 404: ['NG_CERTIFICATE_CODE'], 429: ['RATE_LIMITED'] },
    },
    claim: {
      method: 'POST',
      path: '/certificates/claims',
      auth: 'user',
      summary:
        'Issue the claimed certificate (paid, or free: the free order is recorded here); the same certificate again on a second call',
      errors: {
        402: ['NG_NOT_PAYMENT'],
        404: ['NG_CERTIFICATE_CODE'],
        409: ['NG_PENDING_PAYMENT'],
        429: ['RATE_LIMITED'],
      },
    },
    downloadOwn: {
      method: 'POST',
      path: '/certificates/download',
      auth: 'user',
      file: 'application/pdf',
      summary: "One of the user's certificates as a PDF (attachment named certificate_<number>.pdf)",
      errors: { 400: ['CERTIFICATE_REVOKED'], 404: ['NOT_FOUND'] },
    },
    previewOwn: {
      method: 'POST',
      path: '/certificates/basic_course/preview',
      auth: 'user',
      summary: "A signed short-lived frame link of one of the user's certificates",
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
