import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { enforceRateLimit, RateLimitedError } from '../../lib/rate-limit.ts';
import { contractRoute } from '../contract-route.ts';
import { registerLocalHolding } from './local-holdings.service.ts';

/** Each registration hashes a password (scrypt, 128 MiB) and sends two mails: a few per address of origin per hour. */
export const LOCAL_HOLDING_RATE_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

export function registerLocalHoldings(app: FastifyInstance) {
  contractRoute(
    app,
    contracts.localHoldings.register,
    async (request) => ({ data: await registerLocalHolding(app.deps, request.body) }),
    {
      preHandler: async (request, reply) => {
        try {
          await enforceRateLimit(
            app.deps.db,
            [{ bucket: 'local-holding-register', key: request.ip }],
            LOCAL_HOLDING_RATE_LIMIT,
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
