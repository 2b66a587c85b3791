import type { AuditMessages } from './audit-ja.ts';

/** The office's audit log in English (office.audit.*). */
export const auditEn: AuditMessages = {
  fields: {
    member: 'Member ID',
    session: 'Session ID',
    order: 'Order ID',
    actor: 'Actor ID',
    action: 'Action',
    from: 'From',
    to: 'To',
  },
  nav: 'Audit log',
  title: 'Audit log',
  intro:
    'A record of every office action and every change to money or enrolments. Filter by member, session, order, actor, action and dates.',
  filters: 'Filters',
  search: 'Search',
  clear: 'Clear',
  csv: 'Download CSV',
  actionHint: 'e.g. order.refund, enrollment',
  none: 'No matching records.',
  total: '{0} records',
  columns: {
    when: 'When',
    actor: 'Actor',
    action: 'Action',
    object: 'Object',
    change: 'Change',
    ip: 'IP address',
  },
  system: 'System',
  before: 'Before',
  after: 'After',
  details: 'Details',
  sources: {
    event: 'Audit event',
    trail: 'Enrolment trail',
  },
};
