import { contracts } from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  correct,
  deactivate,
  erase,
  exportMember,
  listMembers,
  memberDetail,
  reactivate,
  resendRegistration,
  sendResetLink,
  type MembersDeps,
} from './members.service.ts';

/** The office's members (issue 18, decision 042): search, a member's page, account actions, export, erasure. */
export function registerMembers(app: FastifyInstance) {
  const o = contracts.officeMembers;
  const deps = (request: FastifyRequest): MembersDeps => ({ ...app.deps, log: request.log });
  const action = (request: FastifyRequest & { params: { id: number } }) => ({
    id: request.params.id,
    actorId: currentUser(request).id,
    now: app.deps.clock.now(),
  });

  // The office is checked before the body: a member gets 403 whatever they send.

  contractRoute(app, o.list, async (request) => listMembers(app.deps, request.query));
  contractRoute(app, o.detail, async (request) => ({
    data: await memberDetail(app.deps, request.params.id),
  }));
  contractRoute(app, o.correct, async (request) => ({
    data: await correct(app.deps, { ...action(request), body: request.body }),
  }));
  contractRoute(app, o.passwordReset, async (request) => ({
    data: await sendResetLink(deps(request), action(request)),
  }));
  contractRoute(app, o.registrationMail, async (request) => ({
    data: await resendRegistration(deps(request), action(request)),
  }));
  contractRoute(app, o.deactivate, async (request) => ({
    data: await deactivate(app.deps, { ...action(request), reason: request.body.reason }),
  }));
  contractRoute(app, o.reactivate, async (request) => ({
    data: await reactivate(app.deps, { ...action(request), reason: request.body.reason }),
  }));
  contractRoute(app, o.erase, async (request) => ({
    data: await erase(deps(request), { ...action(request), reason: request.body.reason }),
  }));
  contractRoute(app, o.exportJson, async (request, reply) => {
    const file = await exportMember(app.deps, { ...action(request), format: 'json' });
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
  contractRoute(app, o.exportCsv, async (request, reply) => {
    const file = await exportMember(app.deps, { ...action(request), format: 'csv' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
}
