import { contracts, paginate } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../contract-route.ts';
import { REFERENCE_LIST_CACHE } from '../../plugins/http-cache.ts';
import { listUserTypes } from './user-types.repository.ts';

export function registerUserTypes(app: FastifyInstance) {
  contractRoute(
    app,
    contracts.userTypes.list,
    async () => {
      const rows = await listUserTypes(app.deps.db);
      return { data: rows, pagination: paginate(1, Math.max(rows.length, 1), rows.length) };
    },
    { cache: REFERENCE_LIST_CACHE },
  );
}
