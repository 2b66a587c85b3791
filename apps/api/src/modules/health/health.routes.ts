import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function registerHealth(app: FastifyInstance) {
  // Outside /api/v1 and the contract table: the probes answer bare JSON for the orchestrator.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), driver: z.string() }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await app.deps.dbHandle.ping();
      if (!ok) return reply.status(503).send({ status: 'unavailable' as const });
      return { status: 'ready' as const, driver: app.deps.dbHandle.driver };
    },
  );
}
