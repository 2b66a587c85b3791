/** The office's certificate expiries and renewals (issue 17, decision 038), zod-free; schemas in office-expiries.ts. */
import { routeTable as r } from './route-table.ts';

const tags = ['office-expiries'] as const;

export const officeExpiriesRoutes = {
  officeExpiries: r({
    list: {
      method: 'GET',
      path: '/office/certificate-expiries',
      auth: 'office',
      list: true,
      summary:
        'Basic-instructor certificates ending within 6 months or expired within the grace months: member, number, end date, days left, renewal status, last reminder; filters and paging',
      tags,
    },
    csv: {
      method: 'GET',
      path: '/office/certificate-expiries.csv',
      auth: 'office',
      file: 'text/csv',
      summary: 'The same filter of the expiry list as CSV (UTF-8 with BOM, Japanese headers)',
      tags,
    },
    renewal: {
      method: 'GET',
      path: '/office/renewals/:id',
      auth: 'office',
      summary:
        'One renewal request: status, videos seen, test answers and attempts, the fee orders (paid, refunded)',
      errors: { 404: ['NOT_FOUND'] },
      tags,
    },
    extend: {
      method: 'POST',
      path: '/office/certificates/:id/extend',
      auth: 'office',
      summary:
        'Extend a basic-instructor certificate by hand with a reason (audited): the renewed certificate is issued as by a completed renewal',
      errors: {
        404: ['NOT_FOUND'],
        409: ['ALREADY_EXTENDED', 'CERTIFICATE_REVOKED'],
        422: ['RENEWAL_NOT_BASIC_INSTRUCTOR'],
      },
      tags,
    },
  }),
};
