import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { findAbout, listAboutTypes, listFlows } from './abouts.repository.ts';

const all = <T>(rows: T[]) => ({
  data: rows,
  pagination: paginate(1, Math.max(rows.length, 1), rows.length),
});

export function registerAbouts(app: FastifyInstance) {
  contractRoute(app, contracts.abouts.types, async () => all(await listAboutTypes(app.deps.db)));
  contractRoute(app, contracts.abouts.flows, async (request) =>
    all(await listFlows(app.deps.db, request.query.type)),
  );
  contractRoute(app, contracts.abouts.detail, async (request) => {
    const row = await findAbout(app.deps.db, request.params.id);
    if (!row) throw notFound();
    return { data: row };
  });
}
