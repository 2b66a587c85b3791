/**
 * The renewal (extension) of a basic-instructor certificate (認定更新, spec 001 §2–§9, decision 034): the
 * member's start call and the request (zod-free; schemas in renewals.ts).
 */
import { routeTable as r } from './route-table.ts';

const base = '/certificates/basic_instructor_course/renewal';

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
  }),
};
