import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema as errorBodySchemaForResponses } from '@mels/domain';
import { z } from 'zod';

/** The app with zod typing for a module's routes. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Common response map for OpenAPI: the error body for the usual statuses. */
export { errorBodySchema } from '@mels/domain';

/**
 * Responses of the workflow and office routes, whose bodies are shaped by their services: any data
 * object on success, the error body otherwise.
 */
export const workflowResponses = {
  200: z.object({ data: z.record(z.string(), z.unknown()) }),
  201: z.object({ data: z.record(z.string(), z.unknown()) }),
  400: errorBodySchemaForResponses,
  401: errorBodySchemaForResponses,
  403: errorBodySchemaForResponses,
  404: errorBodySchemaForResponses,
  409: errorBodySchemaForResponses,
};
