/** The my-page activities tab (spec 001 §2): the caller's own enrolments and certificates (zod-free; schemas in activity.ts). */
import { routeTable as r } from './route-table.ts';

export const activityRoutes = {
  activity: r({
    trainings: {
      method: 'GET',
      path: '/users/activity/trainings',
      auth: 'user',
      list: true,
      summary:
        "The caller's enrolments: kind=pending (applying to awaiting payment, active, today or later; 5 a page) or history (all; 20 a page, sortable)",
    },
    certificates: {
      method: 'GET',
      path: '/users/activity/certificates',
      auth: 'user',
      summary:
        "The caller's certificates with their expiry (expired, within 6 months) and how to download each",
    },
    userCertificates: {
      method: 'GET',
      path: '/certificates/user',
      auth: 'user',
      tags: ['certificates'],
      summary:
        "The caller's certificates (spec 001 §7), with spec 001 §3's names: certificate_code, certificate_expired, is_extend_success, link, course.certificate_prefix…",
    },
    legacy: {
      method: 'GET',
      path: '/users/activity/legacy',
      auth: 'user',
      summary: "The caller's last 3 records of the previous system",
    },
  }),
};
