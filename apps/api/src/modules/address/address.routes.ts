import { addressQuerySchema, addressResponseSchema, errorBodySchema, ja } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { typed } from '../http.ts';
import { lookupAddress } from './address.service.ts';

/** GET /api/v1/areas/address?postal_code=1000001: the address lookup of the registration form. */
export function registerAddress(app: FastifyInstance) {
  typed(app).get(
    '/areas/address',
    {
      schema: {
        tags: ['areas'],
        summary: 'Prefecture and district (city + town) of a 7-digit postal code',
        querystring: addressQuerySchema,
        response: { 200: addressResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const data = lookupAddress(request.query.postal_code);
      if (data.length === 0) throw notFound(ja.validation.postalCodeNoMatch);
      return { data };
    },
  );
}
