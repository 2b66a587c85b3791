/** The office's audit log (issue 18, decision 033): search and CSV (zod-free; schemas in office-audit.ts). */
import { routeTable as r } from './route-table.ts';

const tags = ['office-audit'] as const;

export const officeAuditRoutes = {
  officeAudit: r({
    list: {
      method: 'GET',
      path: '/office/audit',
      auth: 'office',
      list: true,
      summary:
        'The audit log (office actions, money and enrolment changes), newest first, by member, session, order, actor, action and dates',
      tags,
    },
    csv: {
      method: 'GET',
      path: '/office/audit.csv',
      auth: 'office',
      file: 'text/csv',
      summary: 'The same filter of the audit log as CSV (UTF-8 with BOM, Japanese headers)',
      tags,
    },
  }),
};
