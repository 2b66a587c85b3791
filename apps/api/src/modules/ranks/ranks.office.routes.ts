/** The office's review of rank-up requests (decision 030): list, approve (grants the rank), reject. */
import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { mailMember } from '../notifications/index.ts';
import { rankUpApprovedMail, rankUpRejectedMail, type RankUpMailRequest } from './ranks.mails.ts';
import { presentRankUp } from './ranks.presenter.ts';
import type { RankUpRow } from './ranks.repository.ts';
import { approveRankUp, officeRankUps, rejectRankUp } from './ranks.service.ts';

const mailRequest = (row: RankUpRow): RankUpMailRequest => ({
  rankName: row.toName,
  sessionName: row.trainingName,
  eventDate: row.eventDate,
});

export function registerOfficeRanks(app: FastifyInstance) {
  const db = () => app.deps.db;
  const now = () => app.deps.clock.now();

  contractRoute(app, contracts.officeRankUp.list, async () => ({ data: await officeRankUps(db(), now()) }));

  contractRoute(app, contracts.officeRankUp.approve, async (request) => {
    const { userId, request: row } = await approveRankUp(db(), {
      id: request.params.id,
      actor: currentUser(request).id,
      now: now(),
    });
    await mailMember(app.deps, userId, (reader, site) =>
      rankUpApprovedMail({ reader, request: mailRequest(row), site }),
    );
    return { data: presentRankUp(row) };
  });

  contractRoute(app, contracts.officeRankUp.reject, async (request) => {
    const { userId, request: row } = await rejectRankUp(db(), {
      id: request.params.id,
      actor: currentUser(request).id,
      reason: request.body.reason,
      now: now(),
    });
    await mailMember(app.deps, userId, (reader, site) =>
      rankUpRejectedMail({ reader, request: mailRequest(row), reason: request.body.reason, site }),
    );
    return { data: presentRankUp(row) };
  });
}
