import { contracts, enrollmentMessages as m, K } from '@mels/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trainingUserTypes } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { Deps } from '../../plugins/deps.ts';
import { contractRoute } from '../contract-route.ts';
import { lockRecruitment, writeAudit } from './office.repository.ts';

/**
 * POST /office/trainings/{id}/close-applications: the office ends a recruitment's application window
 * now (for example when enough applications are in, or to draw a lottery early). The end date
 * becomes now; the previous one is kept in the audit trail.
 */
export async function closeApplications(
  deps: Pick<Deps, 'db'>,
  trainingId: number,
  userTypeId: number,
  actor: number,
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const row = await lockRecruitment(tx, trainingId, userTypeId);
    if (!row) throw notFound(K.errors.notFound);
    if (now < row.applyStartDate || now > row.applyEndDate)
      throw conflict(m.windowNotOpenToClose, 'WINDOW_NOT_OPEN');
    await tx
      .update(trainingUserTypes)
      .set({ applyEndDate: now })
      .where(and(eq(trainingUserTypes.trainingId, trainingId), eq(trainingUserTypes.userTypeId, userTypeId)));
    await writeAudit(
      tx,
      actor,
      'close_applications',
      'training_user_type',
      row.id,
      { training_id: trainingId, user_type: userTypeId, previous_end: row.applyEndDate.toISOString() },
      now,
    );
    return { training_id: trainingId, user_type: userTypeId, apply_end_date: now.toISOString() };
  });
}

export function registerCloseApplications(app: FastifyInstance) {
  contractRoute(app, contracts.office.closeApplications, async (request) => ({
    data: await closeApplications(
      app.deps,
      request.params.id,
      request.body.user_type,
      currentUser(request).id,
      app.deps.clock.now(),
    ),
  }));
}
