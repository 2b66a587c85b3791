import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { enforceRateLimit, RateLimitedError } from '../../lib/rate-limit.ts';
import { contractRoute } from '../contract-route.ts';
import { registerOfficeContacts } from './contacts.office.routes.ts';
import { sendContact } from './contacts.service.ts';

/** The form mails whatever address it is given: a few messages per address of origin per hour. */
export const CONTACT_RATE_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

export function registerContacts(app: FastifyInstance) {
  registerOfficeContacts(app);
  contractRoute(
    app,
    contracts.contacts.send,
    async (request) => ({ data: await sendContact(app.deps, request.body, requestLanguage(request)) }),
    {
      preHandler: async (request, reply) => {
        try {
          await enforceRateLimit(
            app.deps.db,
            [{ bucket: 'contact', key: request.ip }],
            CONTACT_RATE_LIMIT,
            app.deps.clock.now(),
          );
        } catch (error) {
          if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
      },
    },
  );
}
