/** The office's inboxes (issue 18, decision 032): contact messages and outgoing mail (zod-free; schemas in office-inbox.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-inbox'] as const;

export const officeInboxRoutes = {
  officeContacts: r({
    list: {
      method: 'GET',
      path: '/office/contacts',
      auth: 'office',
      list: true,
      summary: 'Contact messages, newest first, filtered by status, assignee and text',
      tags,
    },
    staff: {
      method: 'GET',
      path: '/office/contacts/staff',
      auth: 'office',
      summary: 'The office users a message can be assigned to',
      tags,
    },
    detail: {
      method: 'GET',
      path: '/office/contacts/:id',
      auth: 'office',
      summary: 'One contact message with its thread of notes and replies',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    update: {
      method: 'PATCH',
      path: '/office/contacts/:id',
      auth: 'office',
      summary: "Changes a message's status and/or assignee (an office user; audited with before and after)",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    note: {
      method: 'POST',
      path: '/office/contacts/:id/notes',
      auth: 'office',
      status: 201,
      summary: 'Adds an internal note to the thread (audited)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    reply: {
      method: 'POST',
      path: '/office/contacts/:id/replies',
      auth: 'office',
      status: 201,
      summary:
        "Mails a reply to the sender in the message's language, keeps it in the thread, marks it answered (audited)",
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
  }),
  officeOutbox: r({
    list: {
      method: 'GET',
      path: '/office/outbox',
      auth: 'office',
      list: true,
      summary: 'Outgoing mail, newest first, filtered by status, template and recipient or subject',
      tags,
    },
    detail: {
      method: 'GET',
      path: '/office/outbox/:id',
      auth: 'office',
      summary: 'One mail with its text body, link tokens masked',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    resend: {
      method: 'POST',
      path: '/office/outbox/:id/resend',
      auth: 'office',
      summary: 'Queues a failed mail for delivery again (once per failure; audited)',
      errors: { 404: ['NOT_FOUND'], 409: ['MAIL_NOT_FAILED'] },
      tags,
    },
  }),
};
