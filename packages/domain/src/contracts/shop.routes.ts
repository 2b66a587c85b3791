/** The shop and the member's orders, with the office's order actions (zod-free; schemas in shop.ts). */
import { routeTable as r } from './route-table.ts';

const officeAction = (
  path: string,
  summary: string,
  conflicts: readonly ('CONFLICT' | 'NOT_REFUNDABLE' | 'NOT_SHIPPABLE')[],
) =>
  ({
    method: 'POST',
    path: `/office/orders/:id/${path}`,
    auth: 'office',
    summary,
    tags: ['office'],
    errors: { 404: ['NOT_FOUND'], 409: conflicts },
  }) as const;

export const shopRoutes = {
  products: r({
    categories: {
      method: 'GET',
      path: '/category_products',
      auth: 'public',
      summary: 'The product categories of the shop',
      tags: ['shop'],
    },
    list: {
      method: 'GET',
      path: '/products',
      auth: 'optional',
      list: true,
      summary: "Products on sale, with the logged-in user's buying rules",
      tags: ['shop'],
    },
    orders: {
      method: 'GET',
      path: '/products/orders',
      auth: 'user',
      list: true,
      summary: "The user's own shop orders, newest first",
      tags: ['shop'],
    },
    detail: {
      method: 'GET',
      path: '/products/:id',
      auth: 'optional',
      summary: "One product on sale, with the logged-in user's buying rules",
      tags: ['shop'],
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  orders: r({
    list: {
      method: 'GET',
      path: '/users/orders',
      auth: 'user',
      list: true,
      summary: "The user's orders (course registrations, session fees, shop), newest first",
    },
    invoice: {
      method: 'POST',
      path: '/users/orders/:id/invoice',
      auth: 'user',
      file: 'application/pdf',
      summary: 'The receipt of a paid order (PDF), made out to the given name',
      errors: { 404: ['NOT_FOUND'], 409: ['RECEIPT_NOT_AVAILABLE'] },
    },
    confirmTransfer: officeAction('confirm-transfer', 'A bank transfer arrived: the order is paid', [
      'CONFLICT',
    ]),
    markPaid: officeAction('mark-paid', 'Paid on site: the order is paid', ['CONFLICT']),
    refund: {
      ...officeAction('refund', 'Refund a paid order (card: through the provider)', ['NOT_REFUNDABLE']),
      // Office staff refund up to OFFICE_STAFF_REFUND_LIMIT yen, admins any amount (decision 041).
      errors: { 403: ['REFUND_ABOVE_STAFF_LIMIT'], 404: ['NOT_FOUND'], 409: ['NOT_REFUNDABLE'] },
    },
    prepareShipping: officeAction('prepare-shipping', 'A paid shop order is being prepared', [
      'NOT_SHIPPABLE',
    ]),
    ship: officeAction('ship', 'A shop order was shipped (the member is mailed)', ['NOT_SHIPPABLE']),
  }),
};
