import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { enforceRateLimit, RateLimitedError } from '../../lib/rate-limit.ts';
import { forbidden } from '../../lib/errors.ts';
import { currentUser, type AuthUser } from '../../plugins/auth.ts';
import type { SessionScope } from '../office/index.ts';
import { contractRoute } from '../contract-route.ts';
import {
  approveHolding,
  assignSessionHolding,
  hostCheckIn,
  hostHolding,
  hostRoster,
  hostSessions,
  officeHoldings,
  rejectHolding,
} from './local-holdings.office.service.ts';
import { registerLocalHolding } from './local-holdings.service.ts';

/** Each registration hashes a password (scrypt, 128 MiB) and sends two mails: a few per address of origin per hour. */
export const LOCAL_HOLDING_RATE_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

export function registerLocalHoldings(app: FastifyInstance) {
  registerOfficeLocalHoldings(app);
  registerHost(app);
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

/** The office's inbox of registrations (decision 041): list, approve (the host account), reject, assign a session. */
function registerOfficeLocalHoldings(app: FastifyInstance) {
  const c = contracts.officeLocalHoldings;
  const actor = (user: AuthUser) => ({ actorId: user.id, now: app.deps.clock.now() });
  contractRoute(app, c.list, async (request) => officeHoldings(app.deps, request.query));
  contractRoute(app, c.approve, async (request) => ({
    data: await approveHolding(app.deps, { ...actor(currentUser(request)), id: request.params.id }),
  }));
  contractRoute(app, c.reject, async (request) => ({
    data: await rejectHolding(app.deps, {
      ...actor(currentUser(request)),
      id: request.params.id,
      body: request.body,
    }),
  }));
  contractRoute(app, c.assignSession, async (request) => ({
    data: await assignSessionHolding(app.deps, {
      ...actor(currentUser(request)),
      trainingId: request.params.id,
      body: request.body,
    }),
  }));
}

/** A host's view (auth 'host'): its holding, its sessions, their rosters and check-in; 404 for another's. */
function registerHost(app: FastifyInstance) {
  const c = contracts.host;
  // requireHost has checked that the account has a holding: the scope is all a host can reach.
  const scope = (user: AuthUser): SessionScope => {
    if (user.localHoldingId === null) throw forbidden();
    return { localHoldingId: user.localHoldingId };
  };
  contractRoute(app, c.holding, async (request) => ({
    data: await hostHolding(app.deps, scope(currentUser(request))),
  }));
  contractRoute(app, c.trainings, async (request) =>
    hostSessions(app.deps, {
      scope: scope(currentUser(request)),
      page: request.query.page,
      limit: request.query.limit,
    }),
  );
  contractRoute(app, c.roster, async (request) => ({
    data: await hostRoster(app.deps, { trainingId: request.params.id, scope: scope(currentUser(request)) }),
  }));
  contractRoute(app, c.checkIn, async (request) => ({
    data: await hostCheckIn(app.deps, {
      actorId: currentUser(request).id,
      now: app.deps.clock.now(),
      trainingId: request.params.id,
      code: request.body.code,
      scope: scope(currentUser(request)),
    }),
  }));
}
