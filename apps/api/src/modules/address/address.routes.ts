import { contracts, K } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { lookupAddress } from './address.service.ts';

/** GET /api/v1/areas/address?postal_code=1000001: the address lookup of the registration form. */
export function registerAddress(app: FastifyInstance) {
  contractRoute(app, contracts.address.lookup, async (request) => {
    const data = lookupAddress(request.query.postal_code);
    if (data.length === 0) throw notFound(K.validation.postalCodeNoMatch);
    return { data };
  });
}
