/** The office's members (issue 18, decision 042): search, a member's page, account actions, export, erasure (zod-free; schemas in office-members.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-members'] as const;
const notFound = { 404: ['NOT_FOUND'] } as const;

export const officeMembersRoutes = {
  officeMembers: r({
    list: {
      method: 'GET',
      path: '/office/members',
      auth: 'office',
      list: true,
      summary:
        'Members by name (kanji or kana, in part), email, phone, occupation, prefecture and status, newest first',
      tags,
    },
    detail: {
      method: 'GET',
      path: '/office/members/:id',
      auth: 'office',
      summary:
        "A member's page: profile, enrolments with their step trails, orders, certificates, requests, ranks",
      errors: notFound,
      tags,
    },
    correct: {
      method: 'PATCH',
      path: '/office/members/:id',
      auth: 'office',
      summary: 'Corrects profile fields with a reason (audited with before and after)',
      errors: { 404: ['NOT_FOUND'], 409: ['EMAIL_TAKEN', 'MEMBER_ERASED'] },
      tags,
    },
    passwordReset: {
      method: 'POST',
      path: '/office/members/:id/password-reset',
      auth: 'office',
      summary: 'Mails the member a password-reset link (one hour, once; audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MEMBER_DEACTIVATED', 'MEMBER_ERASED'] },
      tags,
    },
    registrationMail: {
      method: 'POST',
      path: '/office/members/:id/registration-mail',
      auth: 'office',
      summary: 'Mails the registration notice again (audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MEMBER_DEACTIVATED', 'MEMBER_ERASED'] },
      tags,
    },
    deactivate: {
      method: 'POST',
      path: '/office/members/:id/deactivate',
      auth: 'office',
      summary: 'Deactivates the account: no login, its tokens end, its history stays (audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MEMBER_DEACTIVATED', 'MEMBER_ERASED'] },
      tags,
    },
    reactivate: {
      method: 'POST',
      path: '/office/members/:id/reactivate',
      auth: 'office',
      summary: 'Reactivates a deactivated account (audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MEMBER_ACTIVE', 'MEMBER_ERASED'] },
      tags,
    },
    exportJson: {
      method: 'GET',
      path: '/office/members/:id/export.json',
      auth: 'office',
      file: 'application/json',
      summary: "The member's personal data as JSON (no password hash, no token; audited)",
      errors: notFound,
      tags,
    },
    exportCsv: {
      method: 'GET',
      path: '/office/members/:id/export.csv',
      auth: 'office',
      file: 'text/csv',
      summary: "The member's personal data as CSV (UTF-8 with BOM; audited)",
      errors: notFound,
      tags,
    },
    erase: {
      method: 'POST',
      path: '/office/members/:id/erase',
      auth: 'office',
      summary:
        'Erases the member: personal data anonymised, login impossible; orders and certificates kept (decision 042; irreversible; audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MEMBER_ERASED', 'MEMBER_PAYMENT_IN_PROGRESS'] },
      tags,
    },
  }),
};
