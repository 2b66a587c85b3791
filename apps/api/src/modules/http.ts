import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app with zod typing for a module's routes. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Common response map for OpenAPI: the error body for the usual statuses. */
export { errorBodySchema } from '@mels/domain';
