/**
 * Who may do what (issue 18, decision 041): the office's local-holding registrations, its staff and their
 * roles, and the host view of a local holding's own sessions (zod-free; schemas in people.ts).
 */
import { routeTable as r } from './route-table.ts';

const tags = ['office-people'] as const;

export const peopleRoutes = {
  officeLocalHoldings: r({
    list: {
      method: 'GET',
      path: '/office/local-holdings',
      auth: 'office',
      list: true,
      summary: 'Local-holding registrations, awaiting first then newest, optionally one status',
      tags,
    },
    approve: {
      method: 'POST',
      path: '/office/local-holdings/:id/approve',
      auth: 'office',
      summary:
        "Approve a registration: the host account is made with the secretariat's email and registered password (once; audited)",
      errors: { 404: ['NOT_FOUND'], 409: ['HOLDING_DECIDED', 'EMAIL_TAKEN'] },
      tags,
    },
    reject: {
      method: 'POST',
      path: '/office/local-holdings/:id/reject',
      auth: 'office',
      summary: 'Reject a registration: the reason is mailed to the secretariat (once; audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['HOLDING_DECIDED'] },
      tags,
    },
    assignSession: {
      method: 'PUT',
      path: '/office/trainings/:id/local-holding',
      auth: 'office',
      summary: 'Assign a session to an approved local holding (its host sees it), or to none (audited)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
  }),
  officeStaff: r({
    list: {
      method: 'GET',
      path: '/office/staff',
      auth: 'office-admin',
      summary: 'The office users with their role (admin or staff); office admins only',
      tags,
    },
    grant: {
      method: 'POST',
      path: '/office/staff',
      auth: 'office-admin',
      status: 201,
      summary: "Give the office role to a member's account, by its email (audited)",
      errors: { 404: ['NOT_FOUND'], 409: ['ALREADY_OFFICE', 'NOT_A_MEMBER'] },
      tags,
    },
    change: {
      method: 'PATCH',
      path: '/office/staff/:id',
      auth: 'office-admin',
      summary: "Change an office user's role between admin and staff; the last admin stays (audited)",
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_OFFICE', 'LAST_ADMIN'] },
      tags,
    },
    remove: {
      method: 'DELETE',
      path: '/office/staff/:id',
      auth: 'office-admin',
      summary: 'Take the office role away (the account stays a member); the last admin stays (audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['NOT_OFFICE', 'LAST_ADMIN'] },
      tags,
    },
  }),
  host: r({
    holding: {
      method: 'GET',
      path: '/host/holding',
      auth: 'host',
      summary: "The host account's own organisation",
      tags: ['host'],
    },
    trainings: {
      method: 'GET',
      path: '/host/trainings',
      auth: 'host',
      list: true,
      summary: "The host's own sessions (assigned by the office), upcoming first, with counts",
      tags: ['host'],
    },
    roster: {
      method: 'GET',
      path: '/host/trainings/:id/roster',
      auth: 'host',
      summary: "One of the host's sessions: who comes and their check-in (404 for another holding's)",
      errors: { 404: ['NOT_FOUND'] },
      tags: ['host'],
    },
    checkIn: {
      method: 'POST',
      path: '/host/trainings/:id/check-in',
      auth: 'host',
      summary: "Check in a ticket at one of the host's sessions (404 for another holding's; audited)",
      errors: {
        400: ['NG_ATTENDANCE_CODE'],
        404: ['NOT_FOUND'],
        409: ['OTHER_SESSION', 'ALREADY_CHECKED_IN', 'NOT_ATTENDING', 'CHECK_IN_NOT_TODAY'],
      },
      tags: ['host'],
    },
  }),
};
