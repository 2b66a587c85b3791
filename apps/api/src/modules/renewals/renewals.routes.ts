/** The certificate renewal's routes (decision 034), registered from their contracts (contracts/renewals.*). */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { answer, detail, markSeen, postTests, preVideos, progress, start } from './renewals.service.ts';

const c = contracts.renewals;

export function registerRenewals(app: FastifyInstance) {
  contractRoute(app, c.start, async (req) =>
    start(app.deps, { userId: currentUser(req).id, certificateId: req.body.certificate_id }),
  );
  contractRoute(app, c.detail, async (req) =>
    detail(app.deps, { userId: currentUser(req).id, id: req.params.id }),
  );
  contractRoute(app, c.preVideos, async (req) =>
    preVideos(app.deps, { userId: currentUser(req).id, id: req.params.id }),
  );
  contractRoute(app, c.progress, async (req) =>
    progress(app.deps, { userId: currentUser(req).id, body: req.body }),
  );
  contractRoute(app, c.view, async (req) =>
    markSeen(app.deps, { userId: currentUser(req).id, body: req.body }),
  );
  contractRoute(app, c.postTests, async (req) =>
    postTests(app.deps, { userId: currentUser(req).id, id: req.params.id }),
  );
  contractRoute(app, c.answer, async (req) =>
    answer(app.deps, { userId: currentUser(req).id, body: req.body }),
  );
}
