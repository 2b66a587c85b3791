/** The public forms: contact and local holding registration (zod-free; schemas in contact.ts). */
import { routeTable as r } from './route-table.ts';

export const contactRoutes = {
  contacts: r({
    send: {
      method: 'POST',
      path: '/contacts/send',
      auth: 'public',
      status: 201,
      summary: 'Contact form: stores the message, mails the office and acknowledges the sender',
    },
  }),
  localHoldings: r({
    register: {
      method: 'POST',
      path: '/administrators/local_holdings/register',
      auth: 'public',
      status: 201,
      summary: "Local holding (地域開催団体) registration, awaiting the office's approval",
    },
  }),
};
