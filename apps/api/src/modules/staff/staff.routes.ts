import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { changeStaff, grantStaff, officeStaffList, removeStaff } from './staff.service.ts';

/** The office staff and their roles (office admins only; decision 041). */
export function registerStaff(app: FastifyInstance) {
  const c = contracts.officeStaff;
  const now = () => app.deps.clock.now();
  contractRoute(app, c.list, async () => ({ data: await officeStaffList(app.deps) }));
  contractRoute(app, c.grant, async (request) => ({
    data: await grantStaff(app.deps, { actorId: currentUser(request).id, now: now(), body: request.body }),
  }));
  contractRoute(app, c.change, async (request) => ({
    data: await changeStaff(app.deps, {
      actorId: currentUser(request).id,
      now: now(),
      userId: request.params.id,
      body: request.body,
    }),
  }));
  contractRoute(app, c.remove, async (request) => ({
    data: await removeStaff(app.deps, {
      actorId: currentUser(request).id,
      now: now(),
      userId: request.params.id,
    }),
  }));
}
