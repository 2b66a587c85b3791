import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { userActivities, userCertificates, userLegacyHistories } from './activity.service.ts';

/** The my-page activities tab (spec 001 §2): the caller's own enrolments, certificates and older records. */
export function registerActivity(app: FastifyInstance) {
  const a = contracts.activity;

  contractRoute(app, a.trainings, async (request) => {
    const { data, total, limit } = await userActivities(
      app.deps.db,
      currentUser(request).id,
      request.query,
      app.deps.clock.now(),
    );
    return { data, pagination: paginate(request.query.page, limit, total) };
  });

  for (const endpoint of [a.certificates, a.userCertificates])
    contractRoute(app, endpoint, async (request) => ({
      data: await userCertificates(
        app.deps.db,
        app.deps.config,
        currentUser(request).id,
        app.deps.clock.now(),
      ),
    }));

  contractRoute(app, a.legacy, async (request) => ({
    data: await userLegacyHistories(app.deps.db, currentUser(request).id),
  }));
}
