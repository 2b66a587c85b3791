/** The certificate renewal's routes (decision 034), registered from their contracts (contracts/renewals.*). */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { detail, start } from './renewals.service.ts';

const c = contracts.renewals;

export function registerRenewals(app: FastifyInstance) {
  contractRoute(app, c.start, async (req) =>
    start(app.deps, { userId: currentUser(req).id, certificateId: req.body.certificate_id }),
  );
  contractRoute(app, c.detail, async (req) =>
    detail(app.deps, { userId: currentUser(req).id, id: req.params.id }),
  );
}
