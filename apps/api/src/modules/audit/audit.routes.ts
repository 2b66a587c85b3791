import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../contract-route.ts';
import { exportAudit, listAudit } from './audit.service.ts';

/** The office's audit log (issue 18, decision 033): search and CSV, office role only. */
export function registerAudit(app: FastifyInstance) {
  const a = contracts.officeAudit;
  contractRoute(app, a.list, async (request) => listAudit(app.deps.db, request.query));
  contractRoute(app, a.csv, async (request, reply) => {
    const csv = await exportAudit(app.deps.db, request.query, app.deps.clock.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .send(csv.body);
  });
}
